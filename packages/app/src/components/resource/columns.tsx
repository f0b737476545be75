import {
  YesNo,
  formatDate,
  formatPoints,
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

/** The sizes, sorting and alignment of a column (TanStack's column options). */
type ColumnSpec = Omit<Parameters<typeof helper.accessor>[1], 'id' | 'header' | 'cell'>;

/** A column of the field `id` titled `header`, whose `cell` shows its value (of type V). */
function accessorColumn<Row extends AnyRow, V>(
  id: keyof Row & string,
  header: string,
  spec: ColumnSpec,
  cell: (value: V) => ReactNode,
): DataTableColumnDef<Row> {
  return helper.accessor(id, {
    id,
    header,
    ...spec,
    cell: (info) => cell(info.getValue() as V),
  }) as DataTableColumnDef<Row>;
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
  return accessorColumn<Row, string | null | undefined>(
    id,
    header,
    { ...columnSizes.text, enableSorting: sortable },
    (value) => (value ? <Truncated text={value} /> : <Muted>{placeholder}</Muted>),
  );
}

/** A list of names (a campaign's clients, a region's states) joined with commas. */
export function namesColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  { placeholder = PLACEHOLDERS.empty }: { placeholder?: string } = {},
): DataTableColumnDef<Row> {
  return accessorColumn<Row, string[] | null | undefined>(
    id,
    header,
    { ...columnSizes.text, enableSorting: false },
    (names) =>
      names?.length ? <Truncated text={names.join(', ')} /> : <Muted>{placeholder}</Muted>,
  );
}

/** A yes/no flag, 80 px ('Activo'). */
export function flagColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  { sortable = true }: ColumnOptions = {},
): DataTableColumnDef<Row> {
  return accessorColumn<Row, unknown>(
    id,
    header,
    { ...columnSizes.flag, enableSorting: sortable, meta: { align: 'center', label: header } },
    (value) => <YesNo value={Boolean(value)} />,
  );
}

/** A date column; an empty value shows 'Sin fecha'. */
export function dateColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  { sortable = true }: ColumnOptions = {},
): DataTableColumnDef<Row> {
  return accessorColumn<Row, string | null | undefined>(
    id,
    header,
    { size: 120, minSize: 100, maxSize: 200, enableSorting: sortable },
    (value) => (value ? formatDate(value) : <Muted>{PLACEHOLDERS.date}</Muted>),
  );
}

/**
 * A number right-aligned in es-MX with at most 2 decimals (spec 2 §2: points; also order and
 * counts); an empty value shows `placeholder`.
 */
export function numberColumn<Row extends AnyRow>(
  id: keyof Row & string,
  header: string,
  {
    sortable = true,
    placeholder = PLACEHOLDERS.empty,
  }: ColumnOptions & { placeholder?: string } = {},
): DataTableColumnDef<Row> {
  return accessorColumn<Row, number | null | undefined>(
    id,
    header,
    {
      size: 110,
      minSize: 80,
      maxSize: 160,
      enableSorting: sortable,
      meta: { align: 'end', label: header },
    },
    (value) =>
      value == null ? (
        <Muted>{placeholder}</Muted>
      ) : (
        <span className="tabular-nums">{formatPoints(value)}</span>
      ),
  );
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
