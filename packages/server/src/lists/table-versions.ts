import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { changed, versionOf } from '../db/versions.ts';

// What a list remembers (counts, keyset anchors, page marks) carries the version of its table it
// was read at, and is trusted only while the version is the same: touching a table here is the
// single place a write makes every list of that table read afresh, in this process at once and
// in the others when PostgreSQL's notice reaches them (db/versions.ts, db/change-feed.ts).

/**
 * Call after a committed write to a listed table: its counts, anchors and page marks are read
 * afresh by every process. Resolves once the other processes were told.
 */
export function touchListedTable(db: Db, table: PgTable): Promise<void> {
  return changed(db, [getTableName(table)]);
}

/** The version a list of `tableName` on `db` is read at. */
export function tableVersionOf(db: Db, tableName: string, now?: number): number {
  return versionOf(db, tableName, now);
}
