import {
  functionalUpdate,
  useTable,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import { Spinner } from '../spinner';
import { Pagination } from '../pagination/Pagination';
import {
  DEFAULT_COLUMN_SIZE,
  ROW_ACTIONS_COLUMN_ID,
  dataTableFeatures,
  type DataTableColumnDef,
} from './columns';
import {
  DEFAULT_PAGE_SIZE_OPTIONS,
  applyDataTableChange,
  resolveDataTableState,
  visibleRowRange,
  type DataTableState,
} from './data-table-state';
import { cellStyles, columnStyle, HeaderCell, pinnedOf } from './header-cell';
import { ColumnsMenu, PageSizeSelect, SearchBox } from './parts';

const numberFormat = new Intl.NumberFormat('es-MX');

function defaultRowId(row: unknown, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
}

export interface DataTableProps<TData extends RowData> {
  /** Accessible name of the table (its caption), e.g. 'Marcas'. */
  label: string;
  /** Column definitions from `createDataTableColumnHelper` (keep the array reference stable). */
  columns: DataTableColumnDef<TData>[];
  /** Rows of the current page as the API answered them; undefined before the first answer. */
  data: readonly TData[] | undefined;
  /** Total rows over all pages (the API's totalCount). */
  totalCount: number;
  /** Total pages (the API's totalPages); derived from totalCount and pageSize when omitted. */
  totalPages?: number;
  /** Current state; missing parts take the defaults (page 0, 10 rows, no sort, no filter). */
  state?: Partial<DataTableState>;
  /** Receives the whole next state when the user pages, sorts, changes the page size or searches. */
  onStateChange: (state: DataTableState) => void;
  /** Row key; defaults to the row's `id`, then its index. */
  getRowId?: (row: TData, index: number) => string;
  /** Renders the buttons of a row; adds the 'Acciones' column pinned to the right. */
  rowActions?: (row: TData) => ReactNode;
  /** Width in px of the 'Acciones' column. */
  rowActionsSize?: number;
  /** The first page is loading: skeleton rows. */
  isLoading?: boolean;
  /** Another page is loading while the previous rows stay visible. */
  isFetching?: boolean;
  /** The last load failed: error text and a 'Reintentar' button. */
  isError?: boolean;
  /** Called by the 'Reintentar' button. */
  onRetry?: () => void;
  /** Error text (default 'Error al cargar los datos.'). */
  errorMessage?: ReactNode;
  /** Text when there are no rows (default 'No se encontraron registros.'). */
  emptyMessage?: ReactNode;
  /** Shows the search box (label 'Buscar'); its text becomes `state.filter` after 500 ms. */
  searchable?: boolean;
  /** Placeholder of the search box. */
  searchPlaceholder?: string;
  /** Extra controls on the toolbar, e.g. filters or the add button. */
  toolbar?: ReactNode;
  /** Page sizes offered (default 10, 20, 30, 50; the current one is added when missing). */
  pageSizeOptions?: readonly number[];
  /** Ids of the columns hidden at first. */
  initialHiddenColumns?: readonly string[];
  /** Ids of the columns pinned to the left at first. */
  initialPinnedColumns?: readonly string[];
  /** Shows 'Primera página' / 'Última página' buttons. */
  showFirstLastButtons?: boolean;
  /** Classes of the scroll area; it defaults to a max height of 70vh so the header sticks. */
  scrollAreaClassName?: string;
  /** Extra classes of the outer element. */
  className?: string;
}

const EMPTY_ROWS: never[] = [];

/**
 * A server-driven data table: the app owns `state` (page, size, sort, filter), fetches the page
 * it describes and passes the rows back. Sorting, paging, page size and search go through
 * `onStateChange`; the page resets to the first one when the filter, sort or size change.
 */
export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  totalCount,
  totalPages,
  state: stateProp,
  onStateChange,
  getRowId = defaultRowId,
  rowActions,
  rowActionsSize = 120,
  isLoading = false,
  isFetching = false,
  isError = false,
  onRetry,
  errorMessage = 'Error al cargar los datos.',
  emptyMessage = 'No se encontraron registros.',
  searchable = true,
  searchPlaceholder = 'Buscar…',
  toolbar,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  initialHiddenColumns,
  initialPinnedColumns,
  showFirstLastButtons = false,
  scrollAreaClassName = 'max-h-[70vh]',
  className,
}: DataTableProps<TData>) {
  const idPrefix = useId();
  const state = resolveDataTableState(stateProp);
  const change = (patch: Partial<DataTableState>) => {
    const next = applyDataTableChange(state, patch);
    if (next !== state) onStateChange(next);
  };

  const hasRowActions = rowActions !== undefined;
  const allColumns = useMemo<DataTableColumnDef<TData>[]>(
    () =>
      hasRowActions
        ? [
            ...columns,
            {
              id: ROW_ACTIONS_COLUMN_ID,
              header: 'Acciones',
              size: rowActionsSize,
              minSize: rowActionsSize,
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
            },
          ]
        : columns,
    [columns, hasRowActions, rowActionsSize],
  );

  const pageCount = totalPages ?? Math.ceil(Math.max(0, totalCount) / state.pageSize);
  const rows = data ?? (EMPTY_ROWS as TData[]);
  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data: rows as TData[],
    getRowId,
    manualSorting: true,
    manualPagination: true,
    rowCount: totalCount,
    pageCount,
    sortDescFirst: false,
    defaultColumn: DEFAULT_COLUMN_SIZE,
    columnResizeMode: 'onChange',
    initialState: {
      columnVisibility: Object.fromEntries((initialHiddenColumns ?? []).map((id) => [id, false])),
      columnPinning: {
        start: [...(initialPinnedColumns ?? [])],
        end: hasRowActions ? [ROW_ACTIONS_COLUMN_ID] : [],
      },
    },
    state: {
      sorting: state.sorting,
      pagination: { pageIndex: state.pageIndex, pageSize: state.pageSize },
    },
    meta: { renderRowActions: rowActions as ((row: unknown) => ReactNode) | undefined },
    onSortingChange: (updater: Updater<SortingState>) =>
      change({ sorting: functionalUpdate(updater, state.sorting) }),
    onPaginationChange: (updater) =>
      change(functionalUpdate(updater, { pageIndex: state.pageIndex, pageSize: state.pageSize })),
  });

  // A page past the end (after deletions or a smaller total) moves to the last page.
  const settled = !isLoading && !isFetching && !isError && data !== undefined;
  const pastEnd = settled && pageCount > 0 && state.pageIndex > pageCount - 1;
  const changeRef = useRef(change);
  useEffect(() => {
    changeRef.current = change;
  });
  useEffect(() => {
    if (pastEnd) changeRef.current({ pageIndex: pageCount - 1 });
  }, [pastEnd, pageCount]);

  const leafColumns = table.getAllLeafColumns();
  const visibleColumnCount = table.getVisibleLeafColumns().length + 1;
  const headerGroups = table.getHeaderGroups();
  const tableRows = table.getRowModel().rows;
  const busy = isLoading || isFetching;
  const range = visibleRowRange(state, isLoading || isError ? 0 : tableRows.length, totalCount);

  const setColumnSize = (columnId: string, size: number) =>
    table.setColumnSizing((old) => ({ ...old, [columnId]: size }));

  // A spacer column before the right-pinned ones absorbs spare width, so model widths (and the
  // sticky offsets computed from them) match the rendered widths.
  function withSpacer<T extends { column: { getIsPinned: () => false | 'start' | 'end' } }>(
    items: T[],
    render: (item: T) => ReactNode,
    spacer: ReactNode,
  ): ReactNode[] {
    const endIndex = items.findIndex((item) => item.column.getIsPinned() === 'end');
    const out = items.map(render);
    out.splice(endIndex === -1 ? out.length : endIndex, 0, spacer);
    return out;
  }

  let body: ReactNode;
  if (isError) {
    body = (
      <tr>
        <td colSpan={visibleColumnCount} className="px-3 py-10 text-center">
          <div role="alert" className="flex flex-col items-center gap-3">
            <p className="text-sm font-medium text-danger">{errorMessage}</p>
            {onRetry && (
              <Button variant="secondary" size="sm" onPress={onRetry}>
                Reintentar
              </Button>
            )}
          </div>
        </td>
      </tr>
    );
  } else if (isLoading) {
    body = Array.from({ length: Math.min(state.pageSize, 10) }, (_, i) => (
      <tr key={`skeleton-${i}`} aria-hidden="true">
        {withSpacer(
          table.getVisibleLeafColumns().map((column) => ({ column })),
          ({ column }) => (
            <td
              key={column.id}
              style={columnStyle(column)}
              className={cellStyles({ pinned: pinnedOf(column) })}
            >
              <div className="h-4 w-3/4 animate-pulse rounded bg-surface-muted" />
            </td>
          ),
          <td key="__spacer" className="border-b border-border" />,
        )}
      </tr>
    ));
  } else if (tableRows.length === 0) {
    body = (
      <tr>
        <td colSpan={visibleColumnCount} className="p-3">
          <EmptyState title={emptyMessage} className="border-0 py-8" />
        </td>
      </tr>
    );
  } else {
    body = tableRows.map((row) => (
      <tr key={row.id} className="group/row">
        {withSpacer(
          row.getVisibleCells(),
          (cell) => (
            <td
              key={cell.id}
              style={columnStyle(cell.column)}
              className={cellStyles({
                pinned: pinnedOf(cell.column),
                align: cell.column.columnDef.meta?.align ?? 'start',
                className: 'overflow-hidden text-sm text-fg group-hover/row:bg-surface-muted',
              })}
            >
              <table.FlexRender cell={cell} />
            </td>
          ),
          <td
            key="__spacer"
            aria-hidden="true"
            className="border-b border-border group-hover/row:bg-surface-muted"
          />,
        )}
      </tr>
    ));
  }

  return (
    <div className={['flex min-w-0 flex-col gap-3', className].filter(Boolean).join(' ')}>
      <div className="flex flex-wrap items-end gap-2">
        {searchable && (
          <SearchBox
            filter={state.filter}
            onSearch={(filter) => change({ filter })}
            placeholder={searchPlaceholder}
          />
        )}
        <div className="ms-auto flex flex-wrap items-center gap-2">
          {toolbar}
          <ColumnsMenu
            columns={leafColumns}
            onVisibilityChange={(visible) =>
              table.setColumnVisibility((old) => ({
                ...old,
                ...Object.fromEntries(
                  leafColumns.filter((c) => c.getCanHide()).map((c) => [c.id, visible.has(c.id)]),
                ),
              }))
            }
            onPinnedChange={(pinned) =>
              table.setColumnPinning((old) => ({
                start: leafColumns.filter((c) => pinned.has(c.id)).map((c) => c.id),
                end: old.end ?? [],
              }))
            }
          />
        </div>
      </div>

      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={[
          'relative overflow-auto rounded-lg border border-border bg-surface',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
          scrollAreaClassName,
        ].join(' ')}
      >
        <table
          aria-busy={busy || undefined}
          className="w-full table-fixed border-separate border-spacing-0"
        >
          <caption className="sr-only">{label}</caption>
          <thead>
            {headerGroups.map((group) => (
              <tr key={group.id}>
                {withSpacer(
                  group.headers,
                  (header) => (
                    <HeaderCell
                      key={header.id}
                      header={header}
                      titleId={`${idPrefix}-${header.id}`}
                      onKeyboardResize={setColumnSize}
                      renderTitle={() => <table.FlexRender header={header} />}
                    />
                  ),
                  <td
                    key="__spacer"
                    aria-hidden="true"
                    className="sticky top-0 z-[2] border-b border-border bg-surface-muted"
                  />,
                )}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <p className="text-sm text-fg-muted" role="status">
            {isLoading
              ? 'Cargando datos…'
              : range.from === 0
                ? `Mostrando 0 de ${numberFormat.format(range.total)}`
                : `Mostrando ${numberFormat.format(range.from)}–${numberFormat.format(range.to)} de ${numberFormat.format(range.total)}`}
          </p>
          {isFetching && !isLoading && <Spinner size="sm" label="Actualizando datos" />}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <PageSizeSelect
            pageSize={state.pageSize}
            options={pageSizeOptions}
            onChange={(pageSize) => change({ pageSize })}
          />
          <Pagination
            page={state.pageIndex + 1}
            totalPages={pageCount}
            onPageChange={(page) => change({ pageIndex: page - 1 })}
            showFirstLastButtons={showFirstLastButtons}
            isDisabled={isLoading}
          />
        </div>
      </div>
    </div>
  );
}
