// `pnpm bench`: throughput and latency of the real server, next to a bare node:http baseline.
//
// For each database (PGlite in a temporary folder; also PostgreSQL when BENCH_DATABASE_URL is
// set) it starts the application in this process exactly as packages/server/src/main.ts does
// (migrate, seed, buildApp), runs every scenario of ./scenarios.ts with autocannon in a child
// process (so the load generator does not share the server's event loop), times sign-ins, then
// writes bench/results/<timestamp>.json and prints a markdown table.
//
// Settings (environment): BENCH_DURATION seconds per scenario (default 10, at most 60),
// BENCH_CONNECTIONS (default 10, at most 100), BENCH_LOGINS sign-ins timed (default 20),
// BENCH_SCENARIOS a comma-separated list of scenario names to run (default all),
// BENCH_DATABASE_URL a PostgreSQL server URL: a scratch database (BENCH_DB_PREFIX, default
// anaquel_bench, + a timestamp) is created next to the one it names and dropped afterwards;
// BENCH_POS_ROWS the points of sale seeded (100 000). Only loopback addresses are ever loaded.
// BENCH_POSTGRES_DB=<name> keeps the PostgreSQL database under that name instead of a scratch
// one (created when missing, migrated and reused as it is, never dropped): the minutes of seeding
// 1 000 000 points of sale once for several runs (drop it yourself when done).
// BENCH_PGLITE=false leaves out the PGlite pass (with BENCH_DATABASE_URL: PostgreSQL only).
// BENCH_ROUNDS=<n> (default 1) runs the scenarios n times over, in order, the baseline first in
// each round: each figure is then the median of the rounds, and a scenario's ratio the median of
// its ratios to the baseline of the same round (on a shared machine the baseline itself moved
// between 20 000 and 35 000 req/s from one minute to the next; a ratio to a baseline measured a
// few seconds before is steadier than one to a single baseline minutes away).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '@anaquel/server/src/app.ts';
import { verifyPassword } from '@anaquel/server/src/auth/passwords.ts';
import { createDatabase, type Database } from '@anaquel/server/src/db/client.ts';
import { users } from '@anaquel/server/src/db/schema/index.ts';
import { loadConfig, type Config } from '@anaquel/server/src/env.ts';
import { seed } from '@anaquel/server/src/seed/index.ts';
import { scenarios, type BenchContext, type Scenario } from './scenarios.ts';
import { median } from './stats.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function setting(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be an integer between 1 and ${max} (got "${raw}")`);
  }
  return value;
}
const duration = setting('BENCH_DURATION', 10, 60);
const connections = setting('BENCH_CONNECTIONS', 10, 100);
const loginCount = setting('BENCH_LOGINS', 20, 500);
const rounds = setting('BENCH_ROUNDS', 1, 20);
/** BENCH_SCENARIOS=baseline,survey-tree runs only those scenarios (default: all). */
const only = process.env.BENCH_SCENARIOS?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const selected: Scenario[] = only ? scenarios.filter((s) => only.includes(s.name)) : scenarios;
if (only && selected.length !== only.length) {
  throw new Error(`BENCH_SCENARIOS names unknown scenarios: ${only.join(', ')}`);
}

interface LoadResult {
  scenario: string;
  description: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  ratioToBaseline?: number;
  /** With BENCH_ROUNDS > 1: each round's figures (the fields above are their medians). */
  rounds?: { requestsPerSecond: number; p99Ms: number; ratioToBaseline?: number }[];
}

interface LoginResult {
  count: number;
  httpMeanMs: number;
  httpP50Ms: number;
  httpMaxMs: number;
  argon2VerifyMeanMs: number;
}

interface DatabaseRun {
  database: 'pglite' | 'postgres';
  load: LoadResult[];
  login: LoginResult;
}

// ---------------------------------------------------------------------------------------------

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

