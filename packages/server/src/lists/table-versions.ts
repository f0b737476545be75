import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

// What a list remembers (counts, keyset anchors, page marks) carries the version of its table it
// was read at, and is trusted only while the version is the same: one counter per table name is
// the single place a write makes every list of that table read afresh (a write through another
// process shows within the time-to-live of each cache instead).

const tableVersions = new Map<string, number>();

/** Call after a write to a listed table: its counts, anchors and page marks are read afresh. */
export function touchListedTable(table: PgTable): void {
  const name = getTableName(table);
  tableVersions.set(name, (tableVersions.get(name) ?? 0) + 1);
}

/** The version a list of `tableName` is read at (0 before any write through this process). */
export function tableVersionOf(tableName: string): number {
  return tableVersions.get(tableName) ?? 0;
}
