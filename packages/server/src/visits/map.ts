// The visits map (issue #24, docs/geo.md, "Map"): the visits of the list's filters in a map's
// visible box. One aggregate over the filter's visits counts them per place (in the box, outside
// it, without a position) and, in the box, per grid cell and state; when the box holds few
// visits a second query lists them one by one. The aggregate reads the visits' table alone
// (check_ins_map_idx covers a date window's positions, distances and promoter), never the
// points of sale: a visit's state on the map follows from its stored distances. The points of
// sale the map draws have their own request (map-points-of-sale.ts).
import type { components } from '@anaquel/api/schema';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { OFFSET_FENCE } from '../db/fence.ts';
import { checkIns, pointsOfSale, users } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';
import { geoStatusOf } from './geo.ts';
import {
  aggregateFromSummary,
  cellKey,
  OUTSIDE_BOX,
  summaryAnswers,
  WITHOUT_POSITION,
  type AggregateRow,
  type CellRange,
} from './map-summary.ts';
import { aggregateByFineCells, fineCellsAnswer } from './map-cells.ts';
import { checkInFilterWhere, type CheckInFilter } from './review.ts';

type CheckInMap = components['schemas']['CheckInMap'];
type CheckInMapVisit = components['schemas']['CheckInMapVisit'];
type CheckInMapCluster = components['schemas']['CheckInMapCluster'];

/** The most cells along a side of the box, whatever zoom the client claims. */
const MAX_CELLS_PER_SIDE = 256;

interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

export type CheckInMapQuery = CheckInFilter &
  MapBox & {
    /** Beyond this many visits in the box, clusters instead of visits (Config.mapVisitsLimit). */
    visitsLimit: number;
    /** Tests only: force the aggregate's source (else the summary whenever it answers). */
    source?: 'summary' | 'visits';
  };

/**
 * The grid in the box: cells of 45 / 2^level degrees (64 px of a 512 px tile at zoom `level`),
 * `level` the zoom's floor, lowered until the box holds at most 256 cells along a side (a hostile
 * zoom cannot ask for a million clusters). Cells are whole: the box takes every cell it touches,
 * so a cell's cluster is the same whether the summary or the visits answer.
 */
type Grid = CellRange & { size: number };

function gridOf({ west, south, east, north, zoom }: MapBox): Grid {
  const bySize = Math.max(east - west, north - south) / MAX_CELLS_PER_SIDE;
  let level = Math.floor(zoom);
  while (level > 0 && 45 / 2 ** level < bySize) level -= 1;
  const size = 45 / 2 ** level;
  const cell = (value: number) => Math.floor(value / size);
  return { level, size, y0: cell(south), y1: cell(north), x0: cell(west), x1: cell(east) };
}

function checkBox(box: MapBox): void {
  const problems = [
    box.east < box.west && {
      field: 'east',
      message: 'El este no puede quedar al oeste del oeste.',
    },
    box.north < box.south && {
      field: 'north',
      message: 'El norte no puede quedar al sur del sur.',
    },
  ].filter((problem) => problem !== false);
  if (problems.length > 0) throw badRequest('El área del mapa no es válida.', problems);
}

// Where a visit is drawn: its check-in position, else its check-out one (a pair, never mixed).
const hasCheckIn = sql`${checkIns.checkInLatitude} is not null and ${checkIns.checkInLongitude} is not null`;
const latitude = sql`(case when ${hasCheckIn} then ${checkIns.checkInLatitude} else ${checkIns.checkOutLatitude} end)::float8`;
const longitude = sql`(case when ${hasCheckIn} then ${checkIns.checkInLongitude} else ${checkIns.checkOutLongitude} end)::float8`;

/** The map's three states from the stored distances: 2 out of range, 1 in range, 0 unknown. */
function mapState(geofenceMeters: number): SQL {
  const limit = sql.raw(String(Math.trunc(geofenceMeters)));
  return sql`case
    when ${checkIns.checkInDistance} > ${limit} or ${checkIns.checkOutDistance} > ${limit} then 2
    when ${checkIns.checkInDistance} is not null or ${checkIns.checkOutDistance} is not null then 1
    else 0 end`;
}

/** A position's row or column in the grid (the summary's fine cell, divided when coarser). */
const cellOf = (value: SQL, size: number) => sql`floor(${value} / ${size}::float8)::int`;

const inBox = (range: Grid, lat: SQL, lng: SQL) =>
  sql`${lat} is not null and ${lng} is not null and ${cellKey(cellOf(lat, range.size), cellOf(lng, range.size), range)} >= 0`;

/**
 * One pass over the filter's visits, grouped by one integer: a visit in the box by its grid cell
 * (the cell's row and column counted from the box's south-west cell), the others in OUTSIDE_BOX
 * or WITHOUT_POSITION. The positions are computed once per visit (OFFSET_FENCE keeps the
 * subquery from being folded into the grouping, which would repeat them in every expression).
 */
