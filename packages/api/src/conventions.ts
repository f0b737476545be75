// The API's list conventions (ARCHITECTURE §2), in one place: the page shape, the paged query
// parameters, the `Sort` encoding and the contract's defaults. Screens and tables stay unaware.
import {
  CONTRACT_OPTIONS_TAKE,
  CONTRACT_PAGE_SIZE,
  CONTRACT_SORT_COLUMNS,
} from './generated/values';
import type { PagedParams, PagedResource } from './resources/resource';

/** Default `PageSize` of `GET {resource}/paged` (the contract's default). */
export const DEFAULT_PAGE_SIZE: number = CONTRACT_PAGE_SIZE;
/** Default `Take` of `GET {resource}/options` (the contract's default). */
export const DEFAULT_OPTIONS_TAKE: number = CONTRACT_OPTIONS_TAKE;

/** One sorted column, as a table describes it (TanStack's `ColumnSort`). */
export interface ColumnSort {
  /** Column id; it is also the sort key the API whitelists. */
  id: string;
  /** Whether the order is descending. */
  desc: boolean;
}

/**
 * Turns table sorting into the API's repeatable `Sort` parameter: the column id, with a '-' prefix
 * for descending order (['name', '-code']).
 */
export function toApiSort(sorting: readonly ColumnSort[]): string[] {
  return sorting.map(({ id, desc }) => (desc ? `-${id}` : id));
}

/** What a server-driven table knows: 0-based page, size, sorting and search text. */
export interface ListState {
  pageIndex: number;
  pageSize: number;
  sorting: readonly ColumnSort[];
  filter: string;
}

/**
 * `GET {resource}/paged` parameters for a table state: Filter trimmed, Page = pageIndex + 1, and
 * Sort limited to the list's sortable columns (the contract's enum, so the typing holds).
 */
export function pagedQuery<R extends PagedResource>(resource: R, state: ListState): PagedParams<R> {
  const filter = state.filter.trim();
  const sortable = sortableColumns(resource);
  const sort = toApiSort(state.sorting.filter((column) => sortable.has(column.id)));
  return {
    Page: state.pageIndex + 1,
    PageSize: state.pageSize,
    ...(filter ? { Filter: filter } : {}),
    ...(sort.length ? { Sort: sort } : {}),
  } as PagedParams<R>;
}

/** The columns a paged list can be sorted by (the contract's `Sort` enum): `sortableColumns('/brands')`. */
export function sortableColumns(resource: string): ReadonlySet<string> {
  const columns = (CONTRACT_SORT_COLUMNS as Record<string, readonly string[]>)[`${resource}/paged`];
  return new Set(columns ?? []);
}
