import { createHash } from 'node:crypto';
import {
  and,
  asc,
  desc,
  getTableName,
  inArray,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  PgColumn,
  PgDialect,
  type PgSelect,
  type PgTable,
  type SelectedFields,
} from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { nameStatement } from '../db/pglite-named.ts';
import type { Page } from './contract-types.ts';
import { qualified as q } from '../db/fold.ts';
import { badRequest, type ValidationIssue } from '../http/errors.ts';

// How a paged list is read fast at any size (issue 13; rules in docs/decisions.md "Lists at
// scale", figures in bench/pointofsales.md). Used by the resource factory, so every paged list
// of the master data (and of any resource registered through it) gets the same three things:
//
// 1. One round trip for a page and its count: the rows (one more than asked, which tells whether
//    a next page exists) carry the count as an uncorrelated scalar subquery (an InitPlan,
//    evaluated once), and a page that ends the list gives the exact total without counting.
// 2. A cheap count: matches are counted up to EXACT_COUNT_LIMIT; beyond that the total is
//    PostgreSQL's planner estimate (EXPLAIN, no execution), flagged `totalCountIsEstimate`.
//    The capped count of a list (table and filter) is reused for COUNT_TTL_MS (the next pages
//    of the same search, the same page asked again) unless a write through this process touched
//    the table (touchListedTable); the page query then carries no count at all.
// 3. Page ids first: when the order is on the listed table, the page's ids are read from that
//    table alone (an index-only walk where the sort index covers the filter) and only those rows
//    are joined (a deferred join).
// 4. Deep pages without walking the offset: when the order is one stored, non-null column of the
//    listed table plus the id (the default name order, a code, the id), every ANCHOR_STEP-th sort
//    key of the filtered list is remembered (keyset anchors, one ordered index scan, rebuilt after
//    ANCHOR_TTL_MS or a write through this process) and page N seeks to the nearest anchor
//    (`WHERE (key, id) > anchor`) and walks fewer than ANCHOR_STEP (100) rows from there.
// 5. No rebuilding: the same page of the same list asked again runs the query built the first
//    time (see "built page queries" below).
// 6. Pages continue where the last one ended (page marks): with such an order, every page read
//    remembers the sort key of the row before it and of its last row, so the next page, or the
//    same page asked again, seeks there like a keyset cursor instead of walking its offset
//    again (a filter whose matches sit far down the sort index walks them once per list, not
//    once per page). Same trust rules as the anchors.

/** Matches counted exactly; a list with more reports the planner's estimate (never less). */
export const EXACT_COUNT_LIMIT = 1_000;
/**
 * Rows between two keyset anchors: the most a deep page walks after its seek. 100, not 1 000:
 * the walk was most of a deep page's database time, PGlite's above all (bench/README.md
 * "Session 6"); a list of N rows keeps N / 100 anchors, within ANCHOR_BUDGET overall.
 */
export const ANCHOR_STEP = 100;
/** Offsets from which a page is read through anchors (below, walking is cheaper than building). */
const ANCHOR_MIN_OFFSET = 2_000;
/** How long anchors are trusted when no write through this process touched the table. */
export const ANCHOR_TTL_MS = 30_000;
const ANCHOR_CACHE_SIZE = 200;
/** Page marks kept per list (two per page read); the lowest positions stay when it is full. */
const MARKS_PER_LIST = 256;
/** Anchors kept over all lists (about 100 bytes each); the least recently used lists go first. */
const ANCHOR_BUDGET = 200_000;
/**
 * How long a list's capped count is reused when no write through this process touched its
 * table: the bound within which a change made elsewhere (another process, SQL typed into the
 * database) shows in `totalCount` of a page that does not end the list.
 */
export const COUNT_TTL_MS = 5_000;
const COUNT_CACHE_SIZE = 500;

/** One validated `Sort` key. */
export interface SortTerm {
  key: string;
  expression: SQL | AnyColumn;
  descending: boolean;
}

