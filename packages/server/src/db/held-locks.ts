import pg from 'pg';
import type { Db } from './client.ts';

// Locks held for as long as a long answer runs (one download at a time per person, whichever
// process serves it): on PostgreSQL a session advisory lock on one connection per process kept
// for these locks alone, so a download does not hold a pooled connection (or a transaction) for
// minutes; PostgreSQL releases the locks of a process that dies with its connection. On PGlite
// (one process) a set in memory. Keys live in their own space: the two-integer form of the
// advisory locks with LOCK_SPACE first, apart from the one-bigint keys of the start-up, privilege
// and import locks.

const LOCK_SPACE = 25;

/** Gives the lock back; calling it twice is harmless. */
export type Release = () => Promise<void>;

interface LockHolder {
  tryHold(name: string): Promise<Release | null>;
  close(): Promise<void>;
}

/** One connection per process for the held locks, opened on first use and again when lost. */
export class PgLockHolder implements LockHolder {
  #client: Promise<pg.Client> | null = null;
  /** Held by this process: PostgreSQL would grant them again to the same connection. */
  readonly #held = new Set<string>();
  /** Releases on their way: the same process asking again waits for them. */
  readonly #releasing = new Map<string, Promise<void>>();

  constructor(private readonly connectionString: string) {}

  #connection(): Promise<pg.Client> {
    this.#client ??= (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        keepAlive: true,
        application_name: 'anaquel-held-locks',
      });
      const forget = () => {
        this.#client = null;
      };
      client.on('error', forget);
      client.on('end', forget);
      try {
        await client.connect();
      } catch (error) {
        forget();
        throw error;
      }
      return client;
    })();
    return this.#client;
  }

  async tryHold(name: string): Promise<Release | null> {
    await this.#releasing.get(name);
    if (this.#held.has(name)) return null;
    this.#held.add(name);
    let held = false;
    let client: pg.Client;
    try {
      client = await this.#connection();
      const { rows } = await client.query<{ held: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as held',
        [LOCK_SPACE, name],
      );
      held = rows[0]?.held === true;
    } finally {
      if (!held) this.#held.delete(name);
    }
    if (!held) return null;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      const unlocked = client
        .query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, name])
        .then(
          () => {},
          () => {}, // a lost connection already released it
        )
        .finally(() => {
          this.#held.delete(name);
          this.#releasing.delete(name);
        });
      this.#releasing.set(name, unlocked);
      await unlocked;
    };
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    await client?.then((c) => c.end()).catch(() => {});
  }
}

class MemoryLockHolder implements LockHolder {
  readonly #held = new Set<string>();

  tryHold(name: string): Promise<Release | null> {
    if (this.#held.has(name)) return Promise.resolve(null);
    this.#held.add(name);
    let released = false;
    return Promise.resolve(async () => {
      if (released) return;
      released = true;
      this.#held.delete(name);
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const holders = new WeakMap<Db, LockHolder>();

/** Where `db`'s held locks live (once, when the database is opened; PGlite needs none). */
export function attachLockHolder(db: Db, holder: LockHolder): void {
  holders.set(db, holder);
}

/**
 * The lock `name` for the caller, or null when someone holds it (in any process on PostgreSQL).
 * Release it when the work ends, however it ends.
 */
export function tryHoldLock(db: Db, name: string): Promise<Release | null> {
  let holder = holders.get(db);
  if (!holder) {
    holder = new MemoryLockHolder();
    holders.set(db, holder);
  }
  return holder.tryHold(name);
}
