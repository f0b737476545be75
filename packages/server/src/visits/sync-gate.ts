// Fairness of the sync (docs/sync.md, "Limits"): one promoter, however fast its phone sends,
// must not slow down anybody else. Three bounds, in this order:
// 1. a few requests per promoter handled at once, a few more waiting, the next one a 429
//    'Demasiados intentos. Intenta de nuevo en 1 minuto(s).' (the shortest wait it can say);
// 2. a request rate per promoter (the signed-in user, never the address: a whole team may sync
//    from one shop's Wi-Fi), counted in the database like the sign-in limits so that every
//    server process counts the same, and answered like them with the minutes left; once over,
//    the process refuses the promoter until the window ends without asking the database again
//    (a flood's refusals must cost nothing: on PGlite every query takes the server's thread);
// 3. a few sync requests of all promoters on the database at once, in the order they came: the
//    other connections of the pool (PGlite's single one, which serves one query or transaction
//    at a time in order) stay free for the staff.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../auth/guard.ts';
import { tooManyAttempts } from '../auth/rate-limit.ts';
import { QueueFull, Semaphore } from '../http/semaphore.ts';

interface SyncGateOptions {
  /** Whether the work uses the database (it then also waits for bound 3). Default true. */
  database?: boolean;
}

export interface SyncGate {
  /** `handler` run within the limits of the promoter who signed the request. */
  limit<A extends [FastifyRequest, ...unknown[]], R>(
    handler: (...args: A) => Promise<R>,
    options?: SyncGateOptions,
  ): (...args: A) => Promise<R>;
}

/** The gate of the sync routes; call after the auth rate limits are registered (app.ts). */
export function createSyncGate(app: FastifyInstance): SyncGate {
  const limits = app.services.config.syncLimits;
  const rate = app.createRateLimit({
    max: limits.perPromoter.max,
    timeWindow: limits.perPromoter.windowMs,
    keyGenerator: (request) => `sync:user:${principalOf(request).userId}`,
  });
  const everyone = new Semaphore(limits.running);
  const perPromoter = new Map<number, Semaphore>();

  /** Promoters over their rate, until when: refused here without asking the database. */
  const blockedUntil = new Map<number, number>();

  async function countCall(request: FastifyRequest, userId: number): Promise<void> {
    const result = await rate(request);
    if (!result.isAllowed && result.isExceeded) {
      const until = Date.now() + result.ttl;
      blockedUntil.set(userId, until);
      throw tooManyAttempts(new Date(until));
    }
  }

  async function within<R>(request: FastifyRequest, work: () => Promise<R>, database: boolean) {
    const { userId } = principalOf(request);
    const blocked = blockedUntil.get(userId) ?? 0;
    if (blocked > Date.now()) throw tooManyAttempts(new Date(blocked));
    blockedUntil.delete(userId);
    let own = perPromoter.get(userId);
    if (!own) {
      own = new Semaphore(limits.runningPerPromoter, limits.waitingPerPromoter);
      perPromoter.set(userId, own);
    }
    try {
      // Counted once its turn comes: a call refused for the queue costs the database nothing.
      return await own.run(async () => {
        await countCall(request, userId);
        return database ? everyone.run(work) : work();
      });
    } catch (error) {
      if (error instanceof QueueFull) throw tooManyAttempts(new Date());
      throw error;
    } finally {
      if (own.load === 0) perPromoter.delete(userId);
    }
  }

  return {
    limit(handler, options = {}) {
      return (...args) => within(args[0], () => handler(...args), options.database ?? true);
    },
  };
}
