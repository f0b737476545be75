// The numbers of the auth rate limits (docs/decisions.md, "Sign-in limits") and of the sync's
// fairness limits (docs/sync.md, "Limits"), apart so that the configuration (env.ts) can carry
// them without importing the limiters.

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface AuthRateLimits {
  login: { perAddress: RateLimit };
  sendResetEmail: { perAddress: RateLimit; perAccount: RateLimit };
  resetPassword: { perAddress: RateLimit; perAccount: RateLimit };
  changePassword: { perAddress: RateLimit; perAccount: RateLimit };
}

const MINUTE = 60_000;

/** The defaults (Config.authRateLimits); tests may lower them. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  // An office behind one address signs in many people in the morning; a sprayer gets 100
  // guesses per 15 minutes.
  login: { perAddress: { max: 100, windowMs: 15 * MINUTE } },
  // One mail to an address per 5 minutes at most 3 times in 15 minutes.
  sendResetEmail: {
    perAddress: { max: 20, windowMs: 15 * MINUTE },
    perAccount: { max: 3, windowMs: 15 * MINUTE },
  },
  resetPassword: {
    perAddress: { max: 20, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
  },
  changePassword: {
    perAddress: { max: 30, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
  },
};

export interface SyncLimits {
  /** Sync requests (download, photos, visits) one promoter may make per window. */
  perPromoter: RateLimit;
  /** Sync requests of one promoter handled at once; more wait in line... */
  runningPerPromoter: number;
  /** ...up to this many; one more is refused with the 429. */
  waitingPerPromoter: number;
  /**
   * Sync requests (download and visits) of all promoters that use the database at once: the
   * rest of the pool (10 connections; PGlite's single one) stays for everybody else.
   */
  running: number;
}

/** The defaults (Config.syncLimits); tests may lower them. */
export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  // A phone back in coverage after a day offline sends ~150 photos and a few batches of visits:
  // two a second is enough for it, and a runaway client gets 429s after a few seconds.
  perPromoter: { max: 120, windowMs: 60_000 },
  runningPerPromoter: 2,
  waitingPerPromoter: 4,
  running: 4,
};
