import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import type { AuthRateLimits, RateLimit } from './limits.ts';
import { minutesLeft, normaliseEmail, throttleKey } from './throttle.ts';

// Request rate limits of the auth operations (docs/decisions.md, "Sign-in limits"), with
// @fastify/rate-limit and a store in the database (rate_limit_hits), so that every server process
// counts the same hits (ARCHITECTURE §7). Each operation is limited per address (the client IP as
// Fastify sees it, see TRUST_PROXY) and per account (the e-mail or the signed-in user); a
// request over a limit answers 429 in the envelope with the minutes to wait, which the app shows.

const TOO_MANY_ATTEMPTS_CODE = 'TOO_MANY_ATTEMPTS';

/** The 429 answer: 'Demasiados intentos. Intenta de nuevo en N minuto(s).' */
export function tooManyAttempts(until: Date, now: Date = new Date()): AppError {
  return new AppError(
    429,
    TOO_MANY_ATTEMPTS_CODE,
    `Demasiados intentos. Intenta de nuevo en ${minutesLeft(until, now)} minuto(s).`,
  );
}

/** Hits of one key in its window, counted with one upsert (atomic across processes). */
async function hit(
  db: Db,
  key: string,
  windowMs: number,
  now: Date = new Date(),
): Promise<{ hits: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const t = rateLimitHits;
  const expired = sql`${t.resetAt} <= ${now}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${t.hits} + 1 end`,
        resetAt: sql`case when ${expired} then ${resetAt}::timestamptz else ${t.resetAt} end`,
      },
    })
    .returning({ hits: t.hits, resetAt: t.resetAt });
  // Housekeeping: now and then drop windows that ended a day ago.
  if (Math.random() < 0.01) {
    await db.delete(t).where(lt(t.resetAt, new Date(now.getTime() - 24 * 60 * 60_000)));
  }
  return { hits: row!.hits, resetAt: row!.resetAt };
}

/** A @fastify/rate-limit store on the database. */
function databaseStore(db: () => Db) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = new Date();
      hit(db(), key, timeWindow, now).then(
        ({ hits, resetAt }) =>
          callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - now.getTime()) }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

type Limiter = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Auth rate limiters by name (auth/rate-limit.ts); each throws the 429 when over. */
    authLimiters: AuthLimiters;
  }
}

type Scope = keyof AuthRateLimits;
type AuthLimiters = Record<Scope, { perAddress: Limiter; perAccount: AccountLimiter }>;
type AccountLimiter = (request: FastifyRequest, account: string | number) => Promise<void>;

/**
 * Registers @fastify/rate-limit (no global limit) with the database store, and one limiter per
 * auth scope and dimension as `app.authLimiters`. Call the limiters from the handlers, after the
 * body is validated (the per-account key comes from it).
 */
export async function registerAuthRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(() => app.services.db),
    // The envelope is built by the limiters below, never by the plugin.
    addHeaders: {},
  });
  const limits = app.services.config.authRateLimits;
  const make = (scope: Scope, dimension: 'address' | 'account', limit: RateLimit | undefined) => {
    if (!limit) return async () => {};
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) =>
        dimension === 'address'
          ? `${scope}:ip:${request.ip}`
          : `${scope}:account:${(request as FastifyRequest & { rateLimitAccount: string }).rateLimitAccount}`,
    });
    return async (request: FastifyRequest, account?: string | number) => {
      if (dimension === 'account') {
        // Accounts are keyed by a hash: an e-mail is never stored in clear, known or not.
        (request as FastifyRequest & { rateLimitAccount: string }).rateLimitAccount = throttleKey(
          scope,
          typeof account === 'string' ? normaliseEmail(account) : String(account),
        );
      }
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyAttempts(new Date(Date.now() + result.ttl));
      }
    };
  };
  const scopes = Object.keys(limits) as Scope[];
  app.decorate(
    'authLimiters',
    Object.fromEntries(
      scopes.map((scope) => {
        const entry = limits[scope] as { perAddress: RateLimit; perAccount?: RateLimit };
        return [
          scope,
          {
            perAddress: make(scope, 'address', entry.perAddress),
            perAccount: make(scope, 'account', entry.perAccount),
          },
        ];
      }),
    ) as AuthLimiters,
  );
}
