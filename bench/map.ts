// `pnpm --filter @anaquel/bench bench:map` (issue #24, docs/geo.md "Map"): the visits map's
// aggregate, GET checkins/map, over BENCH_MAP_VISITS visits (default 1 000 000) on PostgreSQL.
//
// Seeding (SQL, about a minute): 20 promoters, 2 000 points of sale over Mexico's populated
// band, the visits spread over the last 8 weeks at their point of sale (a few hundred metres
// off; 1 in 10 out of range, 1 in 30 without a position, 1 in 40 at a point of sale without
// coordinates), then VACUUM ANALYZE (the steady state autovacuum reaches: visibility map for the
// index-only scan of check_ins_map_idx, statistics).
//
// Then autocannon (child process, BENCH_CONNECTIONS=10, BENCH_DURATION s, 2 s warm-up) loads, in
// the same run: the bare node:http baseline (no database), a bare baseline query (node:http +
// pg, `select 1`), the same aggregate statement sent bare by node:http + pg (no Fastify, no
// auth), and the map through the app: all of Mexico at zoom 5 for the app's default window
// (yesterday and today), for 7 days (the list's and map's longest window), for 7 days and one
// promoter, a city at zoom 11 and a region at zoom 8 for 7 days, and the out-of-range filter
// (from the summary's out-of-range sums since migration 0018) for Mexico at zoom 5 and a town;
// the points of sale of the 7 days (GET checkins/map/pointsofsale, asked once per window, no
// longer with every box); and the aggregate from the summary (check_in_map_cells, migration 0016) sent bare, with both
// statements' EXPLAIN ANALYZE. Target: p99 <= 100 ms.
//
// BENCH_MAP_ONLY=<words,...> runs only the scenarios whose name holds one of them (repeats).
// Needs BENCH_DATABASE_URL. BENCH_MAP_DB=<name> keeps the seeded database (reused when it
// already holds visits, never dropped); otherwise a scratch database is created and dropped.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '@anaquel/server/src/app.ts';
import { startSession } from '@anaquel/server/src/auth/sessions.ts';
import { signAccessToken } from '@anaquel/server/src/auth/tokens.ts';
import { createDatabase, type Database } from '@anaquel/server/src/db/client.ts';
import { loadConfig } from '@anaquel/server/src/env.ts';
import { LocalFileStorage } from '@anaquel/server/src/files/storage.ts';
import { seed } from '@anaquel/server/src/seed/index.ts';
import { addDays, mexicoCityDay } from '@anaquel/server/src/visits/dates.ts';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const targetVisits = Number(process.env.BENCH_MAP_VISITS ?? 1_000_000);
const serverUrl = process.env.BENCH_DATABASE_URL?.trim();
const keptName = process.env.BENCH_MAP_DB?.trim();
const only = process.env.BENCH_MAP_ONLY?.split(',').map((word) => word.trim());
if (!serverUrl) {
  process.stderr.write('BENCH_DATABASE_URL is required (a PostgreSQL server)\n');
  process.exit(2);
}

