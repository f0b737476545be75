// The numbers of the auth rate limits (docs/decisions.md, "Sign-in limits"), apart so that the
// configuration (env.ts) can carry them without importing the limiters.

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
  // guesses per 15 minutes (before: about 100 per second).
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
