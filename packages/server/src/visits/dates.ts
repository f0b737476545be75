// Calendar days of the visits are days in Mexico City (docs/sync.md): the review filter
// 'del 20 al 22 de noviembre' means the visits that started on those days there, and a
// campaign's start and end dates are days there too.

export const VISITS_TIME_ZONE = 'America/Mexico_City';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: VISITS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Mexico City day (YYYY-MM-DD) of an instant. */
export function mexicoCityDay(instant: Date): string {
  return dayFormat.format(instant);
}

const localParts = new Intl.DateTimeFormat('en-US', {
  timeZone: VISITS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Milliseconds Mexico City's wall clock is ahead of UTC at an instant (e.g. -21 600 000). */
function offsetMs(time: number): number {
  const get: Record<string, number> = {};
  for (const part of localParts.formatToParts(new Date(time))) get[part.type] = Number(part.value);
  const wall = Date.UTC(get.year!, get.month! - 1, get.day!, get.hour!, get.minute!, get.second!);
  return wall - Math.floor(time / 1000) * 1000;
}

/** UTC offset of Mexico City per UTC hour: zone transitions fall on whole UTC hours. */
const offsetByHour = new Map<number, number>();

/**
 * An instant as Mexico City wall-clock time, for a spreadsheet (whose dates carry no zone):
 * a Date whose UTC fields are the local fields, which exceljs writes as they are. The offset is
 * looked up once per hour of data (Intl's formatToParts costs more than writing the row).
 */
export function mexicoCityWallClock(instant: Date): Date {
  const time = instant.getTime();
  const hour = Math.floor(time / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetMs(hour * 3_600_000);
    if (offsetByHour.size >= 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return new Date(time + offset);
}

/** The instant a Mexico City day (YYYY-MM-DD) starts. */
export function startOfMexicoCityDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset at local midnight; evaluating it near that instant handles DST of old dates.
  const offset = offsetMs(utcMidnight + 12 * 3_600_000);
  return new Date(utcMidnight - offset);
}

/** YYYY-MM-DD plus n days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
