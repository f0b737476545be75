import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgColumn, type PgSelect, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthRequirement } from '../http/contract.ts';
import { principalOf } from '../auth/guard.ts';
import { invalidatePrincipalsAfterWriteTo, type Principal } from '../auth/principal.ts';
import type { Db, Tx } from '../db/client.ts';
import { containsPattern, foldText, joinedPatterns, joinedWords } from '../db/fold.ts';
import { registerOperation, type OperationHandler, type OperationId } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';
import { mapWriteError, type WriteErrorMapping } from './db-errors.ts';
import { orderByTerms, readPage, sortTermsOf, touchListedTable } from './listing.ts';

export { pageOf } from './listing.ts';
import type { MasterPermission } from './contract-types.ts';
import { messages, type Noun } from './nouns.ts';

// The one route factory of the master data (STYLE habit 5): given a resource's table, columns
// and rules it registers the paged list, the dropdown options, read, create, update and delete,
// each behind its permission. Resource modules (./brands.ts...) hold only what the spec makes
// different about them.

export type { MasterPermission } from './contract-types.ts';

interface WriteContext {
  db: Db;
  request: FastifyRequest;
  principal: Principal;
  /** The id being updated; undefined on create. */
  id?: number;
}

/** What a resource's `prepare` hands back: the row values and what to write after the row. */
export interface PreparedWrite {
  values: Record<string, unknown>;
  /** Runs in the same transaction after the insert or update (join rows). */
  afterWrite?: (tx: Tx, id: number) => Promise<void>;
  /** Runs after the transaction committed (e.g. removing a replaced image). */
  afterCommit?: () => Promise<void>;
  /** Runs when the transaction failed (e.g. removing an image stored for nothing). */
  onFailure?: () => Promise<void>;
  /**
   * Runs first in the transaction, before the insert or update (privilege checks,
   * auth/privileges.ts); the check it returns runs last, after `afterWrite`, before the commit.
   */
  guard?: (tx: Tx) => Promise<() => Promise<void>>;
}

export interface ResourceConfig<TInput> {
  noun: Noun;
  permission: MasterPermission;
  operations: {
    paged: OperationId;
    options: OperationId;
    get: OperationId;
    create: OperationId;
    update: OperationId;
    delete: OperationId;
  };
  table: PgTable;
  id: PgColumn;
  /** FROM (with joins) shared by the page, its count and the read of one record. */
  source: (db: Db, fields: SelectedFields) => PgSelect;
  /**
   * FROM for the count of a page when `source` joins tables only to show names (the filters use
   * the main table alone): counting then skips the joins.
   */
  countSource?: (db: Db, fields: SelectedFields) => PgSelect;
  /** The columns of a list row, named as the contract names them. */
  rowFields: SelectedFields;
  /** Extra columns of the single-record answer (relation ids). */
  detailFields?: SelectedFields;
  /** Post-processing of a selected row (null descriptions, computed names). */
  toRow?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /** Folded expressions (fold() or a stored search_text) the Filter text is looked for in. */
  search: (SQL | AnyColumn)[];
  /**
   * Sort keys of the paged list -> expression (use fold() for text): exactly the list's `Sort`
   * enum of the contract, checked with `satisfies SortMap<'/brands/paged'>`.
   */
  sort: Record<string, SQL | AnyColumn>;
  /** Default sort keys ('-' prefix for descending). */
  defaultSort: string[];
  /** Extra integer query filters of the paged list (categoryId...). */
  filters?: Record<string, (value: number) => SQL>;
  options: {
    /** The `name` of an option. */
    label: SQL | AnyColumn;
    active: AnyColumn;
    search: (SQL | AnyColumn)[];
    /** Expression sorted on for `Sort=name`. */
    sortName: SQL;
    filters?: Record<string, (value: number) => SQL>;
    /** Default: any signed-in user (other forms' dropdowns need them). */
    auth?: AuthRequirement;
  };
  /** The body of a create or update (default: the validated JSON body). */
  readInput?: (request: FastifyRequest, kind: 'create' | 'update') => Promise<TInput>;
  /** Spec rules and the values to store; throws the 400 envelope when invalid. */
  prepare: (input: TInput, context: WriteContext) => Promise<PreparedWrite>;
  /** Unique constraint -> field and the label used in 'Ya existe {una marca} con ese {label}.' */
  uniques?: Record<string, { field: string; label: string }>;
  /** Database column of a foreign key -> field and the message for a missing referenced row. */
  references?: Record<string, { field: string; message: string }>;
  /** A 4xx refusal before a delete (e.g. deleting oneself). */
  beforeDelete?: (context: WriteContext & { id: number }) => Promise<void>;
  /**
   * Runs first in the delete's transaction (privilege checks, auth/privileges.ts); the check it
   * returns runs after the delete, before the commit.
   */
  guardDelete?: (tx: Tx, context: WriteContext & { id: number }) => Promise<() => Promise<void>>;
  /** Runs after a committed delete with the deleted row's columns. */
  afterDelete?: (
    deleted: Record<string, unknown>,
    context: { db: Db; request: FastifyRequest },
  ) => Promise<void>;
}

