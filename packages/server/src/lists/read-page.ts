import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@anaquel/api/derived';
import { qualified as q } from '../db/fold.ts';
import {
  cachedCount,
  cappedCount,
  estimatedCount,
  exactCount,
  EXACT_COUNT_LIMIT,
  rememberCount,
} from './counts.ts';
import {
  afterAnchor,
  ANCHOR_MIN_OFFSET,
  anchorsFor,
  lastAtOrBefore,
  keysetOf,
  type Anchor,
  type Keyset,
} from './keyset.ts';
import { markBefore, pageMarksOf, rememberMark } from './page-marks.ts';
import { builtPageFor, prepared, type BuiltPage } from './page-queries.ts';
import { listKeysOf, orderByTerms, type ListKeys, type PageRequest } from './page-request.ts';
import { tableVersionOf } from './table-versions.ts';

// How a paged list is read fast at any size (rules in docs/decisions.md "Lists at scale",
// figures in bench/pointofsales.md). The resource factory and the visits' review read their
// paged lists here, so each gets:
//
// 1. One round trip for a page and its count: the rows (one more than asked, which tells whether
//    a next page exists) carry the count as an uncorrelated scalar subquery (an InitPlan,
//    evaluated once), and a page that ends the list gives the exact total without counting.
// 2. A cheap count, reused while trusted (./counts.ts).
// 3. Page ids first: when the order is on the listed table, the page's ids are read from that
//    table alone (an index-only walk where the sort index covers the filter) and only those rows
//    are joined (a deferred join).
// 4. Deep pages through keyset anchors (./keyset.ts) and pages that continue where the last one
//    ended (./page-marks.ts).
// 5. No rebuilding: the same page of the same list asked again runs the query built the first
//    time (./page-queries.ts).

/** A page that always says whether its total is the planner's estimate. */
type PageResult<Row> = Page<Row> & Required<Pick<Page<Row>, 'totalCountIsEstimate'>>;

const TOTAL = '__total';
/** The sort key and id of a row, read for page marks. */
const MARK_KEY = '__mark_key';
const MARK_ID = '__mark_id';

/** How one page is read: everything its SQL is made of besides the request. */
interface PagePlan {
  keyset: Keyset | null;
  /** The nearest known row at or before the page's first: an anchor of a deep page or a mark. */
  anchor: Anchor | undefined;
  /** Rows skipped after the anchor (or from the start). */
  walk: number;
  /** 1 when the row before the page is read too (when it is not the one sought), to be remembered. */
  before: 0 | 1;
  /** The list's count, when a recent page of it counted (and nothing was written since). */
  known: number | undefined;
  /** Ids first, then their rows: only when the ids come from fewer tables than the rows. */
  deferred: boolean;
}

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
  const keys = listKeysOf(request);
  const now = Date.now();
  const version = tableVersionOf(request.db, keys.table, now);
  const keyset = keysetOf(request);
  let anchor: Anchor | undefined;
  if (keyset && offset >= ANCHOR_MIN_OFFSET) {
    const anchors = await anchorsFor(request, keyset.key, keys.ordered, version);
    anchor = anchors[lastAtOrBefore(anchors, offset)];
  }
  const marks = keyset ? pageMarksOf(request.db, keys.ordered, version, now) : undefined;
  const mark = marks && markBefore(marks, offset);
  if (mark && (!anchor || mark.position > anchor.position)) anchor = mark;
  const walk = offset - (anchor?.position ?? 0);
  const plan: PagePlan = {
    keyset,
    anchor,
    walk,
    before: marks && walk > 0 ? 1 : 0,
    known: cachedCount(request.db, keys.unordered, version, now),
    deferred: keyset !== null && request.countSource !== request.source,
  };
  const built = builtPageFor(request, pageKeyOf(keys, plan, pageSize), () =>
    buildPage(request, plan),
  );
  const read = (await built.execute()) as Record<string, unknown>[];
  const fetched = plan.before ? read.slice(1) : read;
  if (marks && keyset) rememberPageMarks(marks, keyset, read, fetched, plan.before, request);

  const hasNext = fetched.length > pageSize;
  const rows = fetched.slice(0, pageSize).map((raw) => {
    const { [TOTAL]: _total, [MARK_ID]: _id, [MARK_KEY]: _key, ...row } = raw;
    return row as Row;
  });
  const count = { key: keys.unordered, version, now, known: plan.known };
  const total = await totalOf(request, rows.length, fetched, count);
  return {
    ...pageOf(rows, page, pageSize, total.totalCount),
    hasNext,
    totalCountIsEstimate: total.estimated,
  };
}

