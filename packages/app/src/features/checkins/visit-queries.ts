import {
  DEFAULT_PAGE_SIZE,
  checkInsQueryOptions,
  promotersQueryOptions,
  toApiSort,
  type CheckInListParams,
} from '@anaquel/api';
import { resolveDataTableState, type DataTableState } from '@anaquel/ui';
import type { ScreenPrefetch } from '../../app/screen-table';
import { outOfRangeFromParams, visitRangeFromParams } from './visit-dates';

// The list's first query, in a module of its own: a first load of /checkins starts it as soon as
// the session is renewed, while the screen's code (the table, its cells, the filters) is still
// arriving, instead of once all of it has been fetched and evaluated (issue #20, LCP on a phone).

/** The list's filters in the URL: the date window and, for holders of VIEW_USERS, the promoter. */
export function visitFilters(params: URLSearchParams, permissions: readonly string[]) {
  const canFilterByPromoter = permissions.includes('VIEW_USERS');
  const promoterParam = Number(params.get('promoterId'));
  const promoterId =
    canFilterByPromoter && Number.isSafeInteger(promoterParam) && promoterParam > 0
      ? promoterParam
      : null;
  return {
    canFilterByPromoter,
    range: visitRangeFromParams(params),
    promoterId,
    outOfRange: outOfRangeFromParams(params),
  };
}

/** The page of visits the list asks for, from its filters and the table's page and sort. */
export function visitListParams(
  { range, promoterId, outOfRange }: ReturnType<typeof visitFilters>,
  table: DataTableState,
): CheckInListParams {
  return {
    Page: table.pageIndex + 1,
    PageSize: table.pageSize,
    startDate: range.start,
    endDate: range.end,
    ...(promoterId ? { promoterId } : {}),
    ...(outOfRange ? { outOfRange } : {}),
    ...(table.sorting.length ? { Sort: toApiSort(table.sorting) } : {}),
  };
}

/** The table at first: the first page, unsorted. */
export const FIRST_PAGE = resolveDataTableState({ pageSize: DEFAULT_PAGE_SIZE });

/** The first page of the visits at the URL's filters, and the promoters to filter by. */
export const prefetch: ScreenPrefetch = (queryClient, { search, permissions }) => {
  const filters = visitFilters(search, permissions);
  void queryClient.prefetchQuery(checkInsQueryOptions(visitListParams(filters, FIRST_PAGE)));
  if (filters.canFilterByPromoter) void queryClient.prefetchQuery(promotersQueryOptions());
};
