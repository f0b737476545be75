// Calendar days of the visit review (spec 1 §4): 'YYYY-MM-DD' in the user's own calendar, the
// default window from yesterday to today, and the 7-day rule.
import { clampCheckInRange, type IsoDateRange } from '@anaquel/ui';

/** spec 1 §4 and §9: the longest check-in range, in days. */
export const CHECK_IN_MAX_DAYS = 7;

/** The calendar day of `date` in the user's time zone. */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** `day` plus `days` calendar days. */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(year, month - 1, date + days));
}

/** spec 1 §2: the check-in filter starts from yesterday to today. */
export function defaultVisitRange(now: Date = new Date()): { start: string; end: string } {
  const today = isoDay(now);
  return { start: addDays(today, -1), end: today };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range the list shows for the URL's `startDate`/`endDate`: missing or malformed dates take
 * the default, and the 7-day rule of spec 1 §4 applies (so a hand-edited URL cannot ask for more).
 */
export function visitRangeFromParams(params: URLSearchParams, now: Date = new Date()) {
  const fallback = defaultVisitRange(now);
  const read = (name: string, otherwise: string) => {
    const value = params.get(name);
    return value && ISO_DAY.test(value) ? value : otherwise;
  };
  const range: IsoDateRange = {
    start: read('startDate', fallback.start),
    end: read('endDate', fallback.end),
  };
  const clamped = clampCheckInRange(range, CHECK_IN_MAX_DAYS);
  return { start: clamped.start ?? fallback.start, end: clamped.end ?? fallback.end };
}

/**
 * The range the URL asked for when the 7-day rule cut it (spec 1 §4: same start, end moved back),
 * else null; the list says so next to the dates instead of cutting silently.
 */
export function cutVisitRange(
  params: URLSearchParams,
  shown: { start: string; end: string },
): { start: string; end: string } | null {
  const start = params.get('startDate');
  const end = params.get('endDate');
  if (start !== shown.start || !end || !ISO_DAY.test(end) || end <= shown.end) return null;
  return { start, end };
}

/** A maps page centred on a position, opened in a new tab by the row actions. */
export function mapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** 'Solo fuera de rango' in the URL (`outOfRange=1`), like the list's other filters. */
export const OUT_OF_RANGE_PARAM = 'outOfRange';
export const outOfRangeFromParams = (params: URLSearchParams): boolean =>
  params.get(OUT_OF_RANGE_PARAM) === '1';
