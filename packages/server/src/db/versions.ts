import type { Db } from './client.ts';

// What a process keeps in memory about the database (list counts, keyset anchors, page marks,
// principals) carries the version of its source that it was read at, and is trusted only while
// that version is the same. Versions are per database handle (one per process, or per app in a
// test that runs two), by name: a listed table's name, or PRINCIPALS for everything a principal
// is read from (sessions, users, profiles and their permissions).
//
// A change made through this process bumps the names at once and, on PostgreSQL, tells every
// other process (./change-feed.ts, LISTEN/NOTIFY), which bumps them too when the notice
// arrives (a few milliseconds). While a process cannot listen (its listening connection was
// lost and is being opened again), notices may be missed, so nothing it remembers is trusted
// for longer than UNLISTENED_TRUST_MS: every version moves on that often. Once listening again,
// every version moves on once (what was missed meanwhile is unknown).

/** The name of the version of what principals are read from. */
export const PRINCIPALS = '#principals';

/**
 * How long anything remembered is trusted while notices from other processes cannot be
 * received: the promise "a change is seen everywhere within 1 s" holds in that state too.
 */
export const UNLISTENED_TRUST_MS = 1_000;

/** How another process is told about a change (PostgreSQL's NOTIFY); none on PGlite. */
export interface ChangeFeed {
  /** Whether notices from other processes are received right now. */
  readonly listening: boolean;
  /** Tells the other processes that `names` changed; resolves once sent (never rejects). */
  publish(names: readonly string[]): Promise<void>;
}

interface VersionState {
  byName: Map<string, number>;
  /** The version of every name not in `byName`. */
  base: number;
  /** When `base` last moved on (every version moved on). */
  movedAt: number;
  feed: ChangeFeed | null;
}

// One counter for the whole process, so that two databases (two apps in one test) never hand
// out the same version: caches keyed by list alone (keyset anchors) then never mix them up.
let counter = 0;
const states = new WeakMap<Db, VersionState>();

function stateOf(db: Db): VersionState {
  let state = states.get(db);
  if (!state) {
    state = { byName: new Map(), base: ++counter, movedAt: Date.now(), feed: null };
    states.set(db, state);
  }
  return state;
}

/** Every version of `db` moves on: nothing remembered before is trusted any more. */
export function moveEveryVersionOn(db: Db, now = Date.now()): void {
  const state = stateOf(db);
  state.byName.clear();
  state.base = ++counter;
  state.movedAt = now;
}

/** The version of `name` on `db` that what is read now is remembered with. */
export function versionOf(db: Db, name: string, now = Date.now()): number {
  const state = stateOf(db);
  if (state.feed && !state.feed.listening && now - state.movedAt >= UNLISTENED_TRUST_MS) {
    moveEveryVersionOn(db, now);
  }
  return state.byName.get(name) ?? state.base;
}

/** Moves the versions of `names` on in this process only (a notice from another process). */
export function applyChange(db: Db, names: readonly string[]): void {
  const state = stateOf(db);
  for (const name of names) state.byName.set(name, ++counter);
}

/**
 * After a committed change of `names`: this process trusts nothing older at once, and the other
 * processes once the notice reaches them (awaited, so an answer is sent after the notice).
 */
export async function changed(db: Db, names: readonly string[]): Promise<void> {
  applyChange(db, names);
  await stateOf(db).feed?.publish(names);
}

/** Connects `db` to the other processes (once, when the database is opened). */
export function attachChangeFeed(db: Db, feed: ChangeFeed): void {
  stateOf(db).feed = feed;
}
