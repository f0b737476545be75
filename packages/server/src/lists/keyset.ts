import { and, or, sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { qualified as q } from '../db/fold.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { orderByTerms, type PageRequest, type SortTerm } from './page-request.ts';

// Deep pages without walking the offset: when the order is one stored, non-null column of the
// listed table plus the id (the default name order, a code, the id), every ANCHOR_STEP-th sort
// key of the filtered list is remembered (keyset anchors, one ordered index scan, rebuilt after
// ANCHOR_TTL_MS or a write through this process) and page N seeks to the nearest anchor
// (`WHERE (key, id) > anchor`) and walks fewer than ANCHOR_STEP rows from there.

/**
 * Rows between two keyset anchors: the most a deep page walks after its seek. The walk is most
 * of a deep page's database time (PGlite's above all), so anchors are dense; a list of N rows
 * keeps N / ANCHOR_STEP anchors, within ANCHOR_BUDGET overall.
 */
export const ANCHOR_STEP = 100;
/** Offsets from which a page is read through anchors (below, walking is cheaper than building). */
export const ANCHOR_MIN_OFFSET = 2_000;
/** How long anchors and page marks are trusted when no write through this process touched the table. */
export const ANCHOR_TTL_MS = 30_000;
/** Lists whose anchors (or page marks) are kept. */
export const LISTS_KEPT = 200;
/** Anchors kept over all lists (about 100 bytes each); the least recently used lists go first. */
const ANCHOR_BUDGET = 200_000;

/** A row of a list by its position, sort key and id: where a keyset seek starts. */
export interface Anchor {
  /** 1-based position of the anchor row in the filtered, sorted list. */
  position: number;
  key: unknown;
  id: number;
}

/** A keyset order: its sort key column, or null when the order is the id alone. */
export interface Keyset {
  key: PgColumn | null;
}

/** The sort key column when the order allows a keyset: one stored non-null column + the id. */
export function keysetOf(request: PageRequest): Keyset | null {
  const [first, second, ...rest] = request.sort;
  if (!first || rest.length > 0) return null;
  if (!second) return first.expression === request.id ? { key: null } : null;
  if (second.expression !== request.id) return null;
  const column = first.expression;
  if (!(column instanceof PgColumn) || !column.notNull || column.table !== request.table) {
    return null;
  }
  return { key: column };
}

/** Index of the last anchor at or before `position` in anchors sorted by position, or -1. */
export function lastAtOrBefore(anchors: Anchor[], position: number): number {
  let low = 0;
  let high = anchors.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (anchors[middle]!.position <= position) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** Rows strictly after `anchor` in the list's order. */
export function afterAnchor(request: PageRequest, key: PgColumn | null, anchor: Anchor): SQL {
  const idTerm: SortTerm = request.sort[request.sort.length - 1]!;
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

/* ---------- anchors ---------- */

interface AnchorEntry {
  version: number;
  anchors: Promise<Anchor[]>;
  /** How many anchors, once built (the entry's weight against ANCHOR_BUDGET). */
  size: number;
}

const anchorCache = new BoundedCache<string, AnchorEntry>({
  maxEntries: LISTS_KEPT,
  ttlMs: ANCHOR_TTL_MS,
  maxWeight: ANCHOR_BUDGET,
  weightOf: (entry) => entry.size,
});

/**
 * The anchors of the list `listKey` (table, filter and order) read at table `version`: every
 * ANCHOR_STEP-th row, built by one ordered scan and reused while trusted.
 */
export function anchorsFor(
  request: PageRequest,
  key: PgColumn | null,
  listKey: string,
  version: number,
): Promise<Anchor[]> {
  const now = Date.now();
  const cached = anchorCache.get(listKey, now);
  if (cached && cached.version === version) return cached.anchors;
  const entry: AnchorEntry = { version, anchors: readAnchors(request, key), size: 0 };
  entry.anchors.then(
    (built) => {
      entry.size = built.length;
      anchorCache.reweigh(listKey, entry);
    },
    () => anchorCache.delete(listKey, entry),
  );
  anchorCache.set(listKey, entry, now);
  return entry.anchors;
}

async function readAnchors(request: PageRequest, key: PgColumn | null): Promise<Anchor[]> {
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
  const rows = await request.db
    .select({ key: sub.key, id: sub.id, position: sub.position })
    .from(sub)
    .where(sql`${sub.position} % ${ANCHOR_STEP} = 0`);
  return rows.map((row) => ({ key: row.key, id: Number(row.id), position: Number(row.position) }));
}