async function aggregate(db: Db, query: CheckInMapQuery, where: SQL | undefined, range: Grid) {
  const positions = db
    .select({
      lat: sql<number>`${latitude}`.as('lat'),
      lng: sql<number>`${longitude}`.as('lng'),
      state: sql<number>`${mapState(query.geofenceMeters)}`.as('state'),
    })
    .from(checkIns)
    .where(where)
    .offset(OFFSET_FENCE)
    .as('v');
  const lat = sql`${positions.lat}`;
  const lng = sql`${positions.lng}`;
  const key = sql<number>`case when ${lat} is null or ${lng} is null then ${sql.raw(String(WITHOUT_POSITION))}
    else ${cellKey(cellOf(lat, range.size), cellOf(lng, range.size), range)} end`;
  const rows = await db
    .select({
      key: sql<number>`${key}`.as('key'),
      count: sql<number>`count(*)::int`,
      latitude: sql<number | null>`avg(${lat})`,
      longitude: sql<number | null>`avg(${lng})`,
      inRange: sql<number>`(count(*) filter (where ${positions.state} = 1))::int`,
      outOfRange: sql<number>`(count(*) filter (where ${positions.state} = 2))::int`,
      unknown: sql<number>`(count(*) filter (where ${positions.state} = 0))::int`,
    })
    .from(positions)
    .groupBy(sql`1`);
  return rows as AggregateRow[];
}

const promoterName = sql<string>`${users.name} || ' ' || ${users.lastName}`;

/** The box's visits one by one (few of them), newest first. */
async function visitsInBox(
  db: Db,
  query: CheckInMapQuery,
  where: SQL | undefined,
  range: Grid,
): Promise<CheckInMapVisit[]> {
  const rows = await db
    .select({
      id: checkIns.id,
      latitude: sql<number>`${latitude}`,
      longitude: sql<number>`${longitude}`,
      user: promoterName,
      pointOfSaleId: checkIns.pointOfSaleId,
      pointOfSale: pointsOfSale.name,
      pointOfSaleLatitude: pointsOfSale.latitude,
      pointOfSaleLongitude: pointsOfSale.longitude,
      startDate: checkIns.startDate,
      unavailable: checkIns.unavailable,
      distance: sql<
        number | null
      >`greatest(${checkIns.checkInDistance}, ${checkIns.checkOutDistance})`,
      geoStatus: geoStatusOf(query.geofenceMeters),
    })
    .from(checkIns)
    .innerJoin(users, eq(users.id, checkIns.userId))
    .innerJoin(pointsOfSale, eq(pointsOfSale.id, checkIns.pointOfSaleId))
    .where(and(where, inBox(range, latitude, longitude)))
    .orderBy(desc(checkIns.startDate), desc(checkIns.id))
    .limit(query.visitsLimit);
  return rows.map((row) => ({
    ...row,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    distance: row.distance === null ? null : Number(row.distance),
    startDate: row.startDate.toISOString(),
  }));
}

const clusterOf = (row: AggregateRow): CheckInMapCluster => ({
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  count: row.count,
  inRange: row.inRange,
  outOfRange: row.outOfRange,
  unknown: row.unknown,
});

/** The aggregate from the summary alone, the summary and the box's fine cells, or the visits. */
async function aggregateOf(
  db: Db,
  query: CheckInMapQuery,
  where: SQL | undefined,
  grid: Grid,
): Promise<{ rows: AggregateRow[]; where: SQL | undefined }> {
  if ((query.source ?? 'summary') === 'summary') {
    if (summaryAnswers(query, grid))
      return { rows: await aggregateFromSummary(db, query, grid), where };
    if (fineCellsAnswer(query, grid)) {
      const { rows, only } = await aggregateByFineCells(db, query, grid, (cells) =>
        aggregate(db, query, and(where, cells), grid),
      );
      return { rows, where: and(where, only) };
    }
  }
  return { rows: await aggregate(db, query, where, grid), where };
}

/** `GET checkins/map`: the filter's visits in the box, one by one or clustered by grid cell. */
export async function checkInMap(db: Db, query: CheckInMapQuery): Promise<CheckInMap> {
  checkBox(query);
  const grid = gridOf(query);
  const { rows, where } = await aggregateOf(db, query, checkInFilterWhere(query), grid);
  const inBoxRows = rows.filter((row) => row.key >= 0);
  const countOf = (selected: AggregateRow[]) => selected.reduce((sum, row) => sum + row.count, 0);
  const inView = countOf(inBoxRows);
  const few = inView <= query.visitsLimit;
  return {
    mode: few ? 'points' : 'clusters',
    cellDegrees: grid.size,
    inView,
    outsideView: countOf(rows.filter((row) => row.key === OUTSIDE_BOX)),
    withoutPosition: countOf(rows.filter((row) => row.key === WITHOUT_POSITION)),
    visits: few && inView > 0 ? await visitsInBox(db, query, where, grid) : [],
    clusters: few ? [] : inBoxRows.map(clusterOf),
  };
}
