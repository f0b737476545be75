import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../auth/guard.ts';
import { invalidatePrincipalsAfterWriteTo } from '../auth/principal.ts';
import type { Db, Tx } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { mapWriteError, type WriteErrorMapping } from './db-errors.ts';
import type { PreparedWrite, ResourceConfig, WriteContext } from './factory.ts';
import { touchListedTable } from '../lists/table-versions.ts';
import { messages } from './nouns.ts';

// The write side of the resource factory (./factory.ts registers the routes): create and update
// run the resource's input, rules and hooks around one transaction; delete runs its guards. A
// failed write answers the Spanish envelope of ./db-errors.ts.

type Row = Record<string, unknown>;

export interface ResourceWrites {
  /** Create (no `id`) or update; answers the saved record as `GET {id}` does. */
  save: (request: FastifyRequest, kind: 'create' | 'update', id?: number) => Promise<Row>;
  /** Delete; a missing record is a 404. */
  remove: (request: FastifyRequest, id: number) => Promise<{ id: number }>;
}

export function resourceWrites<TInput>(
  app: FastifyInstance,
  config: ResourceConfig<TInput>,
  readDetail: (database: Db, id: number) => Promise<Row>,
): ResourceWrites {
  const writeErrors = writeErrorsOf(config);

  async function save(request: FastifyRequest, kind: 'create' | 'update', id?: number) {
    const database = app.services.db;
    const input = config.readInput
      ? await config.readInput(request, kind)
      : (request.body as TInput);
    const context: WriteContext = { db: database, request, principal: principalOf(request), id };
    const prepared = await config.prepare(input, context);
    let savedId: number;
    try {
      savedId = await database.transaction((tx) => saveRow(tx, config, prepared, id));
    } catch (error) {
      await prepared.onFailure?.().catch(warnAbout(request, 'cleanup after a failed write failed'));
      mapWriteError(error, writeErrors);
    }
    await forgetCachedReadsOf(database, config.table);
    await prepared.afterCommit?.().catch(warnAbout(request, 'cleanup after a write failed'));
    return readDetail(database, savedId);
  }

  async function remove(request: FastifyRequest, id: number) {
    const database = app.services.db;
    const context = { db: database, request, principal: principalOf(request), id };
    await config.beforeDelete?.(context);
    let deleted: Row | undefined;
    try {
      deleted = await database.transaction(async (tx) => {
        const afterGuard = await config.guardDelete?.(tx, context);
        const [row] = await tx.delete(config.table).where(eq(config.id, id)).returning();
        if (row) await afterGuard?.();
        return row;
      });
    } catch (error) {
      mapWriteError(error, writeErrors);
    }
    if (!deleted) throw notFound(messages.notFound(config.noun));
    await forgetCachedReadsOf(database, config.table);
    await config
      .afterDelete?.(deleted, { db: database, request })
      .catch(warnAbout(request, 'cleanup after a delete failed'));
    return { id };
  }

  return { save, remove };
}

/** The resource's constraints -> the Spanish 409 and 400 answers of a failed write. */
function writeErrorsOf<TInput>(config: ResourceConfig<TInput>): WriteErrorMapping {
  return {
    uniques: Object.fromEntries(
      Object.entries(config.uniques ?? {}).map(([constraint, { field, label }]) => [
        constraint,
        { field, message: messages.duplicate(config.noun, label) },
      ]),
    ),
    references: config.references ?? {},
    inUse: messages.inUse(config.noun),
  };
}

/**
 * Inside the write's transaction: the prepared guard, the insert (no `id`) or the update, the
 * join rows, then the guard's check.
 */
async function saveRow<TInput>(
  tx: Tx,
  config: ResourceConfig<TInput>,
  prepared: PreparedWrite,
  id: number | undefined,
): Promise<number> {
  const afterGuard = await prepared.guard?.(tx);
  const [saved] =
    id === undefined
      ? await tx.insert(config.table).values(prepared.values).returning({ id: config.id })
      : await tx
          .update(config.table)
          .set(prepared.values)
          .where(eq(config.id, id))
          .returning({ id: config.id });
  if (!saved) throw notFound(messages.notFound(config.noun));
  const rowId = (saved as { id: number }).id;
  await prepared.afterWrite?.(tx, rowId);
  await afterGuard?.();
  return rowId;
}

/**
 * A committed write to `table` outdates the cached list counts and the cached principals, in
 * every process.
 */
async function forgetCachedReadsOf(db: Db, table: PgTable): Promise<void> {
  await Promise.all([touchListedTable(db, table), invalidatePrincipalsAfterWriteTo(db, table)]);
}

/** Logs a failed cleanup without failing the request: the write itself is already settled. */
function warnAbout(request: FastifyRequest, message: string) {
  return (cleanupError: unknown) => {
    request.log.warn({ err: cleanupError }, message);
  };
}
