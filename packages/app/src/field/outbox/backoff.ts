import { isApiError, isTooManyAttempts } from '@anaquel/api';

/** The first retry's wait; each failure in a row doubles it. */
export const FIRST_RETRY_MS = 5_000;
/** The longest wait between two attempts. */
export const LAST_RETRY_MS = 5 * 60_000;

/**
 * How long to wait after `failures` failed rounds in a row (1 for the first): 5 s, 10 s, 20 s ...
 * up to 5 minutes, each drawn between half and the whole of it, so that a team's phones back in
 * coverage at once do not retry in step. `random` is in [0, 1).
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * A 429's wait: the minutes its message names ('Intenta de nuevo en 3 minuto(s).'), or a minute
 * when it names none; null for any other failure.
 */
export function tooManyAttemptsWait(error: unknown): number | null {
  if (!isTooManyAttempts(error) || !isApiError(error)) return null;
  const minutes = /(\d+)\s*minuto/i.exec(error.errorMessage);
  return (minutes ? Math.max(1, Number(minutes[1])) : 1) * 60_000;
}
