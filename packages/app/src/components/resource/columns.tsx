import {
  YesNo,
  formatDate,
  columnSizes,
  createDataTableColumnHelper,
  type DataTableColumnDef,
} from '@anaquel/ui';
import type { ReactNode } from 'react';

// Column builders for the master-data lists (spec 2 §2 "Table columns"): text 200 px within
// 150..300, flags 80 px, and the spec's placeholders for empty values. The column id is the API's
// sort key; columns the API cannot sort pass `sortable: false`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any list (TanStack's RowData)
type AnyRow = Record<string, any>;

export const PLACEHOLDERS = {
  description: 'Sin descripción',
  date: 'Sin fecha',
  state: 'Sin estado',
  empty: '—',
} as const;

const helper = createDataTableColumnHelper<AnyRow>();

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-fg-muted italic">{children}</span>;
}

function Truncated({ text }: { text: string }) {
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}

interface ColumnOptions {
  /** Whether the API sorts by this column (default true). */
  sortable?: boolean;
}

/** A text column; an empty value shows `placeholder` ('Sin descripción'...). */
export function textColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  {
    placeholder = PLACEHOLDERS.empty,
    sortable = true,
  }: ColumnOptions & { placeholder?: string } = {},
): DataTableColumnDef<Row> {
  return helper.accessor(id, {
    id,
    header,
    ...columnSizes.text,
    enableSorting: sortable,
    cell: (info) => {
      const value = info.getValue() as string | null | undefined;
      return value ? <Truncated text={value} /> : <Muted>{placeholder}</Muted>;
    },
  }) as DataTableColumnDef<Row>;
}

/** A list of names (a campaign's clients, a region's states) joined with commas. */
export function namesColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  { placeholder = PLACEHOLDERS.empty }: { placeholder?: string } = {},
): DataTableColumnDef<Row> {
  return helper.accessor(id, {
    id,
    header,
    ...columnSizes.text,
    enableSorting: false,
    cell: (info) => {
      const names = (info.getValue() as string[] | null | undefined) ?? [];
      return names.length ? <Truncated text={names.join(', ')} /> : <Muted>{placeholder}</Muted>;
    },
  }) as DataTableColumnDef<Row>;
}

/** A yes/no flag, 80 px ('Activo'). */
export function flagColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  { sortable = true }: ColumnOptions = {},
): DataTableColumnDef<Row> {
  return helper.accessor(id, {
    id,
    header,
    ...columnSizes.flag,
    enableSorting: sortable,
    meta: { align: 'center', label: header },
    cell: (info) => <YesNo value={Boolean(info.getValue())} />,
  }) as DataTableColumnDef<Row>;
}

/** A date column; an empty value shows 'Sin fecha'. */
export function dateColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  { sortable = true }: ColumnOptions = {},
): DataTableColumnDef<Row> {
  return helper.accessor(id, {
    id,
    header,
    size: 120,
    minSize: 100,
    maxSize: 200,
    enableSorting: sortable,
    cell: (info) => {
      const value = info.getValue() as string | null | undefined;
      return value ? formatDate(value) : <Muted>{PLACEHOLDERS.date}</Muted>;
    },
  }) as DataTableColumnDef<Row>;
}

/** The usual trio of the named master data: name, description, active (spec 2 §2). */
export function namedColumns<
  Row extends AnyRow & { name: string; description: string | null; isActive: boolean },
>(): DataTableColumnDef<Row>[] {
  return [
    textColumn<Row>('name', 'Nombre'),
    textColumn<Row>('description', 'Descripción', { placeholder: PLACEHOLDERS.description }),
    flagColumn<Row>('isActive', 'Activo'),
  ];
}
