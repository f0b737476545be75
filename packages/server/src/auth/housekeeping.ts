import type { FastifyInstance } from 'fastify';
import { purgeThrottles } from './throttle.ts';

// The sign-in counters (auth_throttles) get a row per e-mail and address that ever failed; a row
// that holds no lock and whose window ended a day ago decides nothing any more. Every process runs
// the purge on its own timer: the DELETE is idempotent, so several processes purging at once only
// repeat each other's work.

/** How often the purge runs: hourly keeps the table within a day's worth of failures. */
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges when the app gets ready (awaited, so a started server has already purged) and then every `everyMs`; the timer is unref'd (it never keeps the
 * process alive) and stops when the app closes. A failed purge is logged and retried next time.
 */
export function registerHousekeeping(
  app: FastifyInstance,
  everyMs: number = HOUSEKEEPING_INTERVAL_MS,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const purge = () => {
    running ??= purgeThrottles(app.services.db, new Date())
      .catch((error: unknown) => app.log.warn({ err: error }, 'auth throttle purge failed'))
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    purge();
    await running;
    timer = setInterval(purge, everyMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
