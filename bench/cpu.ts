// `pnpm bench:cpu`: CPU per request of the real server, the figure least disturbed by other work
// on a shared machine (wall-clock req/s and p99 of `pnpm bench` move with the load average).
//
// Starts the application in this process as ./run.ts does (PGlite in a temporary folder, or a
// scratch PostgreSQL database when BENCH_DATABASE_URL is set), then for each scenario of
// ./scenarios.ts fires BENCH_CPU_REQUESTS requests (default 3 000) over BENCH_CONNECTIONS (10)
// connections with autocannon in a child process and reports, per request:
//
// - `node µs`: CPU time (user + system) of this process, i.e. of the server's event loop and its
//   driver (for PGlite this includes the database itself, which runs on the same thread);
// - `db µs` (PostgreSQL only): CPU time of the PostgreSQL backends serving the scratch database,
//   read from /proc/<pid>/stat of the pids pg_stat_activity lists for it (Linux);
// - `queries`: statements sent through the pool (pg.Pool#query and pooled clients) or PGlite.
//
// BENCH_CPU_DATABASE_URL names an existing PostgreSQL database to use as it is (seeded by the
// scenarios' idempotent setups, never dropped) instead of a scratch one.
// BENCH_SCENARIOS chooses scenarios (default: baseline,health,permissions,auth-page-10 and the
// pos-* ones); BENCH_CPU_PROFILE=<dir> writes a V8 CPU profile of each measured scenario there
// (open in Chrome DevTools or speedscope).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import pg from 'pg';
import { buildApp } from '@anaquel/server/src/app.ts';
import { createDatabase } from '@anaquel/server/src/db/client.ts';
import { loadConfig } from '@anaquel/server/src/env.ts';
import { seed } from '@anaquel/server/src/seed/index.ts';
import { backendCpu, countCalls, statementsSent } from './cpu-meter.ts';
import { scenarios, type BenchContext, type Scenario } from './scenarios.ts';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const requests = Number(process.env.BENCH_CPU_REQUESTS ?? 3000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const profileDir = process.env.BENCH_CPU_PROFILE;
const names = (
  process.env.BENCH_SCENARIOS ??
  'baseline,health,permissions,auth-page-10,pos-filter-common,pos-filter-rare,pos-sorted-deep'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const selected: Scenario[] = names.map((name) => {
  const scenario = scenarios.find((s) => s.name === name);
  if (!scenario) throw new Error(`Unknown scenario ${name}`);
  return scenario;
});

/* ---------- load ---------- */

function fire(url: string, scenario: Scenario, token: string, amount: number): Promise<void> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`Refusing ${url}`);
  const args = [autocannonCli, '-j', '-n', '-c', String(connections), '-a', String(amount)];
  args.push('-m', scenario.method ?? 'GET', '-H', 'accept=application/json');
  if (scenario.authenticated) args.push('-H', `authorization=Bearer ${token}`);
  if (scenario.body !== undefined) {
    args.push('-H', 'content-type=application/json', '-b', JSON.stringify(scenario.body));
  }
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`autocannon failed: ${stderr || error.message}`));
      const report = JSON.parse(stdout) as { non2xx: number; errors: number };
      if (report.non2xx || report.errors) {
        return reject(
          new Error(`${scenario.name}: ${report.non2xx} non-2xx, ${report.errors} errors`),
        );
      }
      resolve();
    });
  });
}

interface Row {
  scenario: string;
  nodeUs: number;
  dbUs: number;
  queries: number;
}

async function measure(kind: 'pglite' | 'postgres', serverUrl?: string): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anaquel-cpu-'));
  let databaseUrl: string | undefined;
  let scratchName = '';
  const reused = kind === 'postgres' ? process.env.BENCH_CPU_DATABASE_URL?.trim() : undefined;
  if (reused) {
    // A database prepared by an earlier run (kept, not dropped): no 100 000-row seeding.
    databaseUrl = reused;
    scratchName = new URL(reused).pathname.slice(1);
  } else if (serverUrl) {
    scratchName = `${process.env.BENCH_DB_PREFIX ?? 'anaquel_bench'}_cpu_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${scratchName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${scratchName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const database = await createDatabase(config);
  if (database.pglite) {
    countCalls(database.pglite, 'query');
    countCalls(database.pglite, 'exec');
  }
  const app = await (async () => {
    await database.migrate();
    await seed(database.db, config, { demo: false });
    return buildApp({ config, db: database.db });
  })();
  const monitor = serverUrl ? new pg.Client({ connectionString: serverUrl }) : null;
  const baseline = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"success":true,"data":{"status":"ok"}}');
  });
  try {
    await monitor?.connect();
    await app.listen({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const baselineOrigin = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;
    const login = await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: config.adminEmail, password: config.adminPassword }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const ctx: BenchContext = { origin, baselineOrigin, token, config, database };
    for (const scenario of selected) await scenario.setup?.(ctx);

    const rows: Row[] = [];
    for (const scenario of selected) {
      const base = scenario.target === 'baseline' ? baselineOrigin : origin;
      const url = `${base}${scenario.path}`;
      await fire(url, scenario, token, Math.min(1000, requests));
      let session: Session | undefined;
      if (profileDir) {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const dbBefore = await backendCpu(monitor, scratchName);
      const queriesBefore = statementsSent();
      const before = process.cpuUsage();
      await fire(url, scenario, token, requests);
      const used = process.cpuUsage(before);
      const queries = statementsSent() - queriesBefore;
      const dbUsed = (await backendCpu(monitor, scratchName)) - dbBefore;
      if (session) {
        const { profile } = await session.post('Profiler.stop');
        await mkdir(profileDir!, { recursive: true });
        await writeFile(
          path.join(profileDir!, `${kind}-${scenario.name}.cpuprofile`),
          JSON.stringify(profile),
        );
        session.disconnect();
      }
      const row = {
        scenario: scenario.name,
        nodeUs: Math.round((used.user + used.system) / requests),
        dbUs: Math.round(dbUsed / requests),
        queries: Math.round((queries / requests) * 100) / 100,
      };
      process.stdout.write(
        `${kind} ${row.scenario}: node ${row.nodeUs} µs, db ${row.dbUs} µs, ${row.queries} queries per request\n`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await new Promise((resolve) => baseline.close(resolve));
    await app.close();
    await database.close();
    await monitor?.end();
    await rm(dataDir, { recursive: true, force: true });
    if (serverUrl && !reused) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${scratchName} with (force)`);
      await admin.end();
    }
  }
}

const results: { database: string; rows: Row[] }[] = [];
const url = process.env.BENCH_DATABASE_URL?.trim();
if (url) results.push({ database: 'postgres', rows: await measure('postgres', url) });
if (process.env.BENCH_CPU_PGLITE !== 'false') {
  results.push({ database: 'pglite', rows: await measure('pglite') });
}
const lines = [
  `${requests} requests per scenario, ${connections} connections`,
  '',
  '| database | scenario | node µs/request | db µs/request | queries/request |',
  '| --- | --- | ---: | ---: | ---: |',
];
for (const { database, rows } of results) {
  for (const r of rows) {
    lines.push(`| ${database} | ${r.scenario} | ${r.nodeUs} | ${r.dbUs} | ${r.queries} |`);
  }
}
process.stdout.write(`\n${lines.join('\n')}\n`);
process.exit(0);
