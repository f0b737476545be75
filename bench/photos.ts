// `pnpm bench:photos` (issue #24, docs/gallery.md): the ZIP of photos and the gallery's page on
// PostgreSQL.
//
// A scratch database gets the demo data, then 20 000 photos in SQL: 10 000 visits of two photos
// each, the first 5 000 visits on 1 October 2026, the others on 2 October (Mexico City days).
// Every photo is a 200 KB file of random bytes in the server's files folder (hard links of one
// file: the page cache holds it, so the figures are the ZIP's own work, not the disk's). For
// 10 000 photos (one day) and 20 000 (both days), a fresh server process
// (packages/server/src/main.ts) answers GET checkins/photos/zip over HTTP, read to the end by
// this process; beside it, in the same run, bare yazl (photo-zip-bare.ts, its own process)
// stores the same files in the same order and answers them over a bare node:http server, read
// by the same client: the comparison is the server's whole path (database reads, FileStorage,
// Fastify) against the library alone on the same transport. Each side runs
// BENCH_PHOTOS_REPEAT times (default 2) alternately; the fastest of each is compared.
// Reported: MB/s of both and their ratio (target >= 0.8), the server's peak RSS (VmHWM) at
// 10 000 and 20 000 (target: within 1.2x), the time to the first byte of the ZIP (target
// < 200 ms), and the gallery's page: GET checkins/photos (48 photos) at 10 connections for
// BENCH_PHOTOS_DURATION seconds (default 10), the first page and a deep page (a cursor 5 000
// photos in), p50/p99 (target p99 <= 50 ms; the page counts nothing, so both should cost the
// same), and as its own scenario the count the screen asks for once per filter,
// GET checkins/photos/count over the same window (20 000 photos: it stops at 1 001). Written to
// bench/results/photos-<date>.json and printed as markdown.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '@anaquel/server/src/db/client.ts';
import { listPhotos } from '@anaquel/server/src/visits/photos.ts';
import {
  adminToken,
  scratchDatabase,
  startServer,
  type ServerProcess,
} from './fault/server-process.ts';

interface CannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<CannonResult>;

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repeat = Number(process.env.BENCH_PHOTOS_REPEAT ?? 2);
const duration = Number(process.env.BENCH_PHOTOS_DURATION ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3240);
const PHOTO_BYTES = 200 * 1024;
const VISITS = 10_000;
const DAY_A = '2026-10-01';
const DAY_B = '2026-10-02';

const database = await scratchDatabase('bench_photos');
const dataDir = path.join(tmpdir(), `anaquel-photos-${Date.now()}`);
const filesDir = path.join(dataDir, 'files');

/** Seeds the visits, the files rows and the photos' bytes (hard links of one file). */
async function seed(): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const one = async (sql: string) => (await client.query(sql)).rows[0] as Record<string, number>;
  const user = await one(`select id from users order by id limit 1`);
  const visit = await one(`select c.id as campaign, cp.point_of_sale_id as pos
    from campaigns c join campaign_points_of_sale cp on cp.campaign_id = c.id limit 1`);
  // Visits: 5 000 on each day (Mexico City is UTC-6: 14:00Z is 08:00 there), 5 s apart.
  await client.query(`insert into check_ins (uuid, payload_hash, user_id, point_of_sale_id,
      campaign_id, unavailable, start_date, end_date, check_in_latitude, check_in_longitude)
    select gen_random_uuid(), repeat('0', 64), ${user!.id}, ${visit!.pos}, ${visit!.campaign}, true,
      s, s + interval '20 minutes', 19.43, -99.13
    from (select case when i <= ${VISITS / 2}
        then timestamptz '${DAY_A}T14:00:00Z' + i * interval '5 seconds'
        else timestamptz '${DAY_B}T14:00:00Z' + (i - ${VISITS / 2}) * interval '5 seconds' end as s
      from generate_series(1, ${VISITS}) i) days`);
  await client.query(`insert into files (id, mime, size, storage_key)
    select gen_random_uuid(), 'image/jpeg', ${PHOTO_BYTES}, 'bench/' || lpad(i::text, 6, '0') || '.jpg'
    from generate_series(1, ${VISITS * 2}) i`);
  await client.query(`insert into check_in_photos (check_in_id, file_id, "order")
    select v.id, f.id, (f.n - 1) % 2
    from (select id, row_number() over (order by start_date, id) as n from check_ins) v
    join (select id, row_number() over (order by storage_key) as n from files
      where storage_key like 'bench/%') f on (f.n + 1) / 2 = v.n`);
  await client.query('analyze');
  const keys = (
    await client.query(`select storage_key from files where storage_key like 'bench/%'`)
  ).rows as { storage_key: string }[];
  await client.end();
  await mkdir(path.join(filesDir, 'bench'), { recursive: true });
  const source = path.join(dataDir, 'photo.bin');
  await writeFile(source, randomBytes(PHOTO_BYTES));
  for (const { storage_key } of keys) await link(source, path.join(filesDir, storage_key));
}

