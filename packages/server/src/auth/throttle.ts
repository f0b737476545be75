import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authThrottles } from '../db/schema/index.ts';

// Failed-attempt counters in the database (docs/decisions.md, "Sign-in limits"), counted
// atomically: an attempt RESERVES its place with one INSERT ... ON CONFLICT DO UPDATE ...
// RETURNING before the password is checked, so 20 parallel wrong passwords are 20 counted
// failures and an attempt beyond the limit is refused without a real password check, whatever
// the interleaving. A success gives the place back (the count restarts: failures are
// consecutive).

export interface ThrottleRule {
  /** The attempt that makes this many failures locks the subject. */
  maxFailures: number;
  /** How long the lock lasts. */
  lockMs: number;
  /** Failures older than this are forgotten (undefined: only a success or a lock resets them). */
  windowMs?: number;
}

export type Reservation =
  | { allowed: true; key: string; failures: number }
  | { allowed: false; key: string; lockedUntil: Date };

/** The row key of a scope and subject: SHA-256 hex, so no e-mail is stored in clear. */
export function throttleKey(scope: string, ...subject: (string | number)[]): string {
  return createHash('sha256')
    .update([scope, ...subject.map(String)].join('\u0000'))
    .digest('hex');
}

/** The e-mail as compared everywhere (trimmed, lower case). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Counts one attempt for `key` before it is judged. Allowed while the subject is not locked and
 * this attempt is within `maxFailures`; otherwise the subject is (or stays) locked.
 */
export async function reserveAttempt(
  db: Db,
  subject: { key: string; subject?: string | null },
  rule: ThrottleRule,
  now: Date,
): Promise<Reservation> {
  const t = authThrottles;
  const { key } = subject;
  // A lock that has ended, or a window that has passed, starts the count again.
  const lockEnded = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now}::timestamptz)`;
  const restart =
    rule.windowMs === undefined
      ? lockEnded
      : sql`(${lockEnded} or (${t.lockedUntil} is null and ${t.windowStartedAt} <= ${new Date(now.getTime() - rule.windowMs)}::timestamptz))`;
  const [row] = await db
    .insert(t)
    .values({ key, subject: subject.subject ?? null, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${restart} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${restart} then ${now}::timestamptz else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${restart} then null else ${t.lockedUntil} end`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  if (row!.lockedUntil && row!.lockedUntil.getTime() > now.getTime()) {
    return { allowed: false, key, lockedUntil: row!.lockedUntil };
  }
  if (row!.failures > rule.maxFailures) {
    return { allowed: false, key, lockedUntil: await lock(db, key, rule, now) };
  }
  return { allowed: true, key, failures: row!.failures };
}

/** Locks the subject (keeping an earlier lock that is still running); answers its end. */
async function lock(db: Db, key: string, rule: ThrottleRule, now: Date): Promise<Date> {
  const until = new Date(now.getTime() + rule.lockMs);
  const [row] = await db
    .update(authThrottles)
    .set({
      lockedUntil: sql`case when ${authThrottles.lockedUntil} > ${now}::timestamptz then ${authThrottles.lockedUntil} else ${until}::timestamptz end`,
    })
    .where(eq(authThrottles.key, key))
    .returning({ lockedUntil: authThrottles.lockedUntil });
  return row?.lockedUntil ?? until;
}

/**
 * After a wrong answer: locks the subject when this attempt was the last one allowed. Answers
 * the end of the lock, or null while attempts remain.
 */
export async function failedAttempt(
  db: Db,
  reservation: Extract<Reservation, { allowed: true }>,
  rule: ThrottleRule,
  now: Date,
): Promise<Date | null> {
  if (reservation.failures < rule.maxFailures) return null;
  return lock(db, reservation.key, rule, now);
}

/** After a right answer: the failures are forgotten (unless a lock started meanwhile). */
export async function succeededAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(authThrottles)
    .set({ failures: 0 })
    .where(and(eq(authThrottles.key, key), isNull(authThrottles.lockedUntil)));
}

/** Forgets every count and lock about an e-mail (a password reset lifts its lockouts). */
export async function clearThrottles(db: Db, subject: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.subject, subject));
}

/** Deletes rows that no longer hold a lock and whose window ended a day ago (housekeeping). */
export async function purgeThrottles(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db
    .delete(authThrottles)
    .where(
      and(
        lt(authThrottles.windowStartedAt, dayAgo),
        or(isNull(authThrottles.lockedUntil), lt(authThrottles.lockedUntil, now)),
      ),
    );
}

/** Whole minutes left until `until`, rounded up, at least 1 (the spec's 'N minuto(s)'). */
export function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
