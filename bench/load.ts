// `pnpm bench:load`: the real server (a separate process) on a scratch PostgreSQL database under
// 50 connections for 60 s of mixed reads and writes (paged list, options, permissions, creates of
// brands and categories), with autocannon. Passes only with 0 errors, 0 timeouts and 0 non-2xx
// answers; prints throughput and latency percentiles (p99 included) and writes
// bench/results/load-<timestamp>.json. BENCH_LOAD_DURATION / BENCH_LOAD_CONNECTIONS change the
// defaults, BENCH_PORT the port (default 3210), BENCH_DATABASE_URL the PostgreSQL server.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import pg from 'pg';
import { adminToken, scratchDatabase, startServer } from './fault/server-process.ts';

// autocannon ships no types: the part of its API used here.
interface CannonRequest {
  method: string;
  path: string;
  body?: string;
  setupRequest?: (request: CannonRequest) => CannonRequest;
}
interface CannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers: Record<string, string>;
  requests: CannonRequest[];
}) => Promise<CannonResult>;

const duration = Number(process.env.BENCH_LOAD_DURATION ?? 60);
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3210);
const benchDir = path.dirname(fileURLToPath(import.meta.url));

const database = await scratchDatabase('bench_load');
const dataDir = path.join(tmpdir(), `anaquel-load-${Date.now()}`);
const server = await startServer({ databaseUrl: database.url, port, dataDir });
try {
  const token = await adminToken(server.origin);
  let counter = 0;
  const json = (body: unknown) => JSON.stringify(body);
  const run = await autocannon({
    url: server.origin,
    connections,
    duration,
    timeout: 10,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      { method: 'GET', path: '/api/v1/brands/paged?Page=1&PageSize=10&Sort=-id' },
      {
        method: 'POST',
        path: '/api/v1/brands',
        setupRequest: (request) => ({
          ...request,
          body: json({ name: `Marca de carga ${++counter}`, isActive: true }),
        }),
      },
      { method: 'GET', path: '/api/v1/brands/options?Take=20&Filter=carga' },
      {
        method: 'POST',
        path: '/api/v1/categories',
        setupRequest: (request) => ({
          ...request,
          body: json({ name: `Categoría de carga ${++counter}`, isActive: true }),
        }),
      },
      { method: 'GET', path: '/api/v1/permissions' },
      { method: 'GET', path: '/api/v1/categories/paged?Page=2&PageSize=25&Filter=carga' },
    ],
  });

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ brands: string; categories: string }>(
    "select (select count(*) from brands where name like 'Marca de carga %') as brands, (select count(*) from categories where name like 'Categoría de carga %') as categories",
  );
  await client.end();

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model },
    database: 'PostgreSQL',
    connections,
    durationSeconds: duration,
    requests: run.requests.total,
    requestsPerSecond: Math.round(run.requests.average),
    latencyMs: {
      p50: run.latency.p50,
      p90: run.latency.p90,
      p99: run.latency.p99,
      max: run.latency.max,
      mean: Math.round(run.latency.average * 10) / 10,
    },
    errors: run.errors,
    timeouts: run.timeouts,
    non2xx: run.non2xx,
    statusCodes: run.statusCodeStats,
    rowsWritten: { brands: Number(rows[0]!.brands), categories: Number(rows[0]!.categories) },
  };
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const file = path.join(benchDir, 'results', `load-${result.date.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  const ok = result.errors === 0 && result.timeouts === 0 && result.non2xx === 0;
  console.log(
    `\n${ok ? 'PASS' : 'FAIL'}: ${result.requests} requests (${result.requestsPerSecond}/s) from ${connections} connections in ${duration} s, ` +
      `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; written to ${path.relative(process.cwd(), file)}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
