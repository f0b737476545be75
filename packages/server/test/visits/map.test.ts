import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@anaquel/api/schema';
import { checkIns } from '../../src/db/schema/index.ts';
import { DEFAULT_MAP_VISITS_LIMIT } from '../../src/env.ts';
import { checkInFilterWhere } from '../../src/visits/review.ts';
import { mexicoCityDay } from '../../src/visits/dates.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { createWorld, type World } from './world.ts';

// The visits map (issue #24, docs/geo.md, "Map"): GET checkins/map aggregates the list's visits
// by grid cell in SQL, limits them to the visible box, keeps the list's filters and refuses a
// hostile box or zoom with a 400. Also run on PostgreSQL with TEST_DATABASE_URL.

type CheckInMap = components['schemas']['CheckInMap'];

let t: TestApp;
let w: World;
let reviewer: string;
let viewerWithoutUsers: string;

/** Visits of the first promoter: enough for clusters. Visits of the second one: few. */
const MANY = 2600;
const FEW = 40;
const MEXICO = { west: -118.5, south: 14.5, east: -86.5, north: 32.8 };
const WORLD = { west: -180, south: -90, east: 180, north: 90 };

/**
 * `count` visits of a promoter spread over Mexico and the last 3 days: every 50th without a
 * position, every 13th with a check-out position only, every 7th out of range (500 m), every
 * 11th with no distance (as when the point of sale had no coordinates).
 */
async function insertVisits(userId: number, count: number, seed: number) {
  await t.db.execute(sql`
    insert into check_ins (uuid, payload_hash, user_id, point_of_sale_id, campaign_id,
      start_date, check_in_latitude, check_in_longitude, check_out_latitude, check_out_longitude,
      check_in_distance, check_out_distance)
    select gen_random_uuid(), repeat('0', 64), ${userId}, ${w.pointOfSaleId}, ${w.campaignId},
      now() - make_interval(mins => (i * 97) % (3 * 24 * 60)),
      case when i % 50 = 0 or i % 13 = 0 then null else lat end,
      case when i % 50 = 0 or i % 13 = 0 then null else lng end,
      case when i % 50 = 0 then null else lat end,
      case when i % 50 = 0 then null else lng end,
      case when i % 11 = 0 then null when i % 7 = 0 then 500 else 30 end,
      case when i % 11 = 0 then null else 20 end
    from (
      select i, round((15 + ((i * 7919 + ${seed}) % 1700) / 100.0)::numeric, 6) as lat,
        round((-117 + ((i * 104729 + ${seed}) % 3000) / 100.0)::numeric, 6) as lng
      from generate_series(1, ${count}) as i
    ) as s`);
}

beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.mapVisitsLimit).toBe(DEFAULT_MAP_VISITS_LIMIT);
  w = await createWorld(t.db, t.config);
  await insertVisits(w.promoter.id, MANY, 0);
  await insertVisits(w.otherPromoter.id, FEW, 331);
  reviewer = await tokenFor(t.app, t.db, ['VIEW_CHECKINS', 'VIEW_USERS']);
  viewerWithoutUsers = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const query = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

async function map(params: Record<string, string | number | boolean>, token = reviewer) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/checkins/map?${query(params)}`,
    headers: bearer(token),
  });
  return expectSuccess(response, 'getCheckInMap');
}

async function listed(params: Record<string, string | number | boolean>) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/checkins?PageSize=100&${query(params)}`,
    headers: bearer(reviewer),
  });
  return expectSuccess(response, 'listCheckIns');
}