interface Report {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

function load(url: string, token: string | null, seconds: number): Promise<Report> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error('loopback only');
  const args = [autocannonCli, '-j', '-n', '-c', String(connections), '-d', String(seconds)];
  if (token) args.push('-H', `authorization=Bearer ${token}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr || error.message));
      else resolve(JSON.parse(stdout) as Report);
    });
  });
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** Promoters, points of sale on a campaign, and the visits, all in SQL. */
async function seedVisits(database: Database, visits: number): Promise<void> {
  const db = database.db;
  await db.execute(
    sql.raw(`
    insert into users (name, last_name, email, password_hash, date_of_birth, profile_id)
    select 'Promotor', 'Bench ' || i, 'promotor' || i || '@bench.mx', 'x', '1990-01-01',
      (select id from profiles order by id limit 1)
    from generate_series(1, 20) as i;
    insert into campaigns (name, start_date) values ('Bench mapa', '2020-01-01');
    insert into points_of_sale (code, name, state_id, zip_code, municipality, settlement, street,
      external_number, latitude, longitude)
    select 'PV-M' || i, 'Tienda ' || i, (select min(id) from states), '06000', 'Centro',
      'Centro', 'Calle', '1',
      case when i % 40 = 0 then null else round((17 + ((i * 7919) % 1300) / 100.0)::numeric, 6) end,
      case when i % 40 = 0 then null else round((-110 + ((i * 104729) % 2200) / 100.0)::numeric, 6) end
    from generate_series(1, 2000) as i;
    insert into campaign_points_of_sale (campaign_id, point_of_sale_id)
    select (select max(id) from campaigns), id from points_of_sale where code like 'PV-M%';
  `),
  );
  process.stdout.write(`   inserting ${visits} visits…\n`);
  const batch = 200_000;
  for (let from = 1; from <= visits; from += batch) {
    const to = Math.min(visits, from + batch - 1);
    await db.execute(
      sql.raw(`
      with u as (select array_agg(id order by id) a from users where email like '%@bench.mx'),
      p as (select array_agg(id order by id) a, array_agg(latitude order by id) la,
        array_agg(longitude order by id) lo from points_of_sale where code like 'PV-M%')
      insert into check_ins (uuid, payload_hash, user_id, point_of_sale_id, campaign_id,
        unavailable, start_date, end_date, check_in_latitude, check_in_longitude,
        check_out_latitude, check_out_longitude, check_in_distance, check_out_distance)
      select gen_random_uuid(), repeat('0', 64), u.a[1 + i % 20], p.a[1 + i % 2000],
        (select max(id) from campaigns), i % 25 = 0,
        now() - make_interval(secs => (i::bigint * 4838) % (56 * 86400)),
        now() - make_interval(secs => (i::bigint * 4838) % (56 * 86400)) + interval '20 minutes',
        pos.lat, pos.lng, pos.lat, pos.lng,
        case when pos.lat is null or p.la[1 + i % 2000] is null then null
          when i % 10 = 0 then 900 + i % 500 else i % 150 end,
        case when pos.lat is null or p.la[1 + i % 2000] is null then null else i % 120 end
      from generate_series(${from}, ${to}) as i, u, p,
      lateral (select
        case when i % 30 = 0 then null
          else coalesce(p.la[1 + i % 2000], 19.43) + ((i % 97) - 48) / 20000.0 end as lat,
        case when i % 30 = 0 then null
          else coalesce(p.lo[1 + i % 2000], -99.13) + ((i % 89) - 44) / 20000.0 end as lng) pos
    `),
    );
    process.stdout.write(`   ${to}\n`);
  }
  await db.execute(sql.raw('vacuum analyze'));
}

async function tokenOf(database: Database, jwtSecret: string, userId: number): Promise<string> {
  const session = await startSession(database.db, userId, false);
  return signAccessToken({ userId, sessionId: session.familyId }, jwtSecret);
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** The aggregate the app sends (visits/map.ts) for all of Mexico at zoom 5, 7 days, written out. */
const BARE_AGGREGATE = `
  select case when lat is null or lng is null then -2
      when lat between $1 and $2 and lng between $3 and $4
        then (floor(lat / $5) - floor($1 / $5))::int * 512 + (floor(lng / $5) - floor($3 / $5))::int
      else -1 end as key,
    count(*)::int, avg(lat), avg(lng), (count(*) filter (where state = 1))::int,
    (count(*) filter (where state = 2))::int, (count(*) filter (where state = 0))::int
  from (select
      (case when check_in_latitude is not null and check_in_longitude is not null
        then check_in_latitude else check_out_latitude end)::float8 as lat,
      (case when check_in_latitude is not null and check_in_longitude is not null
        then check_in_longitude else check_out_longitude end)::float8 as lng,
      case when check_in_distance > 200 or check_out_distance > 200 then 2
        when check_in_distance is not null or check_out_distance is not null then 1
        else 0 end as state
    from check_ins where start_date >= $6 and start_date < $7 offset 0) v
  group by 1`;

/** The same aggregate from the summary (visits/map-summary.ts, migration 0016), written out. */
const BARE_SUMMARY = `
  select case when cell_y = -1000000 then -2
      when y between $1 and $2 and x between $3 and $4 then (y - $1) * 512 + (x - $3)
      else -1 end as key,
    sum(visits)::int, sum(latitude_sum) / sum(visits), sum(longitude_sum) / sum(visits),
    (sum(known) - sum(out_200))::int, sum(out_200)::int, (sum(visits) - sum(known))::int
  from (select cell_y, visits, known, out_200, latitude_sum, longitude_sum,
      floor(cell_y::float8 / $5)::int as y, floor(cell_x::float8 / $5)::int as x
    from check_in_map_cells where day >= $6 and day <= $7 offset 0) c
  group by 1 having sum(visits) > 0`;

async function main(): Promise<void> {
  if (keptName !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keptName)) {
    throw new Error('BENCH_MAP_DB: lower-case letters, digits and _ only');
  }
  const name = keptName || `anaquel_bench_map_${Date.now()}`;
  const monitor = new pg.Client({ connectionString: serverUrl });
  await monitor.connect();
  const exists =
    (await monitor.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (!exists) await monitor.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-map-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const database = await createDatabase(config);
  const storage = new LocalFileStorage(path.join(dataDir, 'files'));
  const bare = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const servers: Server[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await database.migrate();
    const count = async () =>
      rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from check_ins`),
      )[0]!.n;
    if (exists && (await count()) > 0) {
      process.stdout.write(`## map on PostgreSQL: reusing ${name}\n`);
    } else {
      process.stdout.write('## map on PostgreSQL: seeding…\n');
      await seed(database.db, config, { demo: false, storage });
      await seedVisits(database, targetVisits);
    }
    const total = await count();

    app = await buildApp({ config, db: database.db, storage });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const healthBody = await (await fetch(`${origin}/api/v1/health`)).text();
    const baseline = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(healthBody);
    });
    const today = mexicoCityDay(new Date());
    const week = { startDate: addDays(today, -6), endDate: today };
    const from = new Date(`${week.startDate}T06:00:00Z`);
    const until = new Date(Date.now() + 86_400_000);
    const MEXICO = { west: -118.5, south: 14.3, east: -86.5, north: 32.8 };
    // Zoom 5: cells of 45/32 degrees, 8 summary cells (45/256) a side.
    const cell = (value: number) => Math.floor(value / (45 / 32));
    const summaryValues = [
      cell(MEXICO.south),
      cell(MEXICO.north),
      cell(MEXICO.west),
      cell(MEXICO.east),
      8,
      week.startDate,
      week.endDate,
    ];
    const bareQuery = createServer((req, res) => {
      const statements: Record<string, [string, unknown[]]> = {
        '/aggregate': [
          BARE_AGGREGATE,
          [MEXICO.south, MEXICO.north, MEXICO.west, MEXICO.east, 360 / 32 / 8, from, until],
        ],
        '/summary': [BARE_SUMMARY, summaryValues],
      };
      const [text, values] = statements[req.url ?? ''] ?? ['select 1', []];
      bare.query(text, values).then(
        (result) => {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ success: true, data: result.rows }));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
    servers.push(baseline, bareQuery);
    const baselineOrigin = await listen(baseline);
    const bareOrigin = await listen(bareQuery);

    const adminId = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`select id from users where lower(email) = ${config.adminEmail}`,
      ),
    )[0]!.id;
    const token = await tokenOf(database, config.jwtSecret, adminId);
    const promoterId = rowsOf<{ id: number }>(
      await database.db.execute(sql`select min(id) as id from users where email like '%@bench.mx'`),
    )[0]!.id;
    const query = (params: Record<string, string | number>) =>
      `${origin}/api/v1/checkins/map?${new URLSearchParams(
        Object.entries(params).map(([k, v]) => [k, String(v)]),
      )}`;
    const twoDays = { startDate: addDays(today, -1), endDate: today };
    const scenarios = [
      { name: 'baseline (bare node:http)', url: `${baselineOrigin}/`, auth: false },
      { name: 'bare query (node:http + pg, select 1)', url: `${bareOrigin}/select1`, auth: false },
      {
        name: 'bare aggregate (node:http + pg, 7 days)',
        url: `${bareOrigin}/aggregate`,
        auth: false,
      },
      {
        name: 'bare summary aggregate (node:http + pg, 7 days)',
        url: `${bareOrigin}/summary`,
        auth: false,
      },
      { name: 'map 2 days, Mexico z5', url: query({ ...twoDays, ...MEXICO, zoom: 5 }), auth: true },
      { name: 'map 7 days, Mexico z5', url: query({ ...week, ...MEXICO, zoom: 5 }), auth: true },
      {
        name: 'map 7 days, 1 promoter, Mexico z5',
        url: query({ ...week, promoterId, ...MEXICO, zoom: 5 }),
        auth: true,
      },
      {
        name: 'map 7 days, a city z11',
        url: query({ ...week, west: -99.3, south: 19.3, east: -99.0, north: 19.55, zoom: 11 }),
        auth: true,
      },
      {
        name: 'map 7 days, a region z8',
        url: query({ ...week, west: -104, south: 18, east: -97, north: 22, zoom: 8 }),
        auth: true,
      },
      {
        name: 'map 7 days, out of range only, Mexico z5',
        url: query({ ...week, outOfRange: 'true', ...MEXICO, zoom: 5 }),
        auth: true,
      },
      {
        // A town's box around a point of sale whose visits are out of range (the seed puts them
        // at a few points of sale; Mexico City's box holds none).
        name: 'map 7 days, out of range only, a town z11',
        url: query({
          ...week,
          outOfRange: 'true',
          west: -107.85,
          south: 27.0,
          east: -107.55,
          north: 27.25,
          zoom: 11,
        }),
        auth: true,
      },
      {
        name: 'points of sale, 7 days (once per window)',
        url: `${origin}/api/v1/checkins/map/pointsofsale?${new URLSearchParams(week)}`,
        auth: true,
      },
    ].filter(({ name }) => !only || only.some((word) => name.includes(word)));
    process.stdout.write(
      `\nvisits: ${total}; ${connections} connections, ${duration} s each\n\n` +
        '| scenario | visits in the filter | answer | KB | req/s | p50 ms | p99 ms | max ms | non-2xx |\n' +
        '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n',
    );
    for (const scenario of scenarios) {
      const headers: Record<string, string> = scenario.auth
        ? { authorization: `Bearer ${token}` }
        : {};
      const probe = await fetch(scenario.url, { headers });
      const text = await probe.text();
      const body = JSON.parse(text) as {
        data?: {
          mode?: string;
          inView: number;
          outsideView: number;
          withoutPosition: number;
          clusters: unknown[];
          visits: unknown[];
          pointsOfSale?: unknown[];
        };
      };
      const data = scenario.auth ? body.data : undefined;
      const inFilter = data?.mode ? data.inView + data.outsideView + data.withoutPosition : '';
      let shape = '';
      if (data?.pointsOfSale) shape = `points of sale: ${data.pointsOfSale.length}`;
      else if (data?.mode)
        shape = `${data.mode}: ${data.mode === 'clusters' ? data.clusters.length : data.visits.length}`;
      const kb = (Buffer.byteLength(text) / 1024).toFixed(1);
      await load(scenario.url, scenario.auth ? token : null, 2);
      const r = await load(scenario.url, scenario.auth ? token : null, duration);
      process.stdout.write(
        `| ${scenario.name} | ${inFilter} | ${shape} | ${kb} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx + r.errors} |\n`,
      );
    }
    const plan = await bare.query(`explain (analyze, buffers, costs off) ${BARE_AGGREGATE}`, [
      MEXICO.south,
      MEXICO.north,
      MEXICO.west,
      MEXICO.east,
      360 / 32 / 8,
      from,
      until,
    ]);
    process.stdout.write(
      `\nEXPLAIN ANALYZE of the 7-day aggregate:\n\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}\n`,
    );
    const summaryPlan = await bare.query(
      `explain (analyze, buffers, costs off) ${BARE_SUMMARY}`,
      summaryValues,
    );
    const summaryRows = await bare.query(
      'select count(*)::int as n from check_in_map_cells where day >= $1 and day <= $2',
      [week.startDate, week.endDate],
    );
    process.stdout.write(
      `\nEXPLAIN ANALYZE of the 7-day aggregate from the summary (${summaryRows.rows[0].n} summary rows for the week):\n\n${summaryPlan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}\n`,
    );
  } finally {
    await app?.close();
    for (const server of servers) server.close();
    await bare.end();
    await database.close();
    if (!keptName) await monitor.query(`drop database if exists ${name} with (force)`);
    await monitor.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