/** The key of the built page: everything its SQL is made of within one call site. */
function pageKeyOf(keys: ListKeys, plan: PagePlan, pageSize: number): string {
  const { anchor } = plan;
  return JSON.stringify([
    keys.where,
    anchor ? [anchor.key, anchor.id] : null,
    keys.sort,
    plan.known === undefined,
    plan.deferred,
    pageSize,
    plan.walk,
    plan.before,
  ]);
}

function buildPage(request: PageRequest, plan: PagePlan): BuiltPage {
  const { keyset, anchor, walk, before } = plan;
  const fields = {
    ...request.fields,
    ...(plan.known === undefined && { [TOTAL]: cappedCount(request).mapWith(Number) }),
    ...(keyset && {
      [MARK_ID]: sql`${q(request.id)}`,
      ...(keyset.key && { [MARK_KEY]: sql`${q(keyset.key)}` }),
    }),
  };
  const where: SQL | undefined =
    anchor && keyset ? and(request.where, afterAnchor(request, keyset.key, anchor)) : request.where;
  const order = orderByTerms(request.sort);
  const limit = request.pageSize + 1 + before;
  if (plan.deferred) {
    // Deferred join: the ids of the page from the listed table alone (an index-only walk of
    // the sort index, which INCLUDEs search_text on the large tables), then their rows.
    const ids = request
      .countSource(request.db, { id: sql`${q(request.id)}` })
      .where(where)
      .orderBy(...order)
      .limit(limit)
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
      .limit(limit)
      .offset(walk - before),
  );
}

/** Remembers the row before the page (when read) and the page's last row as page marks. */
function rememberPageMarks(
  marks: Anchor[],
  keyset: Keyset,
  read: Record<string, unknown>[],
  fetched: Record<string, unknown>[],
  before: 0 | 1,
  request: PageRequest,
): void {
  const offset = (request.page - 1) * request.pageSize;
  const markOf = (raw: Record<string, unknown>, position: number): Anchor => ({
    position,
    key: keyset.key ? raw[MARK_KEY] : null,
    id: Number(raw[MARK_ID]),
  });
  if (before && read.length > 0) rememberMark(marks, markOf(read[0]!, offset));
  if (fetched.length >= request.pageSize) {
    rememberMark(marks, markOf(fetched[request.pageSize - 1]!, offset + request.pageSize));
  }
}

interface CountContext {
  /** The list whatever its order. */
  key: string;
  version: number;
  now: number;
  known: number | undefined;
}

/** The list's total from the page read (`rows` kept of `fetched`), counted only when unknown. */
async function totalOf(
  request: PageRequest,
  rows: number,
  fetched: Record<string, unknown>[],
  { key, version, now, known }: CountContext,
): Promise<{ totalCount: number; estimated: boolean }> {
  const offset = (request.page - 1) * request.pageSize;
  const hasNext = fetched.length > request.pageSize;
  if (!hasNext && (rows > 0 || offset === 0)) {
    // The page ends the list: the total is known exactly.
    const totalCount = offset + rows;
    rememberCount(request.db, key, version, now, totalCount);
    return { totalCount, estimated: false };
  }
  if (fetched.length === 0) {
    // Past the end of the list (or of a stale anchor): count for real, rare.
    const totalCount = await exactCount(request);
    rememberCount(request.db, key, version, now, totalCount);
    return { totalCount, estimated: false };
  }
  const capped = known ?? Number(fetched[0]![TOTAL]);
  if (known === undefined) rememberCount(request.db, key, version, now, capped);
  if (capped <= EXACT_COUNT_LIMIT) {
    // A reused count never contradicts the rows just read (a write made elsewhere).
    return { totalCount: Math.max(capped, offset + fetched.length), estimated: false };
  }
  const estimate = await estimatedCount(request, key);
  const totalCount = Math.max(estimate, EXACT_COUNT_LIMIT + 1, offset + request.pageSize + 1);
  return { totalCount, estimated: true };
}