/** `Sort` as the contract delivers it -> validated terms, the id tie-breaker last. */
export function sortTermsOf(
  requested: unknown,
  columns: Record<string, SQL | AnyColumn>,
  defaults: string[],
  tieBreaker: AnyColumn,
): SortTerm[] {
  const keys = (Array.isArray(requested) ? requested : requested ? [requested] : []).map(String);
  const effective = keys.length > 0 ? keys : defaults;
  const seen = new Set<string>();
  const terms: SortTerm[] = [];
  const issues: ValidationIssue[] = [];
  for (const raw of effective) {
    const descending = raw.startsWith('-');
    const key = descending ? raw.slice(1) : raw;
    const expression = Object.hasOwn(columns, key) ? columns[key] : undefined;
    if (!expression) {
      issues.push({
        field: 'Sort',
        message: `No se puede ordenar por "${key}". Columnas permitidas: ${Object.keys(columns).join(', ')}.`,
      });
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ key, expression, descending });
  }
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
  if (!seen.has('id')) terms.push({ key: 'id', expression: tieBreaker, descending: false });
  return terms;
}

export function orderByTerms(terms: SortTerm[]): SQL[] {
  return terms.map((t) => (t.descending ? desc(t.expression) : asc(t.expression)));
}

export interface PageRequest {
  db: Db;
  table: PgTable;
  id: PgColumn;
  /** FROM (with joins) of the rows. */
  source: (db: Db, fields: SelectedFields) => PgSelect;
  /** FROM of the count and the anchors: the listed table alone when the filters allow it. */
  countSource: (db: Db, fields: SelectedFields) => PgSelect;
  fields: SelectedFields;
  where: SQL | undefined;
  sort: SortTerm[];
  page: number;
  pageSize: number;
}

export interface PageResult<Row> {
  rows: Row[];
  page: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  hasNext: boolean;
  hasPrev: boolean;
  /** True when more than EXACT_COUNT_LIMIT rows match and `totalCount` is the planner's estimate. */
  totalCountIsEstimate: boolean;
}

const TOTAL = '__total';
/** The sort key and id of a row, read for page marks. */
const MARK_KEY = '__mark_key';
const MARK_ID = '__mark_id';
const dialect = new PgDialect();

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** `select count(*) from (select 1 ... where ... limit EXACT_COUNT_LIMIT + 1)`. */
function cappedCount(request: PageRequest): SQL {
  const capped = request
    .countSource(request.db, { one: sql`1` })
    .where(request.where)
    .limit(EXACT_COUNT_LIMIT + 1);
  return sql`(select count(*) from (${capped}) as capped)`;
}

const estimateCache = new Map<string, { at: number; value: Promise<number> }>();

/** PostgreSQL's estimate of the rows the filter matches (planning only; kept ANCHOR_TTL_MS). */
function estimatedCount(request: PageRequest, key: string): Promise<number> {
  const now = Date.now();
  const cached = estimateCache.get(key);
  if (cached && now - cached.at < ANCHOR_TTL_MS) return cached.value;
  const value = planRows(request);
  value.catch(() => estimateCache.delete(key));
  estimateCache.set(key, { at: now, value });
  while (estimateCache.size > ANCHOR_CACHE_SIZE) {
    estimateCache.delete(estimateCache.keys().next().value!);
  }
  return value;
}

