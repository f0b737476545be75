import { parseDate, type CalendarDate } from '@internationalized/date';
import type { DateValue } from 'react-aria-components';

/** An ISO calendar date ('YYYY-MM-DD') as a react-aria date; null when missing or invalid. */
export function toCalendarDate(iso: string | null | undefined): CalendarDate | null {
  if (!iso) return null;
  try {
    // The API may send a full timestamp; only its calendar day matters here.
    return parseDate(iso.slice(0, 10));
  } catch {
    return null;
  }
}

/** A react-aria date as an ISO calendar date ('YYYY-MM-DD'); null when there is none. */
export function toIsoDate(date: DateValue | null | undefined): string | null {
  if (!date) return null;
  const { year, month, day } = date;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
