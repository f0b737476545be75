import type { StoredWork } from '../store/db';

/** How far the phone's clock may be from the server's before the list warns (ms). */
const CLOCK_SKEW_LIMIT = 5 * 60_000;

/**
 * How far ahead of the server the phone's clock was when the download arrived (ms; negative:
 * behind). The download carries the server's time (`serverTime`) and the device stores its own
 * (`takenAt`) as it arrives; the network's delay (seconds) is well inside the limit.
 */
export function clockSkew(work: StoredWork): number {
  return Date.parse(work.takenAt) - Date.parse(work.data.serverTime);
}

/**
 * The list's warning when the phone's clock is off by more than the limit, or null. A visit's
 * times are the phone's: a wrong clock puts the arrival on another hour or day for the reviewer,
 * or ahead of the server's time, which the sync refuses.
 */
export function clockSkewWarning(work: StoredWork | null): string | null {
  if (!work) return null;
  const skew = clockSkew(work);
  if (!Number.isFinite(skew) || Math.abs(skew) <= CLOCK_SKEW_LIMIT) return null;
  const minutes = Math.round(Math.abs(skew) / 60_000);
  const amount =
    minutes < 120
      ? `${minutes} min`
      : minutes < 48 * 60
        ? `${Math.round(minutes / 60)} h`
        : `${Math.round(minutes / 1440)} días`;
  return `La hora de este teléfono va ${amount} ${skew > 0 ? 'adelantada' : 'atrasada'}. Corrige la fecha y la hora en los ajustes del teléfono (automáticas): las visitas se registran con ellas.`;
}