/** The files of a window in the gallery's order, for the bare writer. */
async function filesOf(endDay: string): Promise<[string, string][]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const rows = (
    await client.query(`select f.storage_key from check_ins ci
      join check_in_photos cp on cp.check_in_id = ci.id join files f on f.id = cp.file_id
      where ci.start_date < timestamptz '${endDay}T00:00:00-06:00' + interval '1 day'
      order by ci.start_date desc, ci.id desc, cp."order"`)
  ).rows as { storage_key: string }[];
  await client.end();
  return rows.map((row, i) => [path.join(filesDir, row.storage_key), `pv/${i + 1}.jpg`]);
}

interface ZipRun {
  bytes: number;
  ms: number;
  firstByteMs: number;
  vmHwmKb: number;
  /** The server's peak RSS when signed in, before the ZIP (its start-up). */
  idleKb?: number;
}

const vmHwm = async (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** One ZIP through a fresh server process (its peak RSS is this download's). */
async function serverZip(endDay: string): Promise<ZipRun> {
  const server: ServerProcess = await startServer({ databaseUrl: database.url, port, dataDir });
  try {
    const token = await adminToken(server.origin);
    const idleKb = await vmHwm(server.child.pid!);
    const run = await readZip(
      `${server.origin}/api/v1/checkins/photos/zip?startDate=${DAY_A}&endDate=${endDay}`,
      { authorization: `Bearer ${token}` },
    );
    return { ...run, idleKb, vmHwmKb: await vmHwm(server.child.pid!) };
  } finally {
    await server.stop();
  }
}

/** Reads a ZIP over HTTP to its end: bytes, time, time to the first byte of the body. */
async function readZip(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`zip: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let firstByteMs = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
  }
  return { bytes, ms: performance.now() - started, firstByteMs };
}

/** The same files through bare yazl behind a bare node:http server (photo-zip-bare.ts). */
async function bareZip(list: string): Promise<ZipRun> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'photo-zip-bare.ts'), list],
    { cwd: benchDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (line: Buffer) =>
      resolve((JSON.parse(String(line)) as { port: number }).port),
    );
    child.once('exit', (code) => reject(new Error(`bare writer exited with ${code}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const run = await readZip(`${origin}/zip`);
  const { vmHwmKb } = (await (await fetch(`${origin}/done`)).json()) as { vmHwmKb: number };
  await new Promise((resolve) => child.once('exit', resolve));
  return { ...run, vmHwmKb };
}

const mbPerS = (run: ZipRun) => run.bytes / 1e6 / (run.ms / 1000);
const fastest = (runs: ZipRun[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The statements the server sends for the gallery's first page: groups run at once, each on its
 * own connection (since the count has its own operation, one group: the rows).
 */
async function firstPageStatements(): Promise<Statement[][]> {
  const groups: SQL[][] = [];
  const captureInto = (group: SQL[]) => ({
    execute: (query: SQL) => {
      group.push(query);
      return Promise.resolve({ rows: [] });
    },
  });
  const capture = {
    execute: (query: SQL) => captureInto(groups[groups.push([]) - 1]!).execute(query),
    transaction: (work: (tx: unknown) => Promise<unknown>) =>
      work(captureInto(groups[groups.push([]) - 1]!)),
  } as unknown as Db;
  await listPhotos(
    capture,
    { startDate: DAY_A, endDate: DAY_B, geofenceMeters: 200 },
    undefined,
    48,
  );
  const dialect = new PgDialect();
  return groups.map((group) => group.map((query) => dialect.sqlToQuery(query)));
}

/** Runs a group of statements on one connection, in a transaction when there are several. */
async function runGroup(pool: pg.Pool, group: Statement[], explain = false) {
  const client = await pool.connect();
  try {
    if (group.length > 1) await client.query('begin');
    let rows: unknown[] = [];
    for (const [i, { sql, params }] of group.entries()) {
      const last = i === group.length - 1;
      rows = (
        await client.query(last && explain ? `explain (analyze, buffers) ${sql}` : sql, params)
      ).rows;
    }
    if (group.length > 1) await client.query('commit');
    return rows;
  } finally {
    client.release();
  }
}

/**
 * The first page's statements sent bare (node:http + pg, 10 connections, no Fastify, no sign-in):
 * what the page costs the database on this machine at this load, beside the server's page.
 * Also their EXPLAIN ANALYZE.
 */
async function bareFirstPage() {
  const groups = await firstPageStatements();
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bare = createServer((_request, response) => {
    Promise.all(groups.map((group) => runGroup(pool, group))).then(
      (results) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ success: true, data: results }));
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    const plans: string[] = [];
    for (const group of groups) {
      const plan = await runGroup(pool, group, true);
      plans.push((plan as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'));
    }
    const { port: barePort } = bare.address() as AddressInfo;
    const run = await autocannon({
      url: `http://127.0.0.1:${barePort}/`,
      connections: 10,
      duration,
      headers: {},
    });
    return { run, plans };
  } finally {
    await new Promise((resolve) => bare.close(resolve));
    await pool.end();
  }
}

/**
 * The gallery at 10 connections: the first page, a deep one (neither counts), and the count of
 * the same window as its own scenario.
 */
async function galleryPages(): Promise<Record<string, CannonResult>> {
  const server = await startServer({ databaseUrl: database.url, port, dataDir });
  try {
    const token = await adminToken(server.origin);
    const headers = { authorization: `Bearer ${token}` };
    const base = `${server.origin}/api/v1/checkins/photos?startDate=${DAY_A}&endDate=${DAY_B}&PageSize=48`;
    // A cursor about 5 000 photos in: walk there with the largest pages.
    let cursor: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const url: string = `${server.origin}/api/v1/checkins/photos?startDate=${DAY_A}&endDate=${DAY_B}&PageSize=100${cursor ? `&cursor=${cursor}` : ''}`;
      cursor = ((await (await fetch(url, { headers })).json()) as { data: { nextCursor: string } })
        .data.nextCursor;
    }
    // The floor of this machine at this load, in the same process: the readiness answer (Fastify,
    // a `select 1`, no sign-in) beside the page.
    const health = await autocannon({
      url: `${server.origin}/api/v1/health`,
      connections: 10,
      duration,
      headers: {},
    });
    const first = await autocannon({ url: base, connections: 10, duration, headers });
    const deep = await autocannon({
      url: `${base}&cursor=${cursor}`,
      connections: 10,
      duration,
      headers,
    });
    const count = await autocannon({
      url: `${server.origin}/api/v1/checkins/photos/count?startDate=${DAY_A}&endDate=${DAY_B}`,
      connections: 10,
      duration,
      headers,
    });
    return { health, 'first page': first, 'deep page': deep, 'count (its own request)': count };
  } finally {
    await server.stop();
  }
}

try {
  const seeding = performance.now();
  // The server migrates and seeds the demo data on its first start.
  await (await startServer({ databaseUrl: database.url, port, dataDir, demoData: true })).stop();
  await seed();
  process.stdout.write(
    `seeded ${VISITS * 2} photos in ${((performance.now() - seeding) / 1000).toFixed(0)} s\n`,
  );
  const results: Record<string, unknown> = {};
  const table: string[] = [
    '| photos | ZIP MB | server MB/s | bare yazl MB/s | ratio | server first byte | bare first byte | server VmHWM (before the ZIP) | bare VmHWM |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  // BENCH_PHOTOS_ZIP=0: the gallery's page only.
  const zips =
    process.env.BENCH_PHOTOS_ZIP === '0'
      ? []
      : ([
          [10_000, DAY_A],
          [20_000, DAY_B],
        ] as const);
  for (const [count, endDay] of zips) {
    const list = path.join(dataDir, `list-${count}.json`);
    await writeFile(list, JSON.stringify(await filesOf(endDay)));
    const servers: ZipRun[] = [];
    const bares: ZipRun[] = [await bareZip(list)]; // warms the page cache
    for (let i = 0; i < repeat; i += 1) {
      servers.push(await serverZip(endDay));
      bares.push(await bareZip(list));
    }
    const server = fastest(servers);
    const bare = fastest(bares);
    results[count] = { servers, bares };
    table.push(
      `| ${count} | ${(server.bytes / 1e6).toFixed(0)} | ${mbPerS(server).toFixed(0)} | ${mbPerS(bare).toFixed(0)} | ${(mbPerS(server) / mbPerS(bare)).toFixed(2)} | ${Math.min(...servers.map((r) => r.firstByteMs)).toFixed(0)}-${Math.max(...servers.map((r) => r.firstByteMs)).toFixed(0)} ms | ${bare.firstByteMs.toFixed(0)} ms | ${Math.max(...servers.map((r) => r.vmHwmKb / 1024)).toFixed(0)} MB (${Math.max(...servers.map((r) => (r.idleKb ?? 0) / 1024)).toFixed(0)} MB) | ${(bare.vmHwmKb / 1024).toFixed(0)} MB |`,
    );
    process.stdout.write(`${table.at(-1)}\n`);
  }
  const bare = await bareFirstPage();
  const pages = { 'bare first page (node:http + pg)': bare.run, ...(await galleryPages()) };
  results.pages = pages;
  results.plans = bare.plans;
  process.stdout.write(`\n${bare.plans.join('\n\n')}\n`);
  table.push(
    '',
    '| gallery (48 a page, 10 connections) | requests/s | p50 | p99 | max | errors + non-2xx |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const [name, run] of Object.entries(pages)) {
    table.push(
      `| ${name} | ${run.requests.average.toFixed(0)} | ${run.latency.p50} ms | ${run.latency.p99} ms | ${run.latency.max} ms | ${run.errors + run.timeouts + run.non2xx} |`,
    );
  }
  process.stdout.write(`\n${table.join('\n')}\n`);
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  await writeFile(
    path.join(
      benchDir,
      'results',
      `photos-${new Date().toISOString().slice(0, 16).replace(/:/g, '')}.json`,
    ),
    JSON.stringify(results, null, 2),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await database.drop();
}
