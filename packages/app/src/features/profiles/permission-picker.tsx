import { permissionsQueryOptions, type Permission } from '@anaquel/api';
import { Checkbox, Spinner } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import {
  groupPermissions,
  groupSelection,
  toggleGroup,
  togglePermission,
  type PermissionGroup,
} from './permission-selection';

export interface PermissionPickerProps {
  /** Chosen permission ids. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  /** The error to show (already filtered by touched state), if any. */
  errorMessage?: string;
  isDisabled?: boolean;
}

/**
 * The profile's permissions (spec 2 §5): `GET /permissions` (cached 1440 min) grouped by
 * 'Area/Subgroup', a 'Seleccionar todo' per subgroup, and a non-VIEW choice pulls in its VIEW.
 */
export function PermissionPicker({
  value,
  onChange,
  onBlur,
  errorMessage,
  isDisabled,
}: PermissionPickerProps) {
  const labelId = useId();
  const errorId = useId();
  const catalogue = useQuery(permissionsQueryOptions());
  const permissions = catalogue.data as Permission[] | undefined;
  const areas = useMemo(() => groupPermissions(permissions ?? []), [permissions]);

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={errorMessage ? errorId : undefined}
      aria-invalid={errorMessage ? true : undefined}
      onBlur={(event) => {
        // Touched once focus leaves the whole picker.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
      }}
      className="flex flex-col gap-3"
    >
      <span id={labelId} className="text-sm font-medium text-fg">
        Permisos{' '}
        <span aria-hidden="true" className="text-danger">
          *
        </span>
      </span>
      {catalogue.isPending ? (
        <Spinner label="Cargando permisos" />
      ) : catalogue.isError ? (
        <p role="alert" className="text-sm text-danger">
          Error al cargar permisos
        </p>
      ) : (
        areas.map(({ area, groups }) => (
          <section key={area} aria-label={area} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-fg-muted">{area}</h3>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {groups.map((group) => (
                <SubgroupCard
                  key={group.key}
                  group={group}
                  value={value}
                  catalogue={permissions ?? []}
                  onChange={onChange}
                  isDisabled={isDisabled}
                />
              ))}
            </div>
          </section>
        ))
      )}
      {errorMessage && (
        <p id={errorId} className="text-sm text-danger">
          {errorMessage}
        </p>
      )}
    </div>
  );
}

function SubgroupCard({
  group,
  value,
  catalogue,
  onChange,
  isDisabled,
}: {
  group: PermissionGroup;
  value: readonly number[];
  catalogue: readonly Permission[];
  onChange: (ids: number[]) => void;
  isDisabled?: boolean;
}) {
  const state = groupSelection(value, group);
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold text-fg">{group.subgroup}</legend>
      <Checkbox
        aria-label={`Seleccionar todo: ${group.subgroup}`}
        isSelected={state === 'all'}
        isIndeterminate={state === 'some'}
        isDisabled={isDisabled}
        onChange={(on) => onChange(toggleGroup(value, group, on))}
        className="font-medium"
      >
        Seleccionar todo
      </Checkbox>
      <div className="flex flex-col gap-1.5 ps-6">
        {group.permissions.map((permission) => (
          <Checkbox
            key={permission.id}
            isSelected={value.includes(permission.id)}
            isDisabled={isDisabled}
            onChange={(on) => onChange(togglePermission(value, permission, on, catalogue))}
          >
            {permission.description}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
}
