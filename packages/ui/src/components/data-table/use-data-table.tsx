import {
  functionalUpdate,
  useTable,
  type ReactTable,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  DEFAULT_COLUMN_SIZE,
  ROW_ACTIONS_COLUMN_ID,
  dataTableFeatures,
  type DataTableColumnDef,
  type DataTableFeatures,
} from './columns';
import {
  applyDataTableChange,
  resolveDataTableState,
  type DataTableState,
} from './data-table-state';
import type { DataTableProps } from './DataTable';

/** The TanStack table a DataTable renders. */
export type DataTableInstance<TData extends RowData> = ReactTable<DataTableFeatures, TData>;

/** What `useDataTable` needs: the DataTable props that shape the table model. */
type DataTableModelInput<TData extends RowData> = Pick<
  DataTableProps<TData>,
  | 'columns'
  | 'data'
  | 'totalCount'
  | 'totalPages'
  | 'state'
  | 'onStateChange'
  | 'rowActions'
  | 'initialHiddenColumns'
  | 'initialPinnedColumns'
> & {
  getRowId: (row: TData, index: number) => string;
  rowActionsSize: number;
  /** Whether the rows on screen answer `state` (no load running or failed). */
  settled: boolean;
};

const EMPTY_ROWS: never[] = [];

/** The 'Acciones' column, pinned to the right, rendering `meta.renderRowActions`. */
function rowActionsColumn<TData extends RowData>(size: number): DataTableColumnDef<TData> {
  return {
    id: ROW_ACTIONS_COLUMN_ID,
    header: 'Acciones',
    size,
    minSize: size,
    enableSorting: false,
    enableHiding: false,
    enableResizing: false,
    enablePinning: false,
    meta: { align: 'end' },
    cell: ({ row, table }) => (
      <div className="flex items-center justify-end gap-1">
        {table.options.meta?.renderRowActions?.(row.original)}
      </div>
    ),
  };
}

/**
 * The table model of a DataTable: the resolved state, `change` (which applies the page-reset
 * rule and reports only real changes), the page count and the TanStack table with manual
 * sorting and paging. A page past the end (after deletions or a smaller total) moves to the
 * last page once the rows are settled.
 */
export function useDataTable<TData extends RowData>(input: DataTableModelInput<TData>) {
  const { columns, data, totalCount, rowActions, rowActionsSize } = input;
  const state = resolveDataTableState(input.state);
  const change = (patch: Partial<DataTableState>) => {
    const next = applyDataTableChange(state, patch);
    if (next !== state) input.onStateChange(next);
  };

  const hasRowActions = rowActions !== undefined;
  const allColumns = useMemo(
    () => (hasRowActions ? [...columns, rowActionsColumn<TData>(rowActionsSize)] : columns),
    [columns, hasRowActions, rowActionsSize],
  );
  const pageCount = input.totalPages ?? Math.ceil(Math.max(0, totalCount) / state.pageSize);
  const pagination = { pageIndex: state.pageIndex, pageSize: state.pageSize };
  const table: DataTableInstance<TData> = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data: (data ?? EMPTY_ROWS) as TData[],
    getRowId: input.getRowId,
    manualSorting: true,
    manualPagination: true,
    rowCount: totalCount,
    pageCount,
    sortDescFirst: false,
    defaultColumn: DEFAULT_COLUMN_SIZE,
    columnResizeMode: 'onChange',
    initialState: {
      columnVisibility: Object.fromEntries(
        (input.initialHiddenColumns ?? []).map((id) => [id, false]),
      ),
      columnPinning: {
        start: [...(input.initialPinnedColumns ?? [])],
        end: hasRowActions ? [ROW_ACTIONS_COLUMN_ID] : [],
      },
    },
    state: { sorting: state.sorting, pagination },
    meta: { renderRowActions: rowActions as ((row: unknown) => ReactNode) | undefined },
    onSortingChange: (updater: Updater<SortingState>) =>
      change({ sorting: functionalUpdate(updater, state.sorting) }),
    onPaginationChange: (updater) => change(functionalUpdate(updater, pagination)),
  });

  const pastEnd = input.settled && pageCount > 0 && state.pageIndex > pageCount - 1;
  const changeRef = useRef(change);
  useEffect(() => {
    changeRef.current = change;
  });
  useEffect(() => {
    if (pastEnd) changeRef.current({ pageIndex: pageCount - 1 });
  }, [pastEnd, pageCount]);

  return { table, state, change, pageCount };
}