/** The part of autocannon's `--json` report we read. */
interface AutocannonReport {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The ceiling: a bare node:http server answering the same bytes as the real health check. */
async function startBaseline(
  body: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(body);
  });
  const origin = await listen(server);
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function autocannon(
  url: string,
  scenario: Scenario,
  token: string,
  seconds: number,
): Promise<AutocannonReport> {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) {
    throw new Error(`Refusing to load a non-loopback address: ${url}`);
  }
  const args = [autocannonCli, '-j', '-n', '-c', String(connections), '-d', String(seconds)];
  args.push('-m', scenario.method ?? 'GET', '-H', 'accept=application/json');
  if (scenario.authenticated) args.push('-H', `authorization=Bearer ${token}`);
  if (scenario.body !== undefined) {
    args.push('-H', 'content-type=application/json', '-b', JSON.stringify(scenario.body));
  }
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`autocannon failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as AutocannonReport);
    });
  });
}

async function runScenario(ctx: BenchContext, scenario: Scenario): Promise<LoadResult> {
  const origin = scenario.target === 'baseline' ? ctx.baselineOrigin : ctx.origin;
  const url = `${origin}${scenario.path}`;
  // A short warm-up (JIT, connection pool, caches) that is not recorded.
  await autocannon(url, scenario, ctx.token, 2);
  const r = await autocannon(url, scenario, ctx.token, duration);
  return {
    scenario: scenario.name,
    description: scenario.description,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    totalRequests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

async function login(origin: string, config: Config): Promise<{ token: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      username: config.adminEmail,
      password: config.adminPassword,
      rememberMe: false,
    }),
  });
  const ms = performance.now() - started;
  const body = (await response.json()) as { success: boolean; data?: { accessToken: string } };
  if (!response.ok || !body.data) {
    throw new Error(`Sign-in failed with ${response.status}: ${JSON.stringify(body)}`);
  }
  return { token: body.data.accessToken, ms };
}

async function timeLogins(ctx: BenchContext): Promise<LoginResult> {
  const http: number[] = [];
  for (let i = 0; i < loginCount; i++) http.push((await login(ctx.origin, ctx.config)).ms);
  http.sort((a, b) => a - b);

  // The argon2id verification alone, on the administrator's stored hash.
  const rows = await ctx.database.db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users);
  const admin = rows.find((row) => row.email.toLowerCase() === ctx.config.adminEmail);
  if (!admin) throw new Error('The seeded administrator is missing');
  const verifyStarted = performance.now();
  for (let i = 0; i < loginCount; i++) {
    if (!(await verifyPassword(admin.hash, ctx.config.adminPassword)))
      throw new Error('verify failed');
  }
  const verifyMean = (performance.now() - verifyStarted) / loginCount;

  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: loginCount,
    httpMeanMs: round(http.reduce((a, b) => a + b, 0) / http.length),
    httpP50Ms: round(http[Math.floor(http.length / 2)]!),
    httpMaxMs: round(http[http.length - 1]!),
    argon2VerifyMeanMs: round(verifyMean),
  };
}

// ---------------------------------------------------------------------------------------------

/** Creates a scratch database on the server BENCH_DATABASE_URL names; returns its URL and a drop. */
async function scratchPostgres(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${process.env.BENCH_DB_PREFIX ?? 'anaquel_bench'}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function benchDatabase(
  kind: 'pglite' | 'postgres',
  databaseUrl?: string,
): Promise<DatabaseRun> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  try {
    process.stdout.write(`\n## ${kind}: migrating and seeding…\n`);
    database = await createDatabase(config);
    await database.migrate();
    await seed(database.db, config, { demo: false });
    app = await buildApp({ config, db: database.db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const health = await fetch(`${origin}/api/v1/health`);
    baseline = await startBaseline(await health.text());
    const { token } = await login(origin, config);
    const ctx: BenchContext = { origin, baselineOrigin: baseline.origin, token, config, database };

    for (const scenario of selected) await scenario.setup?.(ctx);
    const perRound: LoadResult[][] = [];
    for (let round = 1; round <= rounds; round++) {
      const load: LoadResult[] = [];
      for (const scenario of selected) {
        const label = rounds > 1 ? ` round ${round}/${rounds}` : '';
        process.stdout.write(
          `   ${scenario.name}${label} (${duration} s, ${connections} connections)…\n`,
        );
        load.push(await runScenario(ctx, scenario));
      }
      const ceiling = load.find((r) => r.scenario === 'baseline')?.requestsPerSecond;
      for (const r of load) {
        if (ceiling)
          r.ratioToBaseline = Math.round((r.requestsPerSecond / ceiling) * 10_000) / 10_000;
      }
      perRound.push(load);
    }
    const load = rounds === 1 ? perRound[0]! : mediansOf(perRound);
    process.stdout.write(`   ${loginCount} sign-ins…\n`);
    const loginResult = await timeLogins(ctx);
    return { database: kind, load, login: loginResult };
  } finally {
    await baseline?.close();
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Each scenario's figures as the medians of its rounds (the rounds kept beside them). */
function mediansOf(perRound: LoadResult[][]): LoadResult[] {
  return perRound[0]!.map((first, index) => {
    const all = perRound.map((load) => load[index]!);
    const ratios = all.flatMap((r) => (r.ratioToBaseline === undefined ? [] : [r.ratioToBaseline]));
    return {
      ...first,
      requestsPerSecond: Math.round(median(all.map((r) => r.requestsPerSecond))),
      p50Ms: median(all.map((r) => r.p50Ms)),
      p99Ms: median(all.map((r) => r.p99Ms)),
      totalRequests: all.reduce((sum, r) => sum + r.totalRequests, 0),
      non2xx: all.reduce((sum, r) => sum + r.non2xx, 0),
      errors: all.reduce((sum, r) => sum + r.errors, 0),
      timeouts: all.reduce((sum, r) => sum + r.timeouts, 0),
      ratioToBaseline: ratios.length > 0 ? median(ratios) : undefined,
      rounds: all.map((r) => ({
        requestsPerSecond: r.requestsPerSecond,
        p99Ms: r.p99Ms,
        ratioToBaseline: r.ratioToBaseline,
      })),
    };
  });
}

function formatPercent(percent: number): string {
  return percent < 10 ? percent.toFixed(1) : String(Math.round(percent));
}

function markdown(runs: DatabaseRun[]): string {
  const lines = [
    '| database | scenario | req/s | p50 ms | p99 ms | vs baseline | non-2xx / errors |' +
      (rounds > 1 ? ' vs baseline by round |' : ''),
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |' + (rounds > 1 ? ' ---: |' : ''),
  ];
  for (const run of runs) {
    for (const r of run.load) {
      const ratio =
        r.ratioToBaseline === undefined ? '' : `${formatPercent(r.ratioToBaseline * 100)} %`;
      const byRound = r.rounds
        ? ` ${r.rounds.map((x) => (x.ratioToBaseline === undefined ? '-' : formatPercent(x.ratioToBaseline * 100))).join(', ')} |`
        : '';
      lines.push(
        `| ${run.database} | ${r.scenario} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${ratio} | ${r.non2xx} / ${r.errors + r.timeouts} |${byRound}`,
      );
    }
  }
  lines.push(
    '',
    '| database | sign-ins | HTTP mean ms | HTTP p50 ms | HTTP max ms | argon2id verify mean ms |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const run of runs) {
    const l = run.login;
    lines.push(
      `| ${run.database} | ${l.count} | ${l.httpMeanMs} | ${l.httpP50Ms} | ${l.httpMaxMs} | ${l.argon2VerifyMeanMs} |`,
    );
  }
  return lines.join('\n');
}

/** The database BENCH_POSTGRES_DB names on the server BENCH_DATABASE_URL names (kept). */
async function keptPostgres(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error('BENCH_POSTGRES_DB: lower-case letters, digits and _ only');
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => {} };
}

const runs: DatabaseRun[] = [];
if (process.env.BENCH_PGLITE?.trim() !== 'false') runs.push(await benchDatabase('pglite'));
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL?.trim();
if (benchDatabaseUrl) {
  const kept = process.env.BENCH_POSTGRES_DB?.trim();
  const scratch = kept
    ? await keptPostgres(benchDatabaseUrl, kept)
    : await scratchPostgres(benchDatabaseUrl);
  try {
    runs.push(await benchDatabase('postgres', scratch.url));
  } finally {
    await scratch.drop();
  }
}

const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  },
  settings: { durationSeconds: duration, connections, logins: loginCount, rounds },
  runs,
};
const resultsDir = path.join(benchDir, 'results');
await mkdir(resultsDir, { recursive: true });
const file = path.join(resultsDir, `${report.date.replace(/[:.]/g, '-')}.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);

const failures = runs.flatMap((run) =>
  run.load.filter((r) => r.non2xx > 0 || r.errors > 0).map((r) => `${run.database}/${r.scenario}`),
);
process.stdout.write(
  `\n${markdown(runs)}\n\n${cpus().length} CPUs (${report.machine.cpuModel}), ${process.version}; results in ${path.relative(process.cwd(), file)}\n`,
);
if (failures.length > 0) {
  process.stderr.write(`\nNon-2xx answers or errors in: ${failures.join(', ')}\n`);
  process.exit(1);
}
process.exit(0);