type Query = Record<string, unknown>;

/** Registers an operation whose typing the factory cannot name statically. */
export function register(
  app: FastifyInstance,
  operationId: OperationId,
  auth: AuthRequirement,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  registerOperation(app, operationId, { auth }, handler as OperationHandler<OperationId>);
}

/** `Sort` as the contract delivers it (coerced to an array) -> validated ORDER BY terms. */
export function orderByOf(
  requested: unknown,
  columns: Record<string, SQL | AnyColumn>,
  defaults: string[],
  tieBreaker: AnyColumn,
): SQL[] {
  return orderByTerms(sortTermsOf(requested, columns, defaults, tieBreaker));
}

/**
 * OR of `expression LIKE '%term%'` over folded expressions; undefined for an empty filter. A
 * stored `search_text` searched for a term of several words is read through the trigram index of
 * its word-joined form instead (../db/fold.ts joinedWords): the term's junctions select the
 * candidates and `strpos(search_text, term) > 0` keeps the filter exact. strpos, not LIKE: no
 * trigram index answers it (a LIKE would add every trigram of the term to the index scan), and
 * the planner takes it as one row in three instead of multiplying two pattern estimates down to
 * a single row (which made it join the states by 1 386 index look-ups; bench/pointofsales.md).
 * A one-word term stays a plain LIKE, answered by the plain trigram index or by a walk of a
 * covering sort index.
 */
export function searchOf(filter: unknown, expressions: (SQL | AnyColumn)[]): SQL | undefined {
  const term = typeof filter === 'string' ? filter.trim() : '';
  if (term === '' || expressions.length === 0) return undefined;
  const pattern = containsPattern(term);
  return or(
    ...expressions.map((expression) => {
      if (!isSearchText(expression) || !term.includes(' ')) {
        return sql`${expression} like ${pattern}`;
      }
      // strpos first: PostgreSQL keeps this order between conditions of equal cost, so a walk
      // of a sort index computes replace() only for the rows that contain the term.
      const joined = joinedWords(expression);
      return and(
        sql`strpos(${expression}, ${foldText(term)}) > 0`,
        ...joinedPatterns(term).map((junction) => sql`${joined} like ${junction}`),
      )!;
    }),
  );
}

function isSearchText(expression: SQL | AnyColumn): expression is PgColumn {
  return expression instanceof PgColumn && expression.name === 'search_text';
}

function extraFiltersOf(
  query: Query,
  filters: Record<string, (value: number) => SQL> | undefined,
): SQL[] {
  const conditions: SQL[] = [];
  for (const [name, build] of Object.entries(filters ?? {})) {
    const value = query[name];
    if (typeof value === 'number') conditions.push(build(value));
  }
  return conditions;
}

