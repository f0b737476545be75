import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { BoundedCache, cachePerOwner } from '../lib/bounded-cache.ts';
import type { PageRequest } from './page-request.ts';

// The total of a list, cheaply: matches are counted up to EXACT_COUNT_LIMIT; beyond that the
// total is PostgreSQL's planner estimate (EXPLAIN, no execution), flagged
// `totalCountIsEstimate`. The capped count of a list (table and filter) is reused for
// COUNT_TTL_MS (the next pages of the same search, the same page asked again) unless a write
// through any process touched the table (touchListedTable); the page query then carries no
// count at all.

/** Matches counted exactly; a list with more reports the planner's estimate (never less). */
export const EXACT_COUNT_LIMIT = 1_000;
/**
 * How long a list's capped count is reused when no write touched its table: the bound within
 * which a change made outside the server (SQL typed into the database) shows in `totalCount` of a
 * page that does not end the list. A write through any process shows at once.
 */
export const COUNT_TTL_MS = 5_000;
/** How long a planner estimate is reused (an estimate, so as long as the keyset anchors). */
const ESTIMATE_TTL_MS = 30_000;

/** `select count(*) from (select 1 ... where ... limit EXACT_COUNT_LIMIT + 1)`. */
export function cappedCount(request: PageRequest): SQL {
  const capped = request
    .countSource(request.db, { one: sql`1` })
    .where(request.where)
    .limit(EXACT_COUNT_LIMIT + 1);
  return sql`(select count(*) from (${capped}) as capped)`;
}

export async function exactCount(request: PageRequest): Promise<number> {
  const [row] = await request
    .countSource(request.db, { count: sql<number>`count(*)::int` })
    .where(request.where);
  return Number((row as { count: number } | undefined)?.count ?? 0);
}

/* ---------- reused capped counts ---------- */

interface KnownCount {
  version: number;
  capped: number;
}

/** Capped counts (at most EXACT_COUNT_LIMIT + 1) by database and list, with the table version they saw. */
const countCacheOf = cachePerOwner<Db, string, KnownCount>({
  maxEntries: 500,
  ttlMs: COUNT_TTL_MS,
});

/** The capped count of the list `key` read at `version` within COUNT_TTL_MS, if any. */
export function cachedCount(db: Db, key: string, version: number, now: number): number | undefined {
  const cache = countCacheOf(db);
  const known = cache.get(key, now);
  if (!known) return undefined;
  if (known.version !== version) {
    cache.delete(key);
    return undefined;
  }
  return known.capped;
}

export function rememberCount(
  db: Db,
  key: string,
  version: number,
  now: number,
  count: number,
): void {
  countCacheOf(db).set(key, { version, capped: Math.min(count, EXACT_COUNT_LIMIT + 1) }, now);
}

/* ---------- planner estimates ---------- */

const estimates = new BoundedCache<string, Promise<number>>({
  maxEntries: 200,
  ttlMs: ESTIMATE_TTL_MS,
});

/** PostgreSQL's estimate of the rows the filter matches (planning only; reused ESTIMATE_TTL_MS). */
export function estimatedCount(request: PageRequest, key: string): Promise<number> {
  const now = Date.now();
  const cached = estimates.get(key, now);
  if (cached) return cached;
  const value = planRows(request);
  value.catch(() => estimates.delete(key, value));
  estimates.set(key, value, now);
  return value;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
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
