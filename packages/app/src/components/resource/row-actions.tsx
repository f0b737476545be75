import type { PagedRow } from '@anaquel/api';
import { Button, Link, PencilIcon, TrashIcon } from '@anaquel/ui';
import { useMemo, type ComponentType } from 'react';
import { useAuthStore } from '../../stores/auth-store';
import type { MasterResource, ResourceDefinition, RowButton } from './definition';
import type { EntityTexts } from './labels';
import type { ResourcePermissions } from './use-resource-permissions';

const BUTTON_WIDTH = 36;
const NO_PERMISSIONS: readonly string[] = [];

/** The extra row buttons the signed-in user holds the permission of. */
export function usePermittedButtons<Row>(
  rowButtons: readonly RowButton<Row>[] | undefined,
): RowButton<Row>[] | undefined {
  const permissions = useAuthStore((s) => s.user?.permissions ?? NO_PERMISSIONS);
  return useMemo(
    () =>
      rowButtons?.filter((button) => !button.permission || permissions.includes(button.permission)),
    [rowButtons, permissions],
  );
}

/** The most buttons a row shows: its links, the permitted extra buttons, 'Editar', 'Eliminar'. */
export function rowButtonCount<R extends MasterResource>(
  definition: Pick<ResourceDefinition<R>, 'rowLinks'>,
  buttons: readonly RowButton<PagedRow<R>>[] | undefined,
  can: ResourcePermissions,
): number {
  return (
    (definition.rowLinks?.length ?? 0) +
    (buttons?.length ?? 0) +
    Number(can.update) +
    Number(can.delete)
  );
}

/** The width of the actions column: room for every button a row may show. */
export function rowActionsWidth(buttonCount: number): number {
  return Math.max(90, 24 + BUTTON_WIDTH * buttonCount);
}

/** One icon button of a row, named for the row ('Editar Coca-Cola'). */
function RowIconButton({
  label,
  icon: Icon,
  iconClassName,
  onPress,
}: {
  label: string;
  icon: ComponentType<{ className?: string }>;
  iconClassName?: string;
  onPress: () => void;
}) {
  return (
    <Button variant="icon" size="sm" aria-label={label} onPress={onPress}>
      <Icon className={iconClassName ? `size-4 ${iconClassName}` : 'size-4'} />
    </Button>
  );
}

export interface RowActionsProps<R extends MasterResource> {
  row: PagedRow<R>;
  definition: Pick<ResourceDefinition<R>, 'rowName' | 'rowLinks' | 'canDelete'>;
  buttons: readonly RowButton<PagedRow<R>>[] | undefined;
  can: ResourcePermissions;
  texts: EntityTexts;
  onEdit: (row: PagedRow<R>) => void;
  onDelete: (row: PagedRow<R>) => void;
}

/** A row's buttons: its links, its extra buttons, then 'Editar' and 'Eliminar' by permission. */
export function RowActions<R extends MasterResource>({
  row,
  definition,
  buttons,
  can,
  texts,
  onEdit,
  onDelete,
}: RowActionsProps<R>) {
  const name = definition.rowName(row);
  return (
    <>
      {definition.rowLinks?.map((link) => (
        <Link
          key={link.href(row)}
          href={link.href(row)}
          variant="ghost"
          aria-label={link.label(name)}
          className="h-8 w-8 px-0"
        >
          <link.icon className="size-4" />
        </Link>
      ))}
      {buttons
        ?.filter((button) => button.isShown?.(row) ?? true)
        .map((button) => (
          <RowIconButton
            key={button.label(name)}
            label={button.label(name)}
            icon={button.icon}
            onPress={() => button.onPress(row)}
          />
        ))}
      {can.update && (
        <RowIconButton label={texts.editRow(name)} icon={PencilIcon} onPress={() => onEdit(row)} />
      )}
      {can.delete && (definition.canDelete?.(row) ?? true) && (
        <RowIconButton
          label={texts.deleteRow(name)}
          icon={TrashIcon}
          iconClassName="text-danger"
          onPress={() => onDelete(row)}
        />
      )}
    </>
  );
}
