// The visits map above zoom 8 (issue #24, docs/geo.md, "Map"): the summary's fine cells (19 km)
// are coarser than the map's there, so the box's clusters come from the visits, but only from
// the visits of the fine cells the box covers that hold visits in the window, which the summary
// lists: check_ins_map_cell_idx (migration 0017) reads exactly those, by fine cell then date.
// The counts outside the box and without a position come from the summary, whose totals are
// the filter's. With 'Solo fuera de rango' the summary lists only the fine cells that hold
// out-of-range visits (out_N, migration 0018), so only those cells' visits are read.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { checkIns } from '../db/schema/index.ts';
import {
  aggregateFromSummary,
  FINE_CELL_ZOOM,
  KEY_ROW,
  OUTSIDE_BOX,
  summaryAnswers,
  WITHOUT_POSITION,
  type AggregateRow,
  type CellRange,
} from './map-summary.ts';
import type { CheckInFilter } from './review.ts';

/** A fine cell's integer in the index: row * FINE_KEY_ROW + column (columns are -1024..1024). */
const FINE_KEY_ROW = 4096;

// The index's expression, character for character as migration 0017 writes it (PostgreSQL uses
// an expression index only for the same expression): the fine cell of the drawn position, the
// check-in's, else the check-out's.
const hasCheckIn = sql`${checkIns.checkInLatitude} is not null and ${checkIns.checkInLongitude} is not null`;
const fineCellKey = sql`(floor((case when ${hasCheckIn} then ${checkIns.checkInLatitude} else ${checkIns.checkOutLatitude} end)::float8 / 0.17578125::float8)::int * 4096 + floor((case when ${hasCheckIn} then ${checkIns.checkInLongitude} else ${checkIns.checkOutLongitude} end)::float8 / 0.17578125::float8)::int)`;

/** The fine cells (zoom 8) that hold the box's cells at `range.level` (above 8). */
function fineRangeOf(range: CellRange): CellRange {
  const per = 2 ** (range.level - FINE_CELL_ZOOM);
  const fine = (value: number) => Math.floor(value / per);
  return {
    level: FINE_CELL_ZOOM,
    y0: fine(range.y0),
    y1: fine(range.y1),
    x0: fine(range.x0),
    x1: fine(range.x1),
  };
}

/** Whether the box's grid is finer than the summary's and the summary answers the filter. */
export function fineCellsAnswer(query: CheckInFilter, range: CellRange): boolean {
  return range.level > FINE_CELL_ZOOM && summaryAnswers(query, fineRangeOf(range));
}

/**
 * The aggregate of visits/map.ts above zoom 8: `aggregateVisits` (the visits' statement) runs on
 * the visits of the occupied fine cells alone (`only`, for the box's visits one by one too); the
 * rows outside the box and without a position are the summary's.
 */
export async function aggregateByFineCells(
  db: Db,
  query: CheckInFilter,
  range: CellRange,
  aggregateVisits: (only: SQL) => Promise<AggregateRow[]>,
): Promise<{ rows: AggregateRow[]; only: SQL }> {
  const fineRange = fineRangeOf(range);
  const summary = await aggregateFromSummary(db, query, fineRange);
  const total = summary.reduce((sum, row) => sum + row.count, 0);
  const withoutPosition = summary.filter((row) => row.key === WITHOUT_POSITION);
  const keys = summary
    .filter((row) => row.key >= 0)
    .map((row) => {
      const y = fineRange.y0 + Math.floor(row.key / KEY_ROW);
      const x = fineRange.x0 + (row.key % KEY_ROW);
      return y * FINE_KEY_ROW + x;
    });
  const only = sql`${fineCellKey} = any('{${sql.raw(keys.join(','))}}'::int[])`;
  const inBox =
    keys.length === 0 ? [] : (await aggregateVisits(only)).filter((row) => row.key >= 0);
  const counted = [...inBox, ...withoutPosition].reduce((sum, row) => sum + row.count, 0);
  const outside: AggregateRow = {
    key: OUTSIDE_BOX,
    count: total - counted,
    latitude: null,
    longitude: null,
    inRange: 0,
    outOfRange: 0,
    unknown: 0,
  };
  return { rows: [...inBox, ...withoutPosition, outside], only };
}
