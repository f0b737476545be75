import type { OptionPagesParams, PagedOptionsResource } from '@anaquel/api';
import { ComboBox } from '@anaquel/ui';
import { useOptionList } from './options-fields';

export interface FilterComboBoxProps<R extends PagedOptionsResource> {
  label: string;
  /** The records offered (`GET {resource}/options`, paged and searched on the server). */
  resource: R;
  /** The filters of the options (the cascade's earlier choices). */
  params?: OptionPagesParams<R>;
  /** spec 2 §8: 'Error al cargar las campañas' and similar, shown under the field. */
  errorMessage: string;
  /** The chosen id, or null for every record. */
  value: number | null;
  onChange: (id: number | null) => void;
  /** What the empty field means ('Todas', 'Todos'): clearing the text filters by none. */
  allLabel?: string;
  /** The field's width in its row of filters (e.g. two a row on a phone). */
  className?: string;
}

/**
 * A list filter (spec 2 §2) over a record of another resource (the surveys' cascade, the
 * gallery's records): the paged, searchable
 * options of issue 13 (first page when opened, server search from the third character, the
 * chosen record always named); an empty field is "all".
 */
export function FilterComboBox<R extends PagedOptionsResource>({
  label,
  resource,
  params,
  errorMessage,
  value,
  onChange,
  allLabel = 'Todos',
  className = '',
}: FilterComboBoxProps<R>) {
  const options = useOptionList(resource, {
    errorMessage,
    params,
    selectedIds: value === null ? [] : [value],
  });
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <ComboBox
        label={label}
        placeholder={allLabel}
        {...options.fieldProps}
        selectedItem={options.selectedItems.find((item) => item.id === value) ?? null}
        value={value}
        onChange={(key) => onChange(key === null ? null : Number(key))}
      />
      {options.error}
    </div>
  );
}
