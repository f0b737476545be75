import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot, type Config } from '../env.ts';
import { PgChangeFeed } from './change-feed.ts';
import { attachLockHolder, PgLockHolder } from './held-locks.ts';
import { installPgNamedStatements } from './pg-named.ts';
import { installNamedStatements } from './pglite-named.ts';
import { attachChangeFeed } from './versions.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;

/** The drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle: what `db.transaction(async (tx) => ...)` passes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /** The PGlite instance (only for kind 'pglite'), e.g. to dump it. */
  pglite?: PGlite;
  kind: 'pglite' | 'pg';
  /**
   * How this process hears about the other processes' changes (PostgreSQL only; PGlite is one
   * process, whose changes ./versions.ts applies in memory).
   */
  changeFeed?: PgChangeFeed;
  /** Applies the committed SQL migrations (packages/server/drizzle). */
  migrate(): Promise<void>;
  /**
   * Runs `task` while holding a database-wide lock, so that several processes starting together
   * do not migrate or seed at the same time (a no-op lock on the single-process PGlite).
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

// Arbitrary constant key for pg_advisory_lock.
const STARTUP_LOCK_KEY = 4_242_017;

export interface CreateDatabaseOptions {
  /** PGlite in memory instead of `dataDir/db` (tests). Ignored when `databaseUrl` is set. */
  inMemory?: boolean;
  /** Start PGlite from a `dumpDataDir()` tarball instead of an empty cluster (test template). */
  loadDataDir?: Blob;
}

/**
 * Opens the database: a pooled PostgreSQL connection when `databaseUrl` is set, otherwise the
 * embedded PGlite stored in `dataDir/db`.
 */
export async function createDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: CreateDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (restart, failover, a dropped database)
    // is removed from the pool, which opens a new one on next use; without a listener the
    // pool's 'error' event would crash the process.
    pool.on('error', () => {});
    installPgNamedStatements(pool);
    const db = drizzlePg({ client: pool, schema });
    const handle = db as unknown as Db;
    const changeFeed = new PgChangeFeed(handle, config.databaseUrl);
    attachChangeFeed(handle, changeFeed);
    await changeFeed.start();
    const lockHolder = new PgLockHolder(config.databaseUrl);
    attachLockHolder(handle, lockHolder);
    return {
      db: handle,
      kind: 'pg',
      changeFeed,
      migrate: () => migratePg(db, { migrationsFolder }),
      async exclusive(task) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await task();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      async close() {
        await changeFeed.close();
        await lockHolder.close();
        await pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(config.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    // pg_trgm backs the list filters' trigram indexes (migration 0004 creates the extension).
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // The page queries named for node-postgres are named statements on PGlite too, and drizzle's
  // per-query text parsers are installed once instead of merged into every query.
  installNamedStatements(client);
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (task) => task(),
    close: () => client.close(),
  };
}
