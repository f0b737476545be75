import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgColumn, type PgSelect, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthRequirement } from '../http/contract.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db, Tx } from '../db/client.ts';
import { containsPattern, foldText, joinedPatterns, joinedWords } from '../db/fold.ts';
import { registerOperation, type OperationHandler, type OperationId } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';
import { orderByTerms, sortTermsOf } from '../lists/page-request.ts';
import { readPage } from '../lists/read-page.ts';

export { pageOf } from '../lists/read-page.ts';
import type { MasterPermission } from './contract-types.ts';
import { messages, type Noun } from './nouns.ts';
import { resourceWrites } from './writes.ts';

// The one route factory of the master data (STYLE habit 5): given a resource's table, columns
// and rules it registers the paged list, the dropdown options, read, create, update and delete
// (the writes in ./writes.ts), each behind its permission. Resource modules (./products.ts...)
// hold only what the spec makes different about them.

export type { MasterPermission } from './contract-types.ts';

export interface WriteContext {
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
  afterWrite?: (tx: Tx, id: number) => Promise<unknown>;
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

/** FROM the resource's table alone: a `source` without joins, or a joined one's `countSource`. */
export function tableSource(table: PgTable) {
  return (db: Db, fields: SelectedFields) => db.select(fields).from(table).$dynamic();
}

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
  const { operations, permission } = config;
  const readDetail = detailReaderOf(config);
  const writes = resourceWrites(app, config, readDetail);
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  registerPagedList(app, config);
  registerOptions(app, config);
  register(app, operations.get, `VIEW_${permission}`, async (request) =>
    readDetail(app.services.db, idOf(request)),
  );
  register(app, operations.create, `CREATE_${permission}`, async (request, reply) => {
    const created = await writes.save(request, 'create');
    reply.code(201);
    return created;
  });
  register(app, operations.update, `UPDATE_${permission}`, async (request) =>
    writes.save(request, 'update', idOf(request)),
  );
  register(app, operations.delete, `DELETE_${permission}`, async (request) =>
    writes.remove(request, idOf(request)),
  );
}

const sameRow = (raw: Record<string, unknown>) => raw;

/** The single-record answer: a list row plus the detail fields; a missing id is a 404. */
function detailReaderOf<TInput>(config: ResourceConfig<TInput>) {
  const toRow = config.toRow ?? sameRow;
  const detailFields = { ...config.rowFields, ...config.detailFields };
  return async (database: Db, id: number): Promise<Record<string, unknown>> => {
    const [row] = await config.source(database, detailFields).where(eq(config.id, id)).limit(1);
    if (!row) throw notFound(messages.notFound(config.noun));
    return toRow(row as Record<string, unknown>);
  };
}

function registerPagedList<TInput>(app: FastifyInstance, config: ResourceConfig<TInput>): void {
  const toRow = config.toRow ?? sameRow;
  register(app, config.operations.paged, `VIEW_${config.permission}`, async (request) => {
    const query = request.query as Query;
    const where = and(
      searchOf(query.Filter, config.search),
      ...extraFiltersOf(query, config.filters),
    );
    // One round trip, a capped count and keyset anchors for deep pages (lists/read-page.ts).
    const result = await readPage<Record<string, unknown>>({
      db: app.services.db,
      table: config.table,
      id: config.id,
      source: config.source,
      countSource: config.countSource ?? config.source,
      fields: config.rowFields,
      where,
      sort: sortTermsOf(query.Sort, config.sort, config.defaultSort, config.id),
      // The contract's defaults (Page 1, PageSize) are filled in by the request validation.
      page: Number(query.Page),
      pageSize: Number(query.PageSize),
    });
    return { ...result, rows: result.rows.map(toRow) };
  });
}

/**
 * The dropdown options. `Ids`: exactly those records, active or not (an edit form's current
 * values); otherwise the active ones, a page at a time (`Skip`) so a dropdown reaches every
 * record (issue 13).
 */
function registerOptions<TInput>(app: FastifyInstance, config: ResourceConfig<TInput>): void {
  const { options } = config;
  register(app, config.operations.options, options.auth ?? 'authenticated', async (request) => {
    const query = request.query as Query;
    const ids = Array.isArray(query.Ids) ? query.Ids.map(Number) : [];
    const orderBy = orderByOf(
      query.Sort,
      { name: options.sortName, id: config.id },
      ['name'],
      config.id,
    );
    const select = app.services.db
      .select({
        id: sql<number>`${config.id}`,
        name: sql<string>`${options.label}`,
        ...(ids.length > 0 && { isActive: sql<boolean>`${options.active}` }),
      })
      .from(config.table)
      .where(
        and(
          ids.length > 0 ? inArray(config.id, ids) : eq(options.active, true),
          searchOf(query.Filter, options.search),
          ...extraFiltersOf(query, options.filters),
        ),
      )
      .orderBy(...orderBy)
      .$dynamic();
    return ids.length > 0
      ? select
      : select.limit(Number(query.Take)).offset(Number(query.Skip ?? 0));
  });
}
