import type { RowData } from '@tanstack/react-table';
import { memo, useId, type ReactNode } from 'react';
import type { DataTableColumnDef } from './columns';
import { DataTableBody } from './data-table-body';
import { DataTableFooter } from './data-table-footer';
import { DataTableHead } from './data-table-head';
import { DEFAULT_PAGE_SIZE_OPTIONS, type DataTableState } from './data-table-state';
import { DataTableToolbar } from './data-table-toolbar';
import { useDataTable } from './use-data-table';

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

function DataTableView<TData extends RowData>({
  label,
  getRowId = defaultRowId,
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
  showFirstLastButtons = false,
  scrollAreaClassName = 'max-h-[70vh]',
  className,
  ...model
}: DataTableProps<TData>) {
  const idPrefix = useId();
  const load = { isLoading, isFetching, isError };
  const settled = !isLoading && !isFetching && !isError && model.data !== undefined;
  const { table, state, change, pageCount } = useDataTable({
    ...model,
    getRowId,
    rowActionsSize,
    settled,
  });
  const search = { filter: state.filter, onSearch: (filter: string) => change({ filter }) };
  const rowsOnPage = isLoading || isError ? 0 : table.getRowModel().rows.length;
  // The menus' code comes once the first rows (or the error) have painted (issue #20); the
  // toolbar and the footer each wait for it, so its arrival re-renders them, not the rows.
  const menusReady = (!isLoading && model.data !== undefined) || isError;

  return (
    <div className={['flex min-w-0 flex-col gap-3', className].filter(Boolean).join(' ')}>
      <DataTableToolbar
        table={table}
        search={searchable ? { ...search, placeholder: searchPlaceholder } : undefined}
        toolbar={toolbar}
        menusReady={menusReady}
      />
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
          aria-busy={isLoading || isFetching || undefined}
          className="w-full table-fixed border-separate border-spacing-0"
        >
          <caption className="sr-only">{label}</caption>
          <DataTableHead table={table} idPrefix={idPrefix} />
          <DataTableBody
            table={table}
            pageSize={state.pageSize}
            {...load}
            messages={{ errorMessage, emptyMessage, onRetry }}
          />
        </table>
      </div>
      <DataTableFooter
        state={state}
        rowsOnPage={rowsOnPage}
        totalCount={model.totalCount}
        pageCount={pageCount}
        {...load}
        pageSizeOptions={pageSizeOptions}
        showFirstLastButtons={showFirstLastButtons}
        onChange={change}
        menusReady={menusReady}
      />
    </div>
  );
}

/**
 * A server-driven data table: the app owns `state` (page, size, sort, filter), fetches the page
 * it describes and passes the rows back. Sorting, paging, page size and search go through
 * `onStateChange`; the page resets to the first one when the filter, sort or size change.
 *
 * Memoized: a screen re-rendered by something the table does not show (a router update, a
 * deferred value still on its way, a query the table does not read) leaves the table and its rows
 * alone when it passes the same props, so keep them stable (columns and row actions at module
 * level, callbacks and the toolbar memoized).
 */
export const DataTable = memo(DataTableView) as typeof DataTableView;
