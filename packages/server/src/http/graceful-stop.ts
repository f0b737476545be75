import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

// How a process leaves a running installation (docs/deployment.md, "Graceful stop"): on SIGTERM
// its readiness answer (GET /api/v1/health) turns 503 at once, so a balancer that checks it stops
// sending new requests, and every answer closes its connection; after `drainDelayMs` the
// listener closes (a balancer that does not check gets "connection refused" and passes the
// request to another process, which is always safe to retry), the requests in flight finish (an
// export or a ZIP streaming for minutes included, up to `timeoutMs`), then the database closes
// and the process exits.

/** Long enough for a balancer checking readiness every 2 s to see the 503 twice. */
const STOP_DRAIN_DELAY_MS = 5_000;
/**
 * The longest a stop waits for the answers in flight: past this, a download still streaming is
 * cut (the client sees an unfinished download, docs/deployment.md "Long answers").
 */
const STOP_TIMEOUT_MS = 120_000;

const IDLE_SWEEP_MS = 50;

const stopping = new WeakSet<FastifyInstance>();

/** Whether `app` is stopping: its readiness answer is then 503. */
export function isStopping(app: FastifyInstance): boolean {
  return stopping.has(app);
}

export interface StopOptions {
  drainDelayMs?: number;
  timeoutMs?: number;
  /** After the HTTP server closed (or timed out): queued mail, the database... */
  afterClose?: () => Promise<void>;
}

/**
 * Stops `app` gracefully; resolves 'drained' when every request in flight finished, 'timed out'
 * when some were still running after `timeoutMs` (the caller then exits anyway).
 */
export async function stopGracefully(
  app: FastifyInstance,
  options: StopOptions = {},
): Promise<'drained' | 'timed out'> {
  const { drainDelayMs = STOP_DRAIN_DELAY_MS, timeoutMs = STOP_TIMEOUT_MS } = options;
  stopping.add(app);
  // Every answer from now on closes its connection, so a balancer stops reusing its kept-alive
  // connections to this process while the listener still accepts new ones: closing an idle
  // kept-alive connection later races with a request the balancer sends on it at that moment
  // (which it cannot pass on when it is a write).
  app.server.on('request', (_request, response: ServerResponse) => {
    response.shouldKeepAlive = false;
  });
  await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  // A kept-alive connection whose last answer ends during the stop would otherwise stay open
  // until its keep-alive time-out (72 s in Fastify): close each as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const outcome = await Promise.race([app.close().then(() => 'drained' as const), timedOut]);
  clearInterval(idle);
  clearTimeout(timer);
  if (outcome === 'timed out') app.server.closeAllConnections();
  await options.afterClose?.();
  return outcome;
}
