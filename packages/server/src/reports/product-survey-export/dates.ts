import { badRequest } from '../../http/errors.ts';
import { mexicoCityDay } from '../../visits/dates.ts';

// The report's bounds are Mexico City days (docs/reports.md). Spec 1 §7 has clients send them as
// ISO strings, so a date-time is accepted too and reduced to its Mexico City day: with an offset
// ('Z', '-06:00') it is an instant, whose day there is taken; without one it is read as Mexico
// City's own wall-clock time, whose date part is the day.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const BAD_DATE_MESSAGE =
  'La fecha no es válida (AAAA-MM-DD, o fecha y hora ISO 8601 como 2026-11-01T06:00:00Z).';

function isRealDay(day: string): boolean {
  return DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

function dayOfDateTime(value: string): string | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, day, hours, minutes, seconds = '0', offset] = match as unknown as string[];
  if (!isRealDay(day!) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) {
    return null;
  }
  if (!offset) return day!;
  const offsetMatch = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  if (offsetMatch && (Number(offsetMatch[2]) > 23 || Number(offsetMatch[3]) > 59)) return null;
  const instant = new Date(value.toUpperCase().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(instant.getTime()) ? null : mexicoCityDay(instant);
}

/** The Mexico City day (YYYY-MM-DD) a bound stands for; a 400 on `field` when it is not a date. */
export function exportDay(
  field: 'startDate' | 'endDate',
  value: string | undefined,
): string | undefined {
  if (value === undefined) return undefined;
  const day = isRealDay(value) ? value : dayOfDateTime(value);
  if (day === null) throw badRequest(BAD_DATE_MESSAGE, [{ field, message: BAD_DATE_MESSAGE }]);
  return day;
}
