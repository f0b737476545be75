/** One sorted column as TanStack Table describes it. */
export interface ColumnSort {
  /** Column id; it is also the sort key the API whitelists (the app sends it, see @anaquel/api). */
  id: string;
  /** Whether the order is descending. */
  desc: boolean;
}

/** The server-driven state of a DataTable; the app sends it to `GET {resource}/paged`. */
export interface DataTableState {
  /** Current page, 0-based (the API's Page is pageIndex + 1). */
  pageIndex: number;
  /** Rows per page. */
  pageSize: number;
  /** Sorted columns in order of precedence. */
  sorting: ColumnSort[];
  /** Trimmed search text (the API's Filter); '' when there is none. */
  filter: string;
}

// spec 1 §2 and spec 2 §9: default page index 0 and page size 10.
export const DEFAULT_DATA_TABLE_STATE: Readonly<DataTableState> = Object.freeze({
  pageIndex: 0,
  pageSize: 10,
  sorting: [],
  filter: '',
});

// spec 2 §9: page sizes 10, 20, 30, 50; the current size is added when it is not one of them.
export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 30, 50];

/** Fills the missing parts of a (partial) table state with the defaults. */
export function resolveDataTableState(state: Partial<DataTableState> | undefined): DataTableState {
  return {
    pageIndex: state?.pageIndex ?? DEFAULT_DATA_TABLE_STATE.pageIndex,
    pageSize: state?.pageSize ?? DEFAULT_DATA_TABLE_STATE.pageSize,
    sorting: state?.sorting ?? [],
    filter: state?.filter ?? '',
  };
}

function sameSorting(a: readonly ColumnSort[], b: readonly ColumnSort[]): boolean {
  return a.length === b.length && a.every((s, i) => s.id === b[i]?.id && s.desc === b[i]?.desc);
}

/**
 * Applies a change to the table state. spec 2 §4: the page goes back to the first one whenever the
 * filter, the sort or the page size changes. Returns `prev` itself when nothing changed.
 */
export function applyDataTableChange(
  prev: DataTableState,
  change: Partial<DataTableState>,
): DataTableState {
  const next: DataTableState = { ...prev, ...change };
  const resetsPage =
    next.filter !== prev.filter ||
    next.pageSize !== prev.pageSize ||
    !sameSorting(next.sorting, prev.sorting);
  if (resetsPage) next.pageIndex = 0;
  const unchanged =
    !resetsPage && next.pageIndex === prev.pageIndex && next.sorting === prev.sorting;
  return unchanged ? prev : next;
}

/** The page-size choices to offer: the defaults plus the current size, ascending. */
export function pageSizeOptionsFor(
  current: number,
  options: readonly number[] = DEFAULT_PAGE_SIZE_OPTIONS,
): number[] {
  return [...new Set([...options, current])].sort((a, b) => a - b);
}

/** The 1-based row range shown and the total, for the 'Mostrando 1–10 de 42' text. */
export function visibleRowRange(
  state: Pick<DataTableState, 'pageIndex' | 'pageSize'>,
  rowsOnPage: number,
  totalCount: number,
): { from: number; to: number; total: number } {
  if (rowsOnPage <= 0 || totalCount <= 0) return { from: 0, to: 0, total: Math.max(0, totalCount) };
  const from = state.pageIndex * state.pageSize + 1;
  return { from, to: from + rowsOnPage - 1, total: totalCount };
}