/** Every stored visit with the position the map draws it at. */
async function storedVisits() {
  const rows = await t.db
    .select({
      id: checkIns.id,
      lat: sql<
        number | null
      >`coalesce(${checkIns.checkInLatitude}, ${checkIns.checkOutLatitude})::float8`,
      lng: sql<
        number | null
      >`coalesce(${checkIns.checkInLongitude}, ${checkIns.checkOutLongitude})::float8`,
    })
    .from(checkIns);
  return rows.map((r) => ({
    id: r.id,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
  }));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const today = () => mexicoCityDay(new Date());
const daysAgo = (days: number) => mexicoCityDay(new Date(Date.now() - days * 86_400_000));

describe('GET checkins/map: the aggregate', () => {
  it.each([3, 5, 8.6, 12])(
    'at zoom %s the clusters add up to the list count of the same filters',
    async (zoom) => {
      const filters = { startDate: daysAgo(3), endDate: today() };
      // The list counts exactly up to 1 000 rows (lists/counts.ts): the exact count of its filter.
      const [exact] = await t.db
        .select({ total: sql<number>`count(*)::int` })
        .from(checkIns)
        .where(checkInFilterWhere({ ...filters, geofenceMeters: t.config.geofenceMeters }));
      const total = exact!.total;
      expect(total).toBe(MANY + FEW);
      const answer = await map({ ...filters, ...MEXICO, zoom });
      expect(answer.inView + answer.outsideView + answer.withoutPosition).toBe(total);
      expect(answer.withoutPosition).toBe(Math.floor(MANY / 50) + Math.floor(FEW / 50));
      expect(answer.mode).toBe('clusters');
      expect(answer.visits).toEqual([]);
      expect(sum(answer.clusters.map((c) => c.count))).toBe(answer.inView);
      for (const cluster of answer.clusters) {
        expect(cluster.inRange + cluster.outOfRange + cluster.unknown).toBe(cluster.count);
        expect(cluster.latitude).toBeGreaterThanOrEqual(MEXICO.south);
        expect(cluster.latitude).toBeLessThanOrEqual(MEXICO.north);
        expect(cluster.longitude).toBeGreaterThanOrEqual(MEXICO.west);
        expect(cluster.longitude).toBeLessThanOrEqual(MEXICO.east);
      }
    },
  );

  it('a closer zoom makes smaller cells and more clusters', async () => {
    const far = await map({ ...MEXICO, zoom: 3 });
    const near = await map({ ...MEXICO, zoom: 7 });
    expect(near.cellDegrees).toBeLessThan(far.cellDegrees);
    expect(near.clusters.length).toBeGreaterThan(far.clusters.length);
    expect(sum(near.clusters.map((c) => c.outOfRange))).toBe(
      sum(far.clusters.map((c) => c.outOfRange)),
    );
  });

  it('counts each state as the list does', async () => {
    const answer = await map({ ...MEXICO, zoom: 4 });
    const outOfRange = await map({ ...MEXICO, zoom: 4, outOfRange: true });
    const listedOut = (await listed({ outOfRange: true })).totalCount;
    expect(outOfRange.inView + outOfRange.outsideView + outOfRange.withoutPosition).toBe(listedOut);
    expect(sum(answer.clusters.map((c) => c.outOfRange))).toBe(outOfRange.inView);
    expect(outOfRange.clusters.every((c) => c.outOfRange === c.count)).toBe(true);
  });
});

describe('GET checkins/map: the box', () => {
  it('counts only the visits drawn in the cells the box touches, and lists them when few', async () => {
    const box = { west: -105, south: 20, east: -100, north: 24 };
    const answer = await map({ ...box, zoom: 9 });
    // The box takes whole cells of the grid: every cell it touches, no other.
    const size = answer.cellDegrees;
    expect(size).toBe(45 / 2 ** 9);
    const cell = (value: number) => Math.floor(value / size);
    const inside = (await storedVisits()).filter(
      (v) =>
        v.lat !== null &&
        v.lng !== null &&
        cell(v.lat) >= cell(box.south) &&
        cell(v.lat) <= cell(box.north) &&
        cell(v.lng) >= cell(box.west) &&
        cell(v.lng) <= cell(box.east),
    );
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThanOrEqual(DEFAULT_MAP_VISITS_LIMIT);
    expect(answer.mode).toBe('points');
    expect(answer.inView).toBe(inside.length);
    expect(answer.outsideView).toBe(MANY + FEW - inside.length - answer.withoutPosition);
    expect(answer.visits.map((v) => v.id).sort((a, b) => a - b)).toEqual(
      inside.map((v) => v.id).sort((a, b) => a - b),
    );
    for (const visit of answer.visits) {
      expect(visit.latitude).toBeGreaterThanOrEqual(cell(box.south) * size);
      expect(visit.longitude).toBeLessThan((cell(box.east) + 1) * size);
    }
  });

  it('an empty box answers nothing in view, everything elsewhere', async () => {
    const answer = await map({ west: 10, south: 40, east: 12, north: 42, zoom: 8 });
    expect(answer).toMatchObject({ mode: 'points', inView: 0, visits: [], clusters: [] });
    expect(answer.outsideView + answer.withoutPosition).toBe(MANY + FEW);
  });

  it('a whole-world box at the closest zoom still answers a bounded grid', async () => {
    const answer = await map({ ...WORLD, zoom: 24 });
    expect(answer.mode).toBe('clusters');
    expect(answer.cellDegrees).toBeGreaterThanOrEqual(360 / 256);
    expect(answer.clusters.length).toBeLessThanOrEqual(256 * 256);
    expect(sum(answer.clusters.map((c) => c.count))).toBe(answer.inView);
  });
});

describe('GET checkins/map: the list filters', () => {
  it('a promoter with few visits: the same visits as the list, one by one', async () => {
    const filters = { promoterId: w.otherPromoter.id };
    const page = await listed(filters);
    expect(page.totalCount).toBe(FEW);
    const answer = await map({ ...filters, ...WORLD, zoom: 2 });
    expect(answer.mode).toBe('points');
    const placed = page.rows.filter(
      (r) => r.checkInLatitude !== null || r.checkOutLatitude !== null,
    );
    expect(answer.visits.map((v) => v.id)).toEqual(placed.map((r) => r.id));
    expect(answer.withoutPosition).toBe(FEW - placed.length);
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    for (const visit of answer.visits) {
      const row = byId.get(visit.id)!;
      expect(visit).toMatchObject({
        user: row.user,
        pointOfSale: row.pointOfSale,
        startDate: row.startDate,
        geoStatus: row.geoStatus,
        pointOfSaleLatitude: 19.43,
      });
      expect(visit.latitude).toBe(row.checkInLatitude ?? row.checkOutLatitude);
      const distances = [row.checkInDistance, row.checkOutDistance].filter((d) => d !== null);
      expect(visit.distance).toBe(distances.length ? Math.max(...distances) : null);
    }
  });

  it('days: a window without visits is empty on the map as in the list', async () => {
    const filters = { startDate: '2021-03-01', endDate: '2021-03-02' };
    expect((await listed(filters)).totalCount).toBe(0);
    const answer: CheckInMap = await map({ ...filters, ...MEXICO, zoom: 5 });
    expect(answer.inView + answer.outsideView + answer.withoutPosition).toBe(0);
  });
});

describe('GET checkins/map: permission and hostile input', () => {
  const raw = (params: string, token: string | null = reviewer) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/checkins/map?${params}`,
      headers: token ? bearer(token) : {},
    });
  const box = 'west=-118&south=14&east=-86&north=33';

  it('needs VIEW_CHECKINS, and VIEW_USERS to filter by promoter', async () => {
    expectFailure(await raw(`${box}&zoom=5`, null), 'getCheckInMap', 401);
    const stranger = await tokenFor(t.app, t.db, ['VIEW_USERS']);
    expectFailure(await raw(`${box}&zoom=5`, stranger), 'getCheckInMap', 403);
    expectFailure(
      await raw(`${box}&zoom=5&promoterId=${w.promoter.id}`, viewerWithoutUsers),
      'getCheckInMap',
      403,
    );
    expect((await raw(`${box}&zoom=5`, viewerWithoutUsers)).statusCode).toBe(200);
  });

  it.each([
    ['west east of east', 'west=-80&south=14&east=-100&north=33&zoom=5'],
    ['south north of north', 'west=-118&south=40&east=-86&north=10&zoom=5'],
    ['a latitude beyond the pole', 'west=-118&south=14&east=-86&north=91&zoom=5'],
    ['a longitude beyond 180', 'west=-181&south=14&east=-86&north=33&zoom=5'],
    ['a negative zoom', `${box}&zoom=-1`],
    ['a zoom of 99', `${box}&zoom=99`],
    ['a zoom that is not a number', `${box}&zoom=NaN`],
    ['an infinite edge', 'west=-Infinity&south=14&east=-86&north=33&zoom=5'],
    ['an overflowing edge', 'west=-1e400&south=14&east=-86&north=33&zoom=5'],
    ['words', 'west=oeste&south=14&east=-86&north=33&zoom=5'],
    ['no box', 'zoom=5'],
    ['no zoom', box],
    ['an end before the start', `${box}&zoom=5&startDate=2026-11-20&endDate=2026-11-19`],
    ['a day that does not exist', `${box}&zoom=5&startDate=2026-02-30`],
    ['a promoter id of zero', `${box}&zoom=5&promoterId=0`],
  ])('%s is a 400, never a 5xx', async (_name, params) => {
    expectFailure(await raw(params), 'getCheckInMap', 400);
  });
});

describe('GET checkins/map/settings', () => {
  const settings = (token = reviewer) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins/map/settings',
      headers: bearer(token),
    });

  it('answers MAP_STYLE_URL, null when unset (the built-in base)', async () => {
    expect(expectSuccess(await settings(), 'getMapSettings')).toEqual({ styleUrl: null });
    const previous = t.app.services.config.mapStyleUrl;
    t.app.services.config.mapStyleUrl = 'https://tiles.example.mx/style.json';
    try {
      expect(expectSuccess(await settings(), 'getMapSettings')).toEqual({
        styleUrl: 'https://tiles.example.mx/style.json',
      });
    } finally {
      t.app.services.config.mapStyleUrl = previous;
    }
  });

  it('needs VIEW_CHECKINS', async () => {
    const stranger = await tokenFor(t.app, t.db, ['VIEW_USERS']);
    expectFailure(await settings(stranger), 'getMapSettings', 403);
  });
});
