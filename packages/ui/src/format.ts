/** Formatting helpers for what users read: Mexican Spanish (es-MX) numbers, dates, durations. */

const LOCALE = 'es-MX';

/** Shown for a missing or unreadable date (spec 1 §2, spec 2 §2). */
export const NO_DATE = 'Sin fecha';

export type DateInput = Date | string | number | null | undefined;

const pointsFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const decimal2Format = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Points in es-MX with at most 2 decimals (spec 2 §9): 1234.5 -> '1,234.5'; null -> ''. */
export function formatPoints(value: number | null | undefined): string {
  return isNumber(value) ? pointsFormat.format(value) : '';
}

/** A decimal answer always with 2 decimals (spec 1 §9): 3 -> '3.00', 1234.567 -> '1,234.57'. */
export function formatDecimal2(value: number | null | undefined): string {
  return isNumber(value) ? decimal2Format.format(value) : '';
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads a date value; a bare 'YYYY-MM-DD' is a calendar day in local time (not UTC midnight,
 * which would show as the previous day in Mexico). Returns null when empty or invalid.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value.trim());
    if (dateOnly) {
      const [, y, m, d] = dateOnly;
      const date = new Date(Number(y), Number(m) - 1, Number(d));
      return date.getMonth() === Number(m) - 1 ? date : null;
    }
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

/**
 * One Intl.DateTimeFormat per options and time zone: building one costs far more than formatting
 * with it (a table of dates formats dozens on every render; issue #20).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, timeZone ? { ...options, timeZone } : options);
    dateFormats.set(key, format);
  }
  return format;
}

/** The date in es-MX with `options`, in `timeZone` (the browser's when omitted), or 'Sin fecha'. */
function formatDateWith(value: DateInput, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const date = toDate(value);
  if (!date) return NO_DATE;
  return dateFormat(options, timeZone).format(date);
}

/** Day as dd/mm/aaaa in es-MX, or 'Sin fecha'. `timeZone` defaults to the browser's. */
export function formatDate(value: DateInput, timeZone?: string): string {
  return formatDateWith(value, DAY, timeZone);
}

/** Day and 24-hour time, 'dd/mm/aaaa, HH:mm' in es-MX, or 'Sin fecha'. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  return formatDateWith(
    value,
    { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    timeZone,
  );
}

/**
 * Whole minutes between two moments in Spanish (spec 1 §2, survey results period):
 * '1 minuto', '45 minutos', '0 minutos'. Partial minutes are dropped; the order of the two
 * moments does not matter. '' when either is missing.
 */
export function formatDurationMinutes(start: DateInput, end: DateInput): string {
  const from = toDate(start);
  const to = toDate(end);
  if (!from || !to) return '';
  const minutes = Math.floor(Math.abs(to.getTime() - from.getTime()) / 60_000);
  return `${integerFormat.format(minutes)} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}
