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

/** Minutes Mexico City is ahead of UTC at an instant (e.g. -360). */
function offsetMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: VISITS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant a Mexico City day (YYYY-MM-DD) starts. */
export function startOfMexicoCityDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset at local midnight; evaluating it near that instant handles DST of old dates.
  const offset = offsetMinutes(new Date(utcMidnight + 12 * 3_600_000));
  return new Date(utcMidnight - offset * 60_000);
}

/** YYYY-MM-DD plus n days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
