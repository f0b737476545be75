/** A date range as ISO calendar dates ('YYYY-MM-DD'); a missing bound is null. */
export interface IsoDateRange {
  /** First day of the range. */
  start: string | null;
  /** Last day of the range. */
  end: string | null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function toEpochDay(iso: string): number | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const date = new Date(ms);
  // Reject impossible dates such as 2026-02-30 instead of rolling them over.
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return ms / DAY_MS;
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Keeps a check-in filter range valid (spec 1 §4): an end before the start makes both dates equal
 * the end; a range longer than `maxDays` days is cut to `maxDays` days from the start
 * (end = start + maxDays). Ranges with a missing or unparsable bound are returned unchanged.
 */
export function clampCheckInRange(range: IsoDateRange, maxDays = 7): IsoDateRange {
  if (range.start === null || range.end === null) return range;
  const start = toEpochDay(range.start);
  const end = toEpochDay(range.end);
  if (start === null || end === null) return range;
  if (end < start) return { start: range.end, end: range.end };
  if (end - start > maxDays) return { start: range.start, end: fromEpochDay(start + maxDays) };
  return range;
}
