import { asc, eq, exists, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client.ts';
import { qualified as q } from '../db/fold.ts';
import type { OperationId } from '../http/contract.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { register, type MasterPermission } from './factory.ts';
import { messages, type Noun } from './nouns.ts';
import { uniqueIds } from './rules.ts';

// The one relation editor (spec 2 §2 "Relation editors"): GET answers `{ id, relatedIds, related }`
// (`related`: the linked records as options), PUT replaces the whole list in one transaction (an
// empty list is allowed; an unknown id refuses the whole save) and answers the same shape.

export interface RelationConfig {
  getOperation: OperationId;
  setOperation: OperationId;
  permission: MasterPermission;
  owner: { table: PgTable; id: PgColumn; noun: Noun };
  /** The related table and the label of one of its records (as in its `/options`). */
  related: { table: PgTable; id: PgColumn; label: SQL | AnyColumn };
  join: { table: PgTable; ownerId: PgColumn; relatedId: PgColumn };
}

/** The related table and the join rows through which an owner's ids are saved and read. */
interface LinkedRecords {
  related: { table: PgTable; id: PgColumn };
  join: RelationConfig['join'];
}

/** The join table of a relation, named by its two columns: the owner's id and the related id. */
export function joinOf(ownerId: PgColumn, relatedId: PgColumn): RelationConfig['join'] {
  return { table: ownerId.table, ownerId, relatedId };
}

const INSERT_CHUNK = 1000;

/** Replaces the join rows of one owner; checks every related id exists first. */
export async function replaceRelation(
  tx: Tx,
  config: LinkedRecords,
  ownerId: number,
  relatedIds: readonly number[],
  field = 'relatedIds',
): Promise<number[]> {
  const ids = uniqueIds(relatedIds).sort((a, b) => a - b);
  if (ids.length > 0) {
    const found = new Set<number>();
    for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
      const chunk = ids.slice(start, start + INSERT_CHUNK);
      const rows = await tx
        .select({ id: config.related.id })
        .from(config.related.table)
        .where(inArray(config.related.id, chunk));
      for (const row of rows) found.add(row.id as number);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? '...' : '');
      const message =
        missing.length === 1 ? `El id ${shown} no existe.` : `Los ids ${shown} no existen.`;
      throw badRequest(message, [{ field, message }]);
    }
  }
  await tx.delete(config.join.table).where(eq(config.join.ownerId, ownerId));
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    const chunk = ids.slice(start, start + INSERT_CHUNK);
    await tx.insert(config.join.table).values(
      chunk.map((relatedId) => ({
        [keyOf(config.join.table, config.join.ownerId)]: ownerId,
        [keyOf(config.join.table, config.join.relatedId)]: relatedId,
      })),
    );
  }
  return ids;
}

/** The property name drizzle uses for a column of a table. */
function keyOf(table: PgTable, column: PgColumn): string {
  for (const [key, value] of Object.entries(table)) {
    if (value === column) return key;
  }
  throw new Error(`Column ${column.name} is not a column of the join table`);
}

/** `array(select related_id ... order by related_id)`: the related ids of the outer row. */
export function relatedIdsOf(join: RelationConfig['join'], outerId: PgColumn) {
  return sql<
    number[]
  >`array(select ${q(join.relatedId)} from ${join.table} where ${q(join.ownerId)} = ${q(outerId)} order by ${q(join.relatedId)})`;
}

/** `array(select name ... order by ...)`: the names of the related records of the outer row. */
export function relatedNamesOf(
  relation: LinkedRecords,
  outerId: PgColumn,
  name: PgColumn,
  order: SQL,
) {
  const { related, join } = relation;
  return sql<
    string[]
  >`array(select ${q(name)} from ${join.table} inner join ${related.table} on ${q(related.id)} = ${q(join.relatedId)} where ${q(join.ownerId)} = ${q(outerId)} order by ${order})`;
}

/** A list filter (`clientId=7`): the outer rows linked to that related record. */
export function linkedTo(join: RelationConfig['join'], outerId: PgColumn) {
  return (relatedId: number) =>
    exists(
      sql`(select 1 from ${join.table} where ${q(join.ownerId)} = ${q(outerId)} and ${q(join.relatedId)} = ${relatedId})`,
    );
}

/**
 * The relation editors of one owner, behind its permission: each entry names the GET and PUT
 * operations of one relation.
 */
export function registerRelationEditors(
  app: FastifyInstance,
  { permission, ...owner }: RelationConfig['owner'] & { permission: MasterPermission },
  editors: readonly [
    getOperation: OperationId,
    setOperation: OperationId,
    relation: Pick<RelationConfig, 'related' | 'join'>,
  ][],
): void {
  for (const [getOperation, setOperation, relation] of editors) {
    registerRelation(app, { getOperation, setOperation, permission, owner, ...relation });
  }
}

function registerRelation(app: FastifyInstance, config: RelationConfig): void {
  const db = () => app.services.db;

  async function ensureOwner(executor: Pick<Tx, 'select'>, id: number, lock: boolean) {
    const query = executor
      .select({ id: config.owner.id })
      .from(config.owner.table)
      .where(eq(config.owner.id, id));
    const [owner] = lock ? await query.for('update') : await query;
    if (!owner) throw notFound(messages.notFound(config.owner.noun));
  }

  // Every related table has an isActive column: the editor marks inactive linked records.
  const active = (config.related.table as unknown as Record<string, unknown>).isActive as
    AnyColumn | undefined;

  async function readRelated(executor: Pick<Tx, 'select'>, id: number) {
    const related = await executor
      .select({
        id: config.related.id,
        name: sql<string>`${config.related.label}`,
        ...(active && { isActive: sql<boolean>`${active}` }),
      })
      .from(config.join.table)
      .innerJoin(config.related.table, eq(config.related.id, config.join.relatedId))
      .where(eq(config.join.ownerId, id))
      .orderBy(asc(config.join.relatedId));
    const typed = related as { id: number; name: string; isActive?: boolean }[];
    return { id, relatedIds: typed.map((row) => row.id), related: typed };
  }

  register(app, config.getOperation, `VIEW_${config.permission}`, async (request) => {
    const { id } = request.params as { id: number };
    await ensureOwner(db(), id, false);
    return readRelated(db(), id);
  });

  register(app, config.setOperation, `UPDATE_${config.permission}`, async (request) => {
    const { id } = request.params as { id: number };
    const { relatedIds } = request.body as { relatedIds: number[] };
    return db().transaction(async (tx) => {
      // Serialises concurrent saves of the same owner; a deleted owner is a 404.
      await ensureOwner(tx, id, true);
      await replaceRelation(tx, config, id, relatedIds);
      return readRelated(tx, id);
    });
  });
}
