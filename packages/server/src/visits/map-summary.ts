// The visits map's aggregate from its summary (issue #24, docs/geo.md, "Map"): check_in_map_cells
// counts the visits per Mexico City day, promoter and fine cell (triggers on check_ins, migration
// 0016), so a request reads a few thousand summary rows instead of every visit of the window.
// The map's cells nest in the fine ones (sizes 45/2^z degrees), so a coarser cell sums the fine
// cells whose row and column, divided by 2^(8 - z), are its own. 'Solo fuera de rango' reads the
// out-of-range visits' counts and position sums of the geofence (out_N, migration 0018).
import { and, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { OFFSET_FENCE } from '../db/fence.ts';
import { checkInMapCells } from '../db/schema/index.ts';
import type { CheckInFilter } from './review.ts';

/** The summary's cell: 45/256 of a degree, 1/8 of a 512 px tile at zoom 8. */
export const FINE_CELL_ZOOM = 8;
/** The row and column of the visits without a position. */
const NO_POSITION = -1_000_000;

/** A geofence's columns: the visits farther than it (out_N) and their positions' sums. */
interface OutColumns {
  count: AnyPgColumn;
  latitudeSum: AnyPgColumn;
  longitudeSum: AnyPgColumn;
}

const c = checkInMapCells;
/** The geofences the summary counts (its out_N columns). */
const OUT_COLUMNS = new Map<number, OutColumns>([
  [50, { count: c.out50, latitudeSum: c.outLatitudeSum50, longitudeSum: c.outLongitudeSum50 }],
  [100, { count: c.out100, latitudeSum: c.outLatitudeSum100, longitudeSum: c.outLongitudeSum100 }],
  [150, { count: c.out150, latitudeSum: c.outLatitudeSum150, longitudeSum: c.outLongitudeSum150 }],
  [200, { count: c.out200, latitudeSum: c.outLatitudeSum200, longitudeSum: c.outLongitudeSum200 }],
  [300, { count: c.out300, latitudeSum: c.outLatitudeSum300, longitudeSum: c.outLongitudeSum300 }],
  [500, { count: c.out500, latitudeSum: c.outLatitudeSum500, longitudeSum: c.outLongitudeSum500 }],
  [
    1000,
    { count: c.out1000, latitudeSum: c.outLatitudeSum1000, longitudeSum: c.outLongitudeSum1000 },
  ],
]);

/** The map's grid in a box: the cells' zoom level and the box's first and last row and column. */
export interface CellRange {
  /** The cell is 45 / 2^level degrees. */
  level: number;
  y0: number;
  y1: number;
  x0: number;
  x1: number;
}

/** The grouping key's special values and its row width (more than the cells along a side). */
export const OUTSIDE_BOX = -1;
export const WITHOUT_POSITION = -2;
export const KEY_ROW = 512;

export interface AggregateRow extends Record<string, unknown> {
  /** The cell's number in the box (0 and up), OUTSIDE_BOX or WITHOUT_POSITION. */
  key: number;
  count: number;
  latitude: number | null;
  longitude: number | null;
  inRange: number;
  outOfRange: number;
  unknown: number;
}

/**
 * Whether the summary answers this filter at this grid (else the visits are read): a geofence it
 * counts, with or without 'Solo fuera de rango', at zoom 8 or below.
 */
export function summaryAnswers(query: CheckInFilter, range: CellRange): boolean {
  return OUT_COLUMNS.has(query.geofenceMeters) && range.level <= FINE_CELL_ZOOM;
}

/** The key of a cell's row and column (`y`, `x`) in the box, as the visits' aggregate makes it. */
export function cellKey(y: SQL, x: SQL, range: CellRange): SQL<number> {
  const raw = (value: number) => sql.raw(String(value));
  return sql<number>`case when ${y} between ${raw(range.y0)} and ${raw(range.y1)}
      and ${x} between ${raw(range.x0)} and ${raw(range.x1)}
    then (${y} - ${raw(range.y0)}) * ${raw(KEY_ROW)} + (${x} - ${raw(range.x0)})
    else ${raw(OUTSIDE_BOX)} end`;
}

/**
 * The aggregate of visits/map.ts, from the summary: the same rows for the same filter. With
 * 'Solo fuera de rango' the visits counted are the out-of-range ones (out_N), all in that state,
 * at the centroid of their own positions; a cell without any is not returned, as the visits'
 * aggregate has no row for it.
 */
export async function aggregateFromSummary(
  db: Db,
  query: CheckInFilter,
  range: CellRange,
): Promise<AggregateRow[]> {
  const out = OUT_COLUMNS.get(query.geofenceMeters)!;
  const per = sql.raw(String(2 ** (FINE_CELL_ZOOM - range.level)));
  const cells = db
    .select({
      cellY: c.cellY,
      ...(query.outOfRange
        ? {
            visits: sql<number>`${out.count}`.as('visits'),
            known: sql<number>`${out.count}`.as('known'),
            out: sql<number>`${out.count}`.as('out'),
            latitudeSum: sql<number>`${out.latitudeSum}`.as('latitude_sum'),
            longitudeSum: sql<number>`${out.longitudeSum}`.as('longitude_sum'),
          }
        : {
            visits: c.visits,
            known: c.known,
            out: sql<number>`${out.count}`.as('out'),
            latitudeSum: c.latitudeSum,
            longitudeSum: c.longitudeSum,
          }),
      y: sql<number>`floor(${c.cellY}::float8 / ${per})::int`.as('y'),
      x: sql<number>`floor(${c.cellX}::float8 / ${per})::int`.as('x'),
    })
    .from(c)
    .where(
      and(
        query.promoterId !== undefined ? eq(c.userId, query.promoterId) : undefined,
        query.startDate ? gte(c.day, query.startDate) : undefined,
        query.endDate ? lte(c.day, query.endDate) : undefined,
        query.outOfRange ? gt(out.count, 0) : undefined,
      ),
    )
    .offset(OFFSET_FENCE)
    .as('c');
  const key = sql<number>`case when ${cells.cellY} = ${sql.raw(String(NO_POSITION))}
    then ${sql.raw(String(WITHOUT_POSITION))}
    else ${cellKey(sql`${cells.y}`, sql`${cells.x}`, range)} end`;
  const rows = await db
    .select({
      key: sql<number>`${key}`.as('key'),
      count: sql<number>`sum(${cells.visits})::int`,
      latitude: sql<number | null>`sum(${cells.latitudeSum}) / sum(${cells.visits})`,
      longitude: sql<number | null>`sum(${cells.longitudeSum}) / sum(${cells.visits})`,
      inRange: sql<number>`(sum(${cells.known}) - sum(${cells.out}))::int`,
      outOfRange: sql<number>`sum(${cells.out})::int`,
      unknown: sql<number>`(sum(${cells.visits}) - sum(${cells.known}))::int`,
    })
    .from(cells)
    .groupBy(sql`1`)
    .having(sql`sum(${cells.visits}) > 0`);
  return rows as AggregateRow[];
}
