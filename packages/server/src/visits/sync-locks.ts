// How a visit's transaction locks the surveys it answers (docs/sync.md, "Concurrency"), and how
// a transaction PostgreSQL aborted is tried again.
//
// The designer edits a survey under `for update` and refuses once `first_answer_at` is set
// (docs/surveys.md, "In use"); so a visit must hold a lock on each survey it answers from before
// it reads the survey's content until it commits, and the first answers must set the mark in the
// same transaction. Taking `for share` first and updating the mark at the end is a lock upgrade:
// twenty first visits of one new survey all hold the share lock, then all wait for each other's
// to update, and PostgreSQL breaks the cycle one victim per `deadlock_timeout` (1 s).
// Instead the mark comes first, in one statement that takes the row lock it needs in id order,
// only on the surveys still unmarked: the first visit marks and holds it until it commits; the
// others wait for that one transaction, then see the survey marked (READ COMMITTED re-reads the
// row after the wait) and skip it. Nobody upgrades, so nobody deadlocks. A visit that is refused
// rolls back, mark included, and the next one marks instead.
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { surveys } from '../db/schema/index.ts';

/**
 * Marks the still-unanswered surveys among `surveyIds` in use, then share-locks them all (in id
 * order). Answers the ids that were already in use before this transaction: only those have
 * content that can no longer change (the batch may cache them).
 */
export async function lockAnsweredSurveys(
  db: Db,
  surveyIds: readonly number[],
): Promise<Set<number>> {
  if (surveyIds.length === 0) return new Set();
  const unmarked = db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(inArray(surveys.id, [...surveyIds]), isNull(surveys.firstAnswerAt)))
    .orderBy(surveys.id)
    .for('no key update');
  const marked = await db
    .update(surveys)
    .set({ firstAnswerAt: sql`now()` })
    .where(inArray(surveys.id, unmarked))
    .returning({ id: surveys.id });
  const locked = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(inArray(surveys.id, [...surveyIds]))
    .orderBy(surveys.id)
    .for('share');
  const markedNow = new Set(marked.map((s) => s.id));
  return new Set(locked.map((s) => s.id).filter((id) => !markedNow.has(id)));
}

/** Tries of one visit when PostgreSQL aborts its transaction (deadlock, serialization). */
export const MAX_ATTEMPTS = 4;
const RETRY_BASE_MS = 25;

/** Whether PostgreSQL aborted the transaction only because of another one: worth a new try. */
export function isRetryable(error: { code?: string } | null): boolean {
  return error?.code === '40P01' || error?.code === '40001';
}

/**
 * Waits before try `attempt + 1`: an exponential back-off with jitter (25-50 ms, then 50-100,
 * 100-200), so that transactions that collided do not collide again at the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = RETRY_BASE_MS * 2 ** attempt;
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function backOff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
}

/**
 * Lets the event loop serve what came in before the next transaction. PGlite answers on the
 * server's own thread without real I/O, so a batch's transactions would otherwise follow one
 * another in a single run of promise callbacks, and no other request (not even the health
 * check) would be read until the whole batch is stored.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
