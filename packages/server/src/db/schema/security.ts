import { char, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Counters of the auth rate limits and lockouts (docs/decisions.md, "Sign-in limits"). They live
// in the database, not in memory, so that several server processes share them (ARCHITECTURE §7).

/**
 * Failed attempts per subject: a sign-in pair (e-mail + address), an account across addresses,
 * or a user's change-password. `key` is the SHA-256 (hex) of the scope and the normalised subject,
 * so unknown e-mails are counted exactly like registered ones and no e-mail is stored in clear.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: char('key', { length: 64 }).primaryKey(),
    /** SHA-256 (hex) of the normalised e-mail the row is about, to lift its locks at a reset. */
    subject: char('subject', { length: 64 }),
    failures: integer('failures').notNull().default(0),
    /** Start of the counting window (scopes with a window restart the count after it). */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    index('auth_throttles_window_started_at_idx').on(t.windowStartedAt),
    index('auth_throttles_subject_idx').on(t.subject),
  ],
);

/** Hits of the @fastify/rate-limit store (auth/rate-limit.ts), per namespaced key and window. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_at_idx').on(t.resetAt)],
);
