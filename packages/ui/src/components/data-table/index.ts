export { DataTable, type DataTableProps } from './DataTable';
export { SEARCH_DEBOUNCE_MS } from './parts';
export {
  DEFAULT_COLUMN_SIZE,
  ROW_ACTIONS_COLUMN_ID,
  columnSizes,
  createDataTableColumnHelper,
  dataTableFeatures,
  type DataTableColumnDef,
  type DataTableColumnMeta,
  type DataTableFeatures,
} from './columns';
export {
  DEFAULT_DATA_TABLE_STATE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  applyDataTableChange,
  pageSizeOptionsFor,
  resolveDataTableState,
  type ColumnSort,
  type DataTableState,
} from './data-table-state';
export { useDataTableState } from './use-data-table-state';
export { useDebouncedCallback, type DebouncedCallback } from './use-debounced-callback';