async function planRows(request: PageRequest): Promise<number> {
  const query = request.countSource(request.db, { one: sql`1` }).where(request.where);
  const result = await request.db.execute(sql`explain (format json) ${query}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: { 'Plan Rows': number };
  }[];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Capped counts (at most EXACT_COUNT_LIMIT + 1) by database and list, with the table version
 * they saw.
 */
const countCaches = new WeakMap<
  object,
  Map<string, { at: number; version: number; capped: number }>
>();

function countCacheOf(db: Db): Map<string, { at: number; version: number; capped: number }> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  return cache;
}

function cachedCount(db: Db, key: string, version: number, now: number): number | undefined {
  const countCache = countCacheOf(db);
  const cached = countCache.get(key);
  if (!cached) return undefined;
  if (cached.version !== version || now - cached.at >= COUNT_TTL_MS) {
    countCache.delete(key);
    return undefined;
  }
  return cached.capped;
}

function rememberCount(db: Db, key: string, version: number, now: number, count: number): void {
  const countCache = countCacheOf(db);
  countCache.delete(key);
  countCache.set(key, { at: now, version, capped: Math.min(count, EXACT_COUNT_LIMIT + 1) });
  while (countCache.size > COUNT_CACHE_SIZE) {
    countCache.delete(countCache.keys().next().value!);
  }
}

async function exactCount(request: PageRequest): Promise<number> {
  const [row] = await request
    .countSource(request.db, { count: sql<number>`count(*)::int` })
    .where(request.where);
  return Number((row as { count: number } | undefined)?.count ?? 0);
}

/* ---------- keyset anchors ---------- */

interface Anchor {
  /** 1-based position of the anchor row in the filtered, sorted list. */
  position: number;
  key: unknown;
  id: number;
}

interface AnchorEntry {
  builtAt: number;
  version: number;
  anchors: Promise<Anchor[]>;
  /** How many anchors, once built (counted in anchorsKept). */
  size: number;
}

const anchorCache = new Map<string, AnchorEntry>();
let anchorsKept = 0;

function forgetAnchors(cacheKey: string, entry: AnchorEntry): void {
  if (anchorCache.get(cacheKey) !== entry) return;
  anchorCache.delete(cacheKey);
  anchorsKept -= entry.size;
}

function trimAnchors(): void {
  while (anchorCache.size > ANCHOR_CACHE_SIZE || anchorsKept > ANCHOR_BUDGET) {
    const [oldestKey, oldest] = anchorCache.entries().next().value!;
    forgetAnchors(oldestKey, oldest);
  }
}
const tableVersions = new Map<string, number>();

/** Call after a write to a listed table: its anchors are rebuilt on the next deep page. */
export function touchListedTable(table: PgTable): void {
  const name = getTableName(table);
  tableVersions.set(name, (tableVersions.get(name) ?? 0) + 1);
}

/** The sort key column when the order allows a keyset: one stored non-null column + the id. */
function keysetColumn(request: PageRequest): { key: PgColumn | null; keyTerm?: SortTerm } | null {
  const [first, second, ...rest] = request.sort;
  if (!first || rest.length > 0) return null;
  if (!second) return first.expression === request.id ? { key: null } : null;
  if (second.expression !== request.id) return null;
  const column = first.expression;
  if (!(column instanceof PgColumn) || !column.notNull || column.table !== request.table) {
    return null;
  }
  return { key: column, keyTerm: first };
}

/** The list (table and filter) and, for anchors, its order, as a cache key. */
function cacheKeyOf(request: PageRequest, withOrder: boolean): string {
  return JSON.stringify([
    getTableName(request.table),
    whereQueryOf(request.where),
    withOrder ? request.sort.map((t) => [t.key, t.descending]) : null,
  ]);
}

function whereQueryOf(where: SQL | undefined): [string, unknown[]] {
  if (!where) return ['', []];
  const query = dialect.sqlToQuery(where);
  return [query.sql, query.params];
}

/* ---------- built page queries ---------- */

// Building a page's SQL with drizzle (15 columns, a join, the ids subquery and the count) costs
// as much CPU as the rest of a signed-in request's JavaScript (bench/cpu.ts profiles). The built
// query (text, parameters and row mapping, drizzle's prepare without a statement name) is kept
// per call site and reused when the same page of the same list is asked again: a list refetched
// on focus, the first page everybody opens, the next user on the same search. Its key is
// everything the SQL is made of, so a hit runs exactly what a fresh build would run.

const PAGE_QUERY_CACHE_SIZE = 200;

interface BuiltPage {
  execute(): Promise<unknown>;
}

/** By database (a prepared query runs on the session it was built on), source and columns. */
const builtPages = new WeakMap<object, WeakMap<object, WeakMap<object, Map<string, BuiltPage>>>>();

function builtPageFor(request: PageRequest, key: string, build: () => BuiltPage): BuiltPage {
  let bySource = builtPages.get(request.db);
  if (!bySource) {
    bySource = new WeakMap();
    builtPages.set(request.db, bySource);
  }
  let byFields = bySource.get(request.source);
  if (!byFields) {
    byFields = new WeakMap();
    bySource.set(request.source, byFields);
  }
  let cache = byFields.get(request.fields);
  if (!cache) {
    cache = new Map();
    byFields.set(request.fields, cache);
  }
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last (the Map's order is the eviction order).
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const built = build();
  cache.set(key, built);
  while (cache.size > PAGE_QUERY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return built;
}

/**
 * The page query, prepared. Unfiltered lists (the first page everybody opens, deep pages through
 * anchors) get a named statement, parsed and planned once per pooled connection: PostgreSQL then
 * reuses the plan (its generic plan when no worse than the custom ones), which halves the
 * database's CPU for a small page (bench/README.md). The name is a digest of the SQL, so the same
 * text always has the same name. Filtered lists stay unnamed (planned for each search): a plan
 * for "any pattern" can be a bad plan for a common one. On PGlite the same texts run as named
 * statements through db/pglite-named.ts (drizzle's PGlite driver ignores the name).
 */
function prepared(request: PageRequest, query: PgSelect): BuiltPage {
  if (request.where !== undefined) return query.prepare('');
  const text = query.toSQL().sql;
  const name = `page_${createHash('sha1').update(text).digest('base64url')}`;
  nameStatement(text, name);
  return query.prepare(name);
}

function anchorsFor(request: PageRequest, key: PgColumn | null): Promise<Anchor[]> {
  const table = getTableName(request.table);
  const cacheKey = cacheKeyOf(request, true);
  const version = tableVersions.get(table) ?? 0;
  const now = Date.now();
  const cached = anchorCache.get(cacheKey);
  if (cached && cached.version === version && now - cached.builtAt < ANCHOR_TTL_MS) {
    // Most recently used last (the Map's order is the eviction order).
    anchorCache.delete(cacheKey);
    anchorCache.set(cacheKey, cached);
    return cached.anchors;
  }
  const order = orderByTerms(request.sort);
  const sub = request
    .countSource(request.db, {
      key: key ? sql`${q(key)}`.as('anchor_key') : sql`null`.as('anchor_key'),
      id: sql<number>`${q(request.id)}`.as('anchor_id'),
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as(
        'anchor_position',
      ),
    })
    .where(request.where)
    .as('ranked');
  const anchors = request.db
    .select({ key: sub.key, id: sub.id, position: sub.position })
    .from(sub)
    .where(sql`${sub.position} % ${ANCHOR_STEP} = 0`)
    .then((rows) => {
      const built = rows.map((row) => ({
        key: row.key,
        id: Number(row.id),
        position: Number(row.position),
      }));
      if (anchorCache.get(cacheKey) === entry) {
        entry.size = built.length;
        anchorsKept += built.length;
        trimAnchors();
      }
      return built;
    });
  const entry: AnchorEntry = { builtAt: now, version, anchors, size: 0 };
  anchors.catch(() => forgetAnchors(cacheKey, entry));
  if (cached) forgetAnchors(cacheKey, cached);
  anchorCache.set(cacheKey, entry);
  trimAnchors();
  return anchors;
}

/** Rows strictly after `anchor` in the list's order. */
function afterAnchor(request: PageRequest, key: PgColumn | null, anchor: Anchor): SQL {
  const idTerm = request.sort[request.sort.length - 1]!;
  const idAfter = idTerm.descending
    ? sql`${q(request.id)} < ${anchor.id}`
    : sql`${q(request.id)} > ${anchor.id}`;
  if (!key) return idAfter;
  const keyTerm = request.sort[0]!;
  const value = sql`${anchor.key}`;
  // `key >= k` (or <=) is the index range start; the OR only sorts out rows with key = k.
  return keyTerm.descending
    ? and(sql`${q(key)} <= ${value}`, or(sql`${q(key)} < ${value}`, idAfter))!
    : and(sql`${q(key)} >= ${value}`, or(sql`${q(key)} > ${value}`, idAfter))!;
}

/* ---------- page marks ---------- */

interface MarkEntry {
  createdAt: number;
  version: number;
  /** By position, ascending, no two alike. */
  marks: Anchor[];
}

/** By database, then list (table, filter, order); the least recently used list goes first. */
const markCaches = new WeakMap<object, Map<string, MarkEntry>>();

/** The marks of a list, empty when it had none or they are no longer trusted. */
function markEntryOf(db: Db, listKey: string, version: number, now: number): MarkEntry {
  let lists = markCaches.get(db);
  if (!lists) {
    lists = new Map();
    markCaches.set(db, lists);
  }
  const cached = lists.get(listKey);
  lists.delete(listKey);
  const entry =
    cached && cached.version === version && now - cached.createdAt < ANCHOR_TTL_MS
      ? cached
      : { createdAt: now, version, marks: [] };
  // Most recently used last (the Map's order is the eviction order).
  lists.set(listKey, entry);
  while (lists.size > ANCHOR_CACHE_SIZE) lists.delete(lists.keys().next().value!);
  return entry;
}

/** Index of the last anchor at or before `position` in anchors sorted by position, or -1. */
function lastAtOrBefore(anchors: Anchor[], position: number): number {
  let low = 0;
  let high = anchors.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (anchors[middle]!.position <= position) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

function rememberMark(entry: MarkEntry, mark: Anchor): void {
  const at = lastAtOrBefore(entry.marks, mark.position);
  if (at >= 0 && entry.marks[at]!.position === mark.position) {
    entry.marks[at] = mark;
    return;
  }
  entry.marks.splice(at + 1, 0, mark);
  if (entry.marks.length > MARKS_PER_LIST) entry.marks.pop();
}

/* ---------- the page ---------- */

/** The page envelope of `rows` when the total is `totalCount`. */
export function pageOf<T>(rows: T[], page: number, pageSize: number, totalCount: number): Page<T> {
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    rows,
    page,
    pageSize,
    totalPages,
    totalCount,
    hasNext: page < totalPages,
    hasPrev: page > 1,
  };
}

/** Reads one page of a list and its total as described at the top of this file. */
export async function readPage<Row extends Record<string, unknown>>(
  request: PageRequest,
): Promise<PageResult<Row>> {
  const { page, pageSize } = request;
  const offset = (page - 1) * pageSize;
  const table = getTableName(request.table);
  const version = tableVersions.get(table) ?? 0;
  const now = Date.now();

  // The nearest known row at or before the page's first: an anchor of a deep page or a mark.
  const keyset = keysetColumn(request);
  let chosen: Anchor | undefined;
  if (keyset && offset >= ANCHOR_MIN_OFFSET) {
    const anchors = await anchorsFor(request, keyset.key);
    chosen = anchors[lastAtOrBefore(anchors, offset)];
  }
  // The filter as SQL text and values: part of the keys of the marks and of the count.
  const listWhere = whereQueryOf(request.where);
  const sortKey = request.sort.map((t) => [t.key, t.descending]);
  const marks = keyset
    ? markEntryOf(request.db, JSON.stringify([table, listWhere, sortKey]), version, now)
    : undefined;
  if (marks && offset > 0) {
    const mark = marks.marks[lastAtOrBefore(marks.marks, offset)];
    if (mark && (!chosen || mark.position > chosen.position)) chosen = mark;
  }
  const walk = offset - (chosen?.position ?? 0);
  // The row before the page is read too (when it is not the one sought), to be remembered.
  const before = marks && walk > 0 ? 1 : 0;
  // The anchor's condition is SQL built only with the query; the cache key names the anchor.
  const anchor = chosen;
  const whereOf = (): SQL | undefined =>
    anchor && keyset ? and(request.where, afterAnchor(request, keyset.key, anchor)) : request.where;

  // The list's count, when a recent page of it counted (and nothing was written since).
  const countKey = JSON.stringify([table, listWhere, null]);
  const known = cachedCount(request.db, countKey, version, now);
  // Built only with the query (a cached query already has them: a request reuses it as it is).
  const fieldsOf = () => ({
    ...request.fields,
    ...(known === undefined && { [TOTAL]: cappedCount(request).mapWith(Number) }),
    ...(keyset && {
      [MARK_ID]: sql`${q(request.id)}`,
      ...(keyset.key && { [MARK_KEY]: sql`${q(keyset.key)}` }),
    }),
  });
  // Deferred only when the ids can be read from fewer tables than the rows (a join to show names).
  const deferred = keyset !== null && request.countSource !== request.source;
  const pageKey = JSON.stringify([
    listWhere,
    anchor ? [anchor.key, anchor.id] : null,
    sortKey,
    known === undefined,
    deferred,
    pageSize,
    walk,
    before,
  ]);
  const built = builtPageFor(request, pageKey, () => {
    const fields = fieldsOf();
    const where = whereOf();
    const order = orderByTerms(request.sort);
    if (deferred) {
      // Deferred join: the ids of the page from the listed table alone (an index-only walk of
      // the sort index, which INCLUDEs search_text on the large tables), then their rows.
      const ids = request
        .countSource(request.db, { id: sql`${q(request.id)}` })
        .where(where)
        .orderBy(...order)
        .limit(pageSize + 1 + before)
        .offset(walk - before);
      return prepared(
        request,
        request
          .source(request.db, fields)
          .where(inArray(request.id, ids))
          .orderBy(...order),
      );
    }
    return prepared(
      request,
      request
        .source(request.db, fields)
        .where(where)
        .orderBy(...order)
        .limit(pageSize + 1 + before)
        .offset(walk - before),
    );
  });
  const read = (await built.execute()) as Record<string, unknown>[];
  const fetched = before ? read.slice(1) : read;
  if (marks && keyset) {
    const markOf = (raw: Record<string, unknown>, position: number): Anchor => ({
      position,
      key: keyset.key ? raw[MARK_KEY] : null,
      id: Number(raw[MARK_ID]),
    });
    if (before && read.length > 0) rememberMark(marks, markOf(read[0]!, offset));
    if (fetched.length >= pageSize) {
      rememberMark(marks, markOf(fetched[pageSize - 1]!, offset + pageSize));
    }
  }

  const hasNext = fetched.length > pageSize;
  const rows = fetched.slice(0, pageSize).map((raw) => {
    const { [TOTAL]: _total, [MARK_ID]: _id, [MARK_KEY]: _key, ...row } = raw;
    return row as Row;
  });

  let totalCount: number;
  let estimated = false;
  if (!hasNext && (rows.length > 0 || offset === 0)) {
    // The page ends the list: the total is known exactly.
    totalCount = offset + rows.length;
    rememberCount(request.db, countKey, version, now, totalCount);
  } else if (fetched.length === 0) {
    // Past the end of the list (or of a stale anchor): count for real, rare.
    totalCount = await exactCount(request);
    rememberCount(request.db, countKey, version, now, totalCount);
  } else {
    const capped = known ?? Number(fetched[0]![TOTAL]);
    if (known === undefined) rememberCount(request.db, countKey, version, now, capped);
    if (capped <= EXACT_COUNT_LIMIT) {
      // A reused count never contradicts the rows just read (a write made elsewhere).
      totalCount = Math.max(capped, offset + fetched.length);
    } else {
      estimated = true;
      const estimate = await estimatedCount(request, countKey);
      totalCount = Math.max(estimate, EXACT_COUNT_LIMIT + 1, offset + pageSize + 1);
    }
  }
  return { ...pageOf(rows, page, pageSize, totalCount), hasNext, totalCountIsEstimate: estimated };
}
