import {
  columnPinningFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** Extra per-column settings the DataTable understands (`meta` of a column definition). */
export interface DataTableColumnMeta {
  /** Name used in the 'Columnas' menu and the resize handle when the header is not plain text. */
  label?: string;
  /** Horizontal alignment of the header and cells (numbers and points: 'end'). */
  align?: 'start' | 'center' | 'end';
}

/** Table-level settings DataTable passes to its cells (`table.options.meta`). */
export interface DataTableMeta {
  /** Renders the row-actions cell; set from DataTable's `rowActions` prop. */
  renderRowActions?: (row: unknown) => ReactNode;
}

/**
 * The TanStack Table features every DataTable registers. Processing is server-side: sorting and
 * pagination are manual, so no client row models are registered.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnPinningFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
  tableMeta: metaHelper<DataTableMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

/** A column definition for `DataTable` rows of type TData. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of one table hold different value types
export type DataTableColumnDef<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/**
 * A typed column helper for DataTable columns. The column id (accessor key or `id`) is also the
 * API sort key the app sends; set `enableSorting: false` on columns the API cannot sort.
 *
 * ```ts
 * const col = createDataTableColumnHelper<Brand>();
 * const columns = col.columns([
 *   col.accessor('name', { header: 'Nombre', ...columnSizes.text }),
 *   col.accessor('isActive', { header: 'Activo', ...columnSizes.flag, cell: (c) => <YesNo value={c.getValue()} /> }),
 * ]);
 * ```
 */
export function createDataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

// spec 1 §9 / spec 2 §2: default 150 (min 20); text 200 within 150..300; flags and images 80.
export const DEFAULT_COLUMN_SIZE = { size: 150, minSize: 20, maxSize: 1000 } as const;

/** Width presets to spread into a column definition. */
export const columnSizes = {
  /** Free text (names, descriptions): 200 px, resizable between 150 and 300. */
  text: { size: 200, minSize: 150, maxSize: 300 },
  /** Yes/no flags (active, NA, optional): 80 px. */
  flag: { size: 80, minSize: 80, maxSize: 80, enableResizing: false },
  /** Image thumbnails and image counts: 80 px. */
  image: { size: 80, minSize: 80, maxSize: 80, enableResizing: false, enableSorting: false },
} as const;

/** Id of the row-actions column added by DataTable when `rowActions` is given. */
export const ROW_ACTIONS_COLUMN_ID = 'actions';
