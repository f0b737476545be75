import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, sql, type SQL } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@anaquel/api/schema';
import { createDatabase, type Db } from '../../src/db/client.ts';
import { checkIns, checkInMapCells } from '../../src/db/schema/index.ts';
import { readTestDatabaseUrl, serverRoot } from '../../src/env.ts';
import { seed } from '../../src/seed/index.ts';
import { checkInMap, type CheckInMapQuery } from '../../src/visits/map.ts';
import { aggregateByFineCells, fineCellsAnswer } from '../../src/visits/map-cells.ts';
import { checkInFilterWhere } from '../../src/visits/review.ts';
import { summaryAnswers } from '../../src/visits/map-summary.ts';
import { accessTokenFor, createTestApp, type TestApp } from '../helpers.ts';
import { mexicoCityDay } from '../../src/visits/dates.ts';
import { addValueSurvey, syncClient, valueVisit } from './sync-client.ts';
import { createWorld, type World } from './world.ts';

// The visits map's summary (issue #24, docs/geo.md, "Map"): check_in_map_cells, kept by
// triggers on check_ins, answers the map's aggregate exactly as the visits do, for random visits
// at every zoom it serves, for each filter, and after visits are inserted, moved, given other
// distances and deleted. Also run on PostgreSQL with TEST_DATABASE_URL.

type CheckInMap = components['schemas']['CheckInMap'];

let t: TestApp;
let w: World;

const MEXICO = { west: -118.5, south: 14.5, east: -86.5, north: 32.8 };
const WORLD = { west: -180, south: -90, east: 180, north: 90 };
const BAJIO = { west: -103.4, south: 20.1, east: -100.05, north: 21.7 };
/** Edges on the summary's fine cells (whole multiples of 45/256 degree), where edge visits are. */
const ON_EDGES = { west: -104.0625, south: 19.6875, east: -101.25, north: 21.09375 };
/** Around the world's point of sale (19.43, -99.13), where the sync's visits are. */
const CITY = { west: -99.3, south: 19.3, east: -99.0, north: 19.55 };

/**
 * `count` random visits of a promoter (seeded): over Mexico, some on the edges of cells (whole
 * multiples of 45/32 degrees), some without a position or with a check-out position only,
 * distances around the geofences or unknown, at whole hours (some at midnight in Mexico City)
 * in the last 10 days and in 2020 (daylight saving time then).
 */
