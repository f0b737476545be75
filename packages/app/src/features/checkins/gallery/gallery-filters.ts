import type { CheckInPhotoFilter } from '@anaquel/api';
import { outOfRangeFromParams } from '../geo-status';
import { visitRangeFromParams } from '../visit-dates';

/** A positive id in the URL, or undefined. */
function idParam(params: URLSearchParams, name: string): number | undefined {
  const value = Number(params.get(name));
  return Number.isSafeInteger(value) && value > 0 && value <= 2147483647 ? value : undefined;
}

/**
 * The gallery's filter from the URL: the list's (dates with the 7-day rule, the promoter for
 * holders of VIEW_USERS, 'Solo fuera de rango'), so both views show the same visits, plus the
 * campaign, the point of sale, the survey and the question when the URL names them.
 */
export function photoFilterFromParams(
  params: URLSearchParams,
  permissions: readonly string[],
): CheckInPhotoFilter {
  const range = visitRangeFromParams(params);
  const promoterId = permissions.includes('VIEW_USERS') ? idParam(params, 'promoterId') : undefined;
  const filter: CheckInPhotoFilter = { startDate: range.start, endDate: range.end };
  if (promoterId) filter.promoterId = promoterId;
  if (outOfRangeFromParams(params)) filter.outOfRange = true;
  for (const name of ['campaignId', 'pointOfSaleId', 'surveyId', 'questionId'] as const) {
    const id = idParam(params, name);
    if (id) filter[name] = id;
  }
  return filter;
}