export function registerResource<TInput>(
  app: FastifyInstance,
  config: ResourceConfig<TInput>,
): void {
  const { operations, permission, noun } = config;
  const db = () => app.services.db;
  const toRow = config.toRow ?? ((raw: Record<string, unknown>) => raw);
  const detailFields = { ...config.rowFields, ...config.detailFields };
  const writeErrors: WriteErrorMapping = {
    uniques: Object.fromEntries(
      Object.entries(config.uniques ?? {}).map(([constraint, { field, label }]) => [
        constraint,
        { field, message: messages.duplicate(noun, label) },
      ]),
    ),
    references: config.references ?? {},
    inUse: messages.inUse(noun),
  };

  async function readDetail(database: Db, id: number): Promise<Record<string, unknown>> {
    const [row] = await config.source(database, detailFields).where(eq(config.id, id)).limit(1);
    if (!row) throw notFound(messages.notFound(noun));
    return toRow(row as Record<string, unknown>);
  }

  register(app, operations.paged, `VIEW_${permission}`, async (request) => {
    const query = request.query as Query;
    // The contract's defaults (Page 1, PageSize) are filled in by the request validation.
    const page = Number(query.Page);
    const pageSize = Number(query.PageSize);
    const where = and(
      searchOf(query.Filter, config.search),
      ...extraFiltersOf(query, config.filters),
    );
    // One round trip, a capped count and keyset anchors for deep pages (./listing.ts).
    const result = await readPage<Record<string, unknown>>({
      db: db(),
      table: config.table,
      id: config.id,
      source: config.source,
      countSource: config.countSource ?? config.source,
      fields: config.rowFields,
      where,
      sort: sortTermsOf(query.Sort, config.sort, config.defaultSort, config.id),
      page,
      pageSize,
    });
    return { ...result, rows: result.rows.map(toRow) };
  });

  register(app, operations.options, config.options.auth ?? 'authenticated', async (request) => {
    const query = request.query as Query;
    const take = Number(query.Take);
    const orderBy = orderByOf(
      query.Sort,
      { name: config.options.sortName, id: config.id },
      ['name'],
      config.id,
    );
    // `Ids`: exactly those records, active or not (an edit form's current values); otherwise
    // the active ones, a page at a time (`Skip`) so a dropdown reaches every record (issue 13).
    const ids = Array.isArray(query.Ids) ? query.Ids.map(Number) : [];
    const select = db()
      .select({
        id: sql<number>`${config.id}`,
        name: sql<string>`${config.options.label}`,
        ...(ids.length > 0 && { isActive: sql<boolean>`${config.options.active}` }),
      })
      .from(config.table)
      .where(
        and(
          ids.length > 0 ? inArray(config.id, ids) : eq(config.options.active, true),
          searchOf(query.Filter, config.options.search),
          ...extraFiltersOf(query, config.options.filters),
        ),
      )
      .orderBy(...orderBy)
      .$dynamic();
    return ids.length > 0 ? select : select.limit(take).offset(Number(query.Skip ?? 0));
  });

  register(app, operations.get, `VIEW_${permission}`, async (request) => {
    const { id } = request.params as { id: number };
    return readDetail(db(), id);
  });

  async function write(
    request: FastifyRequest,
    kind: 'create' | 'update',
    id: number | undefined,
  ): Promise<Record<string, unknown>> {
    const database = db();
    const input = config.readInput
      ? await config.readInput(request, kind)
      : (request.body as TInput);
    const context: WriteContext = { db: database, request, principal: principalOf(request), id };
    const prepared = await config.prepare(input, context);
    let savedId: number;
    try {
      savedId = await database.transaction(async (tx) => {
        const afterGuard = await prepared.guard?.(tx);
        let rowId: number;
        if (kind === 'create') {
          const [created] = await tx
            .insert(config.table)
            .values(prepared.values)
            .returning({ id: config.id });
          rowId = (created as { id: number }).id;
        } else {
          const [updated] = await tx
            .update(config.table)
            .set(prepared.values)
            .where(eq(config.id, id!))
            .returning({ id: config.id });
          if (!updated) throw notFound(messages.notFound(noun));
          rowId = (updated as { id: number }).id;
        }
        await prepared.afterWrite?.(tx, rowId);
        await afterGuard?.();
        return rowId;
      });
    } catch (error) {
      await prepared.onFailure?.().catch((cleanupError: unknown) => {
        request.log.warn({ err: cleanupError }, 'cleanup after a failed write failed');
      });
      mapWriteError(error, writeErrors);
    }
    touchListedTable(config.table);
    invalidatePrincipalsAfterWriteTo(config.table);
    await prepared.afterCommit?.().catch((cleanupError: unknown) => {
      request.log.warn({ err: cleanupError }, 'cleanup after a write failed');
    });
    return readDetail(database, savedId);
  }

  register(app, operations.create, `CREATE_${permission}`, async (request, reply) => {
    const created = await write(request, 'create', undefined);
    reply.code(201);
    return created;
  });

  register(app, operations.update, `UPDATE_${permission}`, async (request) => {
    const { id } = request.params as { id: number };
    return write(request, 'update', id);
  });

  register(app, operations.delete, `DELETE_${permission}`, async (request) => {
    const { id } = request.params as { id: number };
    const database = db();
    const context = { db: database, request, principal: principalOf(request), id };
    await config.beforeDelete?.(context);
    let deleted: Record<string, unknown> | undefined;
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
    if (!deleted) throw notFound(messages.notFound(noun));
    touchListedTable(config.table);
    invalidatePrincipalsAfterWriteTo(config.table);
    await config
      .afterDelete?.(deleted, { db: database, request })
      .catch((cleanupError: unknown) => {
        request.log.warn({ err: cleanupError }, 'cleanup after a delete failed');
      });
    return { id };
  });
}