async function insertRandomVisits(
  userId: number,
  count: number,
  seed: number,
  { db, world }: { db: Db; world: World } = { db: t.db, world: w },
) {
  await db.execute(sql`select setseed(${seed})`);
  await db.execute(sql`
    insert into check_ins (uuid, payload_hash, user_id, point_of_sale_id, campaign_id,
      start_date, check_in_latitude, check_in_longitude, check_out_latitude, check_out_longitude,
      check_in_distance, check_out_distance)
    select gen_random_uuid(), repeat('0', 64), ${userId}, ${world.pointOfSaleId}, ${world.campaignId},
      case when r1 < 0.3 then timestamptz '2020-03-25 00:00Z' + make_interval(hours => (r2 * 24 * 240)::int)
        else date_trunc('hour', now()) - make_interval(hours => (r2 * 24 * 10)::int) end,
      case when r3 < 0.1 then null else lat end,
      case when r3 < 0.1 then null else lng end,
      case when r3 < 0.04 then null else lat end,
      case when r3 < 0.04 then null else lng end,
      case when r4 < 0.15 then null else (r5 * 1200)::int end,
      case when r4 < 0.3 then null when r6 < 0.2 then 200 + (r6 * 10)::int - 1 else (r6 * 250)::int end
    from (
      select i, r1, r2, r3, r4, r5, r6,
        case when r7 < 0.1 then round(14 + (r8 * 13)::int * 1.40625, 6)
          else round((14.5 + r8 * 18)::numeric, 6) end as lat,
        case when r7 < 0.1 then round(-118 + (r9 * 22)::int * 1.40625, 6)
          else round((-118 + r9 * 31)::numeric, 6) end as lng
      from (select i, random() r1, random() r2, random() r3, random() r4, random() r5,
        random() r6, random() r7, random() r8, random() r9
        from generate_series(1, ${count}) as i) as r
    ) as s`);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
  await insertRandomVisits(w.promoter.id, 3000, 0.25);
  await insertRandomVisits(w.otherPromoter.id, 700, -0.5);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The answer with its clusters in one order (the aggregate's order is the database's). */
function comparable(answer: CheckInMap) {
  const clusters = [...answer.clusters].sort(
    (a, b) => a.latitude - b.latitude || a.longitude - b.longitude,
  );
  return { ...answer, clusters };
}

async function expectSameAnswer(
  query: Omit<CheckInMapQuery, 'visitsLimit' | 'geofenceMeters'> & {
    geofenceMeters?: number;
    visitsLimit?: number;
  },
  db: Db = t.db,
) {
  const full = { geofenceMeters: 200, visitsLimit: 50, ...query } as CheckInMapQuery;
  const fromSummary = comparable(await checkInMap(db, { ...full, source: 'summary' }));
  const fromVisits = comparable(await checkInMap(db, { ...full, source: 'visits' }));
  const { clusters: summaryClusters, ...summaryRest } = fromSummary;
  const { clusters: visitClusters, ...visitRest } = fromVisits;
  expect(summaryRest).toEqual(visitRest);
  expect(summaryClusters.length).toBe(visitClusters.length);
  summaryClusters.forEach((cluster, i) => {
    const other = visitClusters[i]!;
    expect({ ...cluster, latitude: 0, longitude: 0 }).toEqual({
      ...other,
      latitude: 0,
      longitude: 0,
    });
    expect(cluster.latitude).toBeCloseTo(other.latitude, 9);
    expect(cluster.longitude).toBeCloseTo(other.longitude, 9);
  });
  return fromVisits;
}

const filters = () => [
  {},
  { startDate: '2020-04-04', endDate: '2020-04-06' },
  { startDate: '2020-10-24', endDate: '2020-10-26', promoterId: w.promoter.id },
  { startDate: '2020-05-01' },
  { endDate: '2020-12-31', promoterId: w.otherPromoter.id },
];

describe('the map summary answers as the visits do', () => {
  it.each([0, 2, 3.5, 5, 6.2, 7, 8.9])('at zoom %s, for each filter and box', async (zoom) => {
    let clusters = 0;
    for (const filter of filters()) {
      for (const box of [MEXICO, WORLD, BAJIO]) {
        const query = { ...filter, ...box, zoom, geofenceMeters: 200 };
        expect(summaryAnswers(query, { level: Math.floor(zoom), y0: 0, y1: 0, x0: 0, x1: 0 })).toBe(
          true,
        );
        const answer = await expectSameAnswer(query);
        clusters += answer.clusters.length;
      }
    }
    // Not a comparison of empty answers.
    expect(clusters).toBeGreaterThan(0);
  });

  it.each([0, 3.5, 5, 7, 8.9])(
    "'Solo fuera de rango' at zoom %s: the out-of-range visits alone, at their own centroid",
    async (zoom) => {
      let clusters = 0;
      for (const filter of filters()) {
        for (const box of [MEXICO, WORLD, BAJIO]) {
          const query = { ...filter, ...box, zoom, geofenceMeters: 200, outOfRange: true };
          const level = { level: Math.floor(zoom), y0: 0, y1: 0, x0: 0, x1: 0 };
          expect(summaryAnswers(query, level)).toBe(true);
          const answer = await expectSameAnswer(query);
          for (const cluster of answer.clusters) {
            expect(cluster).toMatchObject({ inRange: 0, unknown: 0, outOfRange: cluster.count });
          }
          clusters += answer.clusters.length;
        }
      }
      expect(clusters).toBeGreaterThan(0);
    },
  );

  it.each([9, 12, 17])(
    "'Solo fuera de rango' above zoom 8 (%s): only the fine cells holding out-of-range visits",
    async (zoom) => {
      let counted = 0;
      for (const filter of filters()) {
        for (const box of [BAJIO, ON_EDGES, CITY]) {
          const query = { ...filter, ...box, zoom, geofenceMeters: 200, outOfRange: true };
          const level = { level: Math.floor(zoom), y0: 0, y1: 0, x0: 0, x1: 0 };
          expect(fineCellsAnswer(query, level)).toBe(true);
          const answer = await expectSameAnswer(query);
          expect(answer.visits.every((visit) => visit.geoStatus === 'outOfRange')).toBe(true);
          counted += answer.clusters.length + answer.visits.length;
        }
      }
      expect(counted).toBeGreaterThan(0);
    },
  );

  it("'Solo fuera de rango' above zoom 8 reads only the fine cells holding out-of-range visits", async () => {
    // Mexico's fine cells, for a grid at zoom 9.
    const range = { level: 9, y0: 150, y1: 380, x0: -1350, x1: -970 };
    const drawn = (column: 'latitude' | 'longitude') =>
      sql.raw(`floor((case when check_in_latitude is not null and check_in_longitude is not null
        then check_in_${column} else check_out_${column} end)::float8 / 0.17578125::float8)`);
    /** How many fine cells the visits' statement is given to read. */
    const cellsRead = async (query: CheckInMapQuery) => {
      let cells = -1;
      await aggregateByFineCells(t.db, query, range, async (only) => {
        const [row] = await t.db
          .select({
            n: sql<number>`count(distinct (${drawn('latitude')}, ${drawn('longitude')}))::int`,
          })
          .from(checkIns)
          .where(only);
        cells = row!.n;
        return [];
      });
      return cells;
    };
    const window = { geofenceMeters: 1000, startDate: '2020-04-04', endDate: '2020-04-06' };
    const all = await cellsRead(window as CheckInMapQuery);
    const far = await cellsRead({ ...window, outOfRange: true } as CheckInMapQuery);
    const [expected] = await t.db
      .select({
        cells: sql<number>`count(distinct (${checkInMapCells.cellY}, ${checkInMapCells.cellX}))::int`,
      })
      .from(checkInMapCells)
      .where(
        sql`${checkInMapCells.out1000} > 0 and ${checkInMapCells.cellY} <> -1000000
          and ${checkInMapCells.day} between '2020-04-04' and '2020-04-06'`,
      );
    expect(far).toBe(expected!.cells);
    expect(far).toBeGreaterThan(0);
    expect(far).toBeLessThan(all);
  });

  it.each([9, 10.5, 12, 14, 17])(
    'above zoom 8 (%s), from the summary and the fine cells the box covers',
    async (zoom) => {
      let counted = 0;
      for (const filter of filters()) {
        for (const box of [BAJIO, ON_EDGES, CITY]) {
          const query = { ...filter, ...box, zoom, geofenceMeters: 200 };
          const level = { level: Math.floor(zoom), y0: 0, y1: 0, x0: 0, x1: 0 };
          expect(fineCellsAnswer(query, level)).toBe(true);
          const answer = await expectSameAnswer(query);
          counted += answer.clusters.length + answer.visits.length;
        }
      }
      expect(counted).toBeGreaterThan(0);
    },
  );

  it('above zoom 8, reads the visits for what the summary does not count', () => {
    const level = { level: 11, y0: 0, y1: 0, x0: 0, x1: 0 };
    expect(fineCellsAnswer({ geofenceMeters: 200 }, { ...level, level: 8 })).toBe(false);
    expect(fineCellsAnswer({ geofenceMeters: 250 }, level)).toBe(false);
    expect(fineCellsAnswer({ geofenceMeters: 250, outOfRange: true }, level)).toBe(false);
    expect(fineCellsAnswer({ geofenceMeters: 200, outOfRange: true }, level)).toBe(true);
  });

  it('reads the fine cells and the visits out of range through their indexes (migration 0017)', async () => {
    // The table is small, so the planner is told not to scan it: what is checked is that the
    // statements' expressions are the indexes' own (else no index could serve them).
    const plan = (where: SQL | undefined) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await tx.execute(sql`explain select count(*) from check_ins where ${where}`);
        return JSON.stringify(rows);
      });
    let only: SQL | undefined;
    const range = { level: 11, y0: 160 * 8, y1: 160 * 8 + 12, x0: -565 * 8, x1: -565 * 8 + 12 };
    await aggregateByFineCells(t.db, { geofenceMeters: 200 }, range, async (cells) => {
      only = cells;
      return [];
    });
    expect(await plan(only)).toContain('check_ins_map_cell_idx');
    const far = checkInFilterWhere({
      geofenceMeters: 300,
      outOfRange: true,
      startDate: '2020-04-01',
    });
    expect(await plan(far)).toContain('check_ins_map_far_idx');
  });

  it('for each geofence it counts (out_N), and a geofence it does not count reads the visits', async () => {
    const outOfRange = (answer: CheckInMap) => answer.clusters.reduce((n, c) => n + c.count, 0);
    let previous = Infinity;
    for (const geofenceMeters of [50, 100, 150, 300, 500, 1000, 250]) {
      const answer = await expectSameAnswer({ ...MEXICO, zoom: 5, geofenceMeters });
      expect(answer.clusters.some((c) => c.outOfRange > 0 && c.inRange > 0)).toBe(true);
      // 'Solo fuera de rango': fewer visits as the geofence widens (250 between 150 and 300).
      const far = await expectSameAnswer({ ...MEXICO, zoom: 5, geofenceMeters, outOfRange: true });
      expect(outOfRange(far)).toBeGreaterThan(0);
      if (geofenceMeters !== 250) expect(outOfRange(far)).toBeLessThan(previous);
      previous = outOfRange(far);
      await expectSameAnswer({ ...CITY, zoom: 12, geofenceMeters, outOfRange: true });
      await expectSameAnswer({ ...BAJIO, zoom: 9, geofenceMeters, outOfRange: true });
    }
    const level = { level: 5, y0: 0, y1: 0, x0: 0, x1: 0 };
    expect(summaryAnswers({ geofenceMeters: 250 }, level)).toBe(false);
    expect(summaryAnswers({ geofenceMeters: 250, outOfRange: true }, level)).toBe(false);
    expect(summaryAnswers({ geofenceMeters: 200, outOfRange: true }, level)).toBe(true);
    expect(summaryAnswers({ geofenceMeters: 200 }, { ...level, level: 9 })).toBe(false);
  });

  it('stays right after visits are inserted, moved, given other distances and deleted', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update check_ins set check_in_latitude = check_in_latitude + 0.3,
        check_out_longitude = check_out_longitude - 0.2 where id % 7 = 0`);
      await tx.execute(sql`update check_ins set check_in_distance = 5000, check_out_distance = null
        where id % 11 = 0`);
      await tx.execute(sql`update check_ins set check_in_latitude = null where id % 13 = 0`);
      await tx.execute(sql`update check_ins set start_date = start_date - interval '5 hours',
        user_id = ${w.otherPromoter.id} where id % 17 = 0`);
      await tx.execute(sql`delete from check_ins where id % 19 = 0`);
    });
    await insertRandomVisits(w.otherPromoter.id, 300, 0.75);
    // An update that changes nothing the map reads writes no summary row.
    await t.db.execute(sql`update check_ins set synced_at = now() where id % 3 = 0`);
    for (const zoom of [1, 4, 6, 8]) {
      for (const filter of filters()) {
        await expectSameAnswer({ ...filter, ...MEXICO, zoom });
        await expectSameAnswer({ ...filter, ...MEXICO, zoom, outOfRange: true });
        await expectSameAnswer({
          ...filter,
          ...MEXICO,
          zoom,
          outOfRange: true,
          geofenceMeters: 50,
        });
      }
    }
    for (const zoom of [9, 12]) {
      for (const filter of filters()) {
        await expectSameAnswer({ ...filter, ...BAJIO, zoom });
        await expectSameAnswer({ ...filter, ...ON_EDGES, zoom, outOfRange: true });
      }
    }
    const [cells] = await t.db
      .select({
        visits: sql<number>`sum(${checkInMapCells.visits})::int`,
        rows: sql<number>`(select count(*)::int from check_ins)`,
      })
      .from(checkInMapCells);
    expect(cells!.visits).toBe(cells!.rows);
  });

  it('keeps the out-of-range sums when two visits of a cell swap positions (no count changes)', async () => {
    // A day of its own (the random visits are in 2020 and the last 10 days); both visits in one
    // fine cell, the far one at A, the near one at B; then they swap places in one statement.
    // Binary fractions, so the summed positions cancel exactly: only the out-of-range sums move.
    await t.db.execute(sql`
      insert into check_ins (uuid, payload_hash, user_id, point_of_sale_id, campaign_id,
        start_date, check_in_latitude, check_in_longitude, check_in_distance)
      values
        (gen_random_uuid(), repeat('0', 64), ${w.promoter.id}, ${w.pointOfSaleId}, ${w.campaignId},
          '2021-06-15 12:00-05', 19.875, -99.875, 700),
        (gen_random_uuid(), repeat('0', 64), ${w.promoter.id}, ${w.pointOfSaleId}, ${w.campaignId},
          '2021-06-15 12:00-05', 19.9375, -99.9375, 10)`);
    const [far, near] = (
      await t.db
        .select({ id: checkIns.id })
        .from(checkIns)
        .where(sql`${checkIns.startDate} = '2021-06-15 12:00-05'`)
        .orderBy(desc(checkIns.checkInDistance))
    ).map((row) => row.id);
    const day = { startDate: '2021-06-15', endDate: '2021-06-15', ...MEXICO, zoom: 8 };
    const centroid = async () => {
      const answer = await expectSameAnswer({ ...day, outOfRange: true, visitsLimit: 0 });
      expect(answer.clusters).toHaveLength(1);
      return [answer.clusters[0]!.latitude, answer.clusters[0]!.longitude];
    };
    const [before, beforeLongitude] = await centroid();
    expect(before).toBeCloseTo(19.875, 9);
    expect(beforeLongitude).toBeCloseTo(-99.875, 9);
    await t.db.execute(sql`update check_ins set
      check_in_latitude = case when id = ${far} then 19.9375 else 19.875 end,
      check_in_longitude = case when id = ${far} then -99.9375 else -99.875 end
      where id in (${far}, ${near})`);
    const [latitude, longitude] = await centroid();
    expect(latitude).toBeCloseTo(19.9375, 9);
    expect(longitude).toBeCloseTo(-99.9375, 9);
    // A distance updated alone: the far visit comes within range, the near one leaves it.
    await t.db.execute(sql`update check_ins set
      check_in_distance = case when id = ${far} then 10 else 700 end where id in (${far}, ${near})`);
    const [nowLatitude] = await centroid();
    expect(nowLatitude).toBeCloseTo(19.875, 9);
    await t.db.execute(sql`delete from check_ins where id = ${near}`);
    const gone = await expectSameAnswer({ ...day, outOfRange: true, visitsLimit: 0 });
    expect(gone.clusters).toEqual([]);
    expect(gone.inView).toBe(0);
  });

  it('counts the visits the sync stores, in the same transaction', async () => {
    const token = await accessTokenFor(t.app, t.db, w.promoter.id);
    const survey = await addValueSurvey(t.db, w.campaignId);
    const today = mexicoCityDay(new Date());
    const query = {
      ...MEXICO,
      zoom: 6,
      startDate: mexicoCityDay(new Date(Date.now() - 86_400_000)),
      endDate: today,
      promoterId: w.promoter.id,
    };
    const before = await expectSameAnswer(query);
    // The world's point of sale is at 19.43, -99.13: the second visit is 19 km away.
    await syncClient(t).sync(token, [
      valueVisit(w, survey, { checkInLatitude: 19.431, checkInLongitude: -99.131 }),
      valueVisit(w, survey, { checkInLatitude: 19.6, checkInLongitude: -99.13 }),
    ]);
    const after = await expectSameAnswer(query);
    expect(after.inView).toBe(before.inView + 2);
    const city = { ...query, ...CITY, zoom: 12 };
    expect((await expectSameAnswer(city)).inView).toBeGreaterThan(0);
    const out = (answer: CheckInMap) => answer.clusters.reduce((n, c) => n + c.outOfRange, 0);
    expect(out(after)).toBe(out(before) + 1);
  });
  it('is emptied by a truncate of the visits, and counts the visits inserted after it', async () => {
    await t.db.execute(sql`truncate check_ins cascade`);
    const [{ rows } = { rows: -1 }] = await t.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(checkInMapCells);
    expect(rows).toBe(0);
    const empty = await expectSameAnswer({ ...MEXICO, zoom: 5, outOfRange: true });
    expect(empty.inView + empty.outsideView + empty.withoutPosition).toBe(0);
    await insertRandomVisits(w.promoter.id, 600, 0.125);
    let out = 0;
    for (const zoom of [3, 8]) {
      for (const filter of filters()) {
        await expectSameAnswer({ ...filter, ...MEXICO, zoom });
        const far = await expectSameAnswer({ ...filter, ...MEXICO, zoom, outOfRange: true });
        out += far.inView;
      }
    }
    await expectSameAnswer({ ...BAJIO, zoom: 12, outOfRange: true });
    expect(out).toBeGreaterThan(0);
  });
});

describe('migration 0018 on a database with visits stored before it', () => {
  it("fills the out-of-range sums, so the summary answers 'Solo fuera de rango' as the visits do", async () => {
    // The committed migrations up to 0017 (the journal cut there), the platform seed, the world
    // and random visits (the 0016 triggers keep the summary without the new sums); then every
    // migration, as a server does when it starts after an upgrade.
    const folder = await mkdtemp(path.join(tmpdir(), 'anaquel-migrations-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'anaquel-before-0018-'));
    await cp(path.join(serverRoot, 'drizzle'), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const cut = journal.entries.findIndex((entry) => entry.tag.startsWith('0018_'));
    expect(cut).toBe(18);
    await writeFile(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
    );

    const serverUrl = readTestDatabaseUrl();
    const name = `anaquel_test_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    let databaseUrl: string | undefined;
    if (serverUrl) {
      await admin(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const config = { ...t.config, dataDir, databaseUrl };
    const database = await createDatabase(config, { inMemory: true });
    try {
      const db = database.db;
      if (database.kind === 'pg') await migratePg(db as never, { migrationsFolder: folder });
      else await migratePglite(db as never, { migrationsFolder: folder });
      const [before] = await db
        .select({ columns: sql<number>`count(*)::int` })
        .from(sql`information_schema.columns`)
        .where(sql`table_name = 'check_in_map_cells' and column_name like 'out_latitude_sum%'`);
      expect(before!.columns).toBe(0);
      await seed(db, config, { demo: false });
      const world = await createWorld(db, config);
      await insertRandomVisits(world.promoter.id, 1500, 0.375, { db, world });
      await insertRandomVisits(world.otherPromoter.id, 400, -0.25, { db, world });

      await database.migrate();

      const sameFilters = [
        {},
        { startDate: '2020-04-04', endDate: '2020-04-10', promoterId: world.promoter.id },
        { endDate: '2020-12-31', promoterId: world.otherPromoter.id },
      ];
      let out = 0;
      for (const filter of sameFilters) {
        for (const zoom of [2, 5, 8]) {
          await expectSameAnswer({ ...filter, ...MEXICO, zoom }, db);
          for (const geofenceMeters of [200, 50]) {
            const far = await expectSameAnswer(
              { ...filter, ...MEXICO, zoom, geofenceMeters, outOfRange: true },
              db,
            );
            out += far.clusters.length;
          }
        }
        await expectSameAnswer({ ...filter, ...BAJIO, zoom: 11, outOfRange: true }, db);
      }
      expect(out).toBeGreaterThan(0);
      // And the triggers the migration replaced keep the new sums.
      await db.execute(sql`update check_ins set check_in_distance = 900 where id % 5 = 0`);
      await expectSameAnswer({ ...MEXICO, zoom: 6, outOfRange: true }, db);
    } finally {
      await database.close();
      if (serverUrl) await admin(`drop database if exists "${name}" with (force)`);
      await rm(folder, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
