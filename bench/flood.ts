// `pnpm bench:flood` (issue #20, 4): one promoter floods `POST sync/checkins` while the staff
// work. The real server runs in a child process (node --import tsx src/main.ts) with the demo
// data, on PGlite and, when BENCH_DATABASE_URL names a server, on a scratch PostgreSQL database.
// For BENCH_FLOOD_SECONDS (20) the demo promoter sends BENCH_FLOOD_RATE (200) requests a second,
// each a batch of BENCH_FLOOD_BATCH (5) new visits (unavailable visits: one transaction each,
// no survey), without waiting for the answers; meanwhile the health check and a staff list (the
// visits' review list, 10 rows, as the administrator) are each timed one after another. Passes
// when both answer within BENCH_FLOOD_P99_MS (500) at p99 and nothing failed. Prints a markdown
// table and writes bench/results/flood-<timestamp>.json. The flood comes from a child process
// (this file with `--flood`), so that it does not delay the probes timed here.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminToken, scratchDatabase, startServer } from './fault/server-process.ts';

const seconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const rate = Number(process.env.BENCH_FLOOD_RATE ?? 200);
const batch = Number(process.env.BENCH_FLOOD_BATCH ?? 5);
const limitMs = Number(process.env.BENCH_FLOOD_P99_MS ?? 500);
const port = Number(process.env.BENCH_PORT ?? 3230);
const benchDir = path.dirname(fileURLToPath(import.meta.url));

interface Timings {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

function summarise(ms: number[], failed: number): Timings {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
  return { count: ms.length, p50: at(0.5), p99: at(0.99), max: at(1), failed };
}

async function json(response: Response): Promise<{ data?: unknown }> {
  return (await response.json()) as { data?: unknown };
}

async function signIn(origin: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await json(response)) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`sign-in of ${username}: ${response.status}`);
  return body.data.accessToken;
}

/** Where the demo promoter may go today: a campaign and one of its points of sale. */
async function placeOf(origin: string, token: string) {
  const response = await fetch(`${origin}/api/v1/sync/data`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await json(response)) as {
    data?: { campaigns: { id: number; pointOfSaleIds: number[] }[] };
  };
  const campaign = data?.campaigns.find((c) => c.pointOfSaleIds.length > 0);
  if (!campaign) throw new Error(`the demo promoter has nowhere to go (${response.status})`);
  return { campaignId: campaign.id, pointOfSaleId: campaign.pointOfSaleIds[0]! };
}

/** Times `path` one request after another until `until`. */
async function probe(origin: string, url: string, token: string, until: number) {
  const ms: number[] = [];
  const slowest: [number, number][] = [];
  let failed = 0;
  while (Date.now() < until) {
    const started = performance.now();
    const status = await fetch(`${origin}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(
      async (response) => (await response.arrayBuffer(), response.status),
      (error: Error) => `${error.message}: ${(error.cause as Error | undefined)?.message}`,
    );
    ms.push(performance.now() - started);
    slowest.push([Math.round(until - Date.now()), Math.round(performance.now() - started)]);
    if (status !== 200) {
      failed += 1;
      process.stdout.write(`   ${url}: ${status}\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // When the slowest answers came: milliseconds before the end of the probing.
  const worst = slowest.sort((a, b) => b[1] - a[1]).slice(0, 5);
  return { ...summarise(ms, failed), worst };
}

/** `rate` requests a second for `seconds`, not waiting for answers; their statuses and times. */
type Place = Awaited<ReturnType<typeof placeOf>>;
type Flooded = Awaited<ReturnType<typeof flood>>;

async function flood(origin: string, token: string, place: Place) {
  const statuses: Record<string, number> = {};
  const ms: number[] = [];
  const pending: Promise<void>[] = [];
  const start = Date.now();
  const end = start + seconds * 1000;
  let sent = 0;
  const visit = () => {
    const at = new Date(Date.now() - 3600_000).toISOString();
    return {
      uuid: randomUUID(),
      ...place,
      unavailable: true,
      startDate: at,
      endDate: at,
      surveys: [],
    };
  };
  const send = async () => {
    const started = performance.now();
    try {
      const response = await fetch(`${origin}/api/v1/sync/checkins`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ checkIns: Array.from({ length: batch }, visit) }),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    }
    ms.push(performance.now() - started);
  };
  while (Date.now() < end) {
    const due = Math.floor(((Date.now() - start) / 1000) * rate);
    for (; sent < due; sent++) pending.push(send());
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  return { sent, statuses, answers: summarise(ms, statuses.error ?? 0) };
}

/**
 * The flood from a child process (this file with `--flood`), so that sending 200 calls a second
 * does not delay the probes' own timing in this process.
 */
function floodInChild(origin: string, token: string, place: Place): Promise<Flooded> {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', origin, token];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...args, JSON.stringify(place)],
      { maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(stderr || error.message));
        else resolve(JSON.parse(stdout) as Flooded);
      },
    );
  });
}

async function rssMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

async function measure(name: 'pglite' | 'postgres') {
  const database = name === 'postgres' ? await scratchDatabase('bench_flood') : null;
  const dataDir = path.join(tmpdir(), `anaquel-flood-${name}-${Date.now()}`);
  process.stdout.write(`${name}: starting the server with the demo data…\n`);
  const server = await startServer({ databaseUrl: database?.url, port, dataDir, demoData: true });
  try {
    const staff = await adminToken(server.origin);
    const promoter = await signIn(server.origin, 'promotor@anaquel.mx', 'Promotor#2026');
    const place = await placeOf(server.origin, promoter);
    const list = '/api/v1/checkins?Page=1&PageSize=10';
    // Quiet figures first, then the same while the promoter floods.
    const quietUntil = Date.now() + 3000;
    const [quietHealth, quietList] = await Promise.all([
      probe(server.origin, '/api/v1/health', staff, quietUntil),
      probe(server.origin, list, staff, quietUntil),
    ]);
    const rssBefore = await rssMb(server.child.pid);
    process.stdout.write(`${name}: ${rate} requests/s for ${seconds} s…\n`);
    const until = Date.now() + seconds * 1000;
    const [flooded, health, staffList] = await Promise.all([
      floodInChild(server.origin, promoter, place),
      probe(server.origin, '/api/v1/health', staff, until),
      probe(server.origin, list, staff, until),
    ]);
    return {
      database: name,
      quiet: { health: quietHealth, list: quietList },
      health,
      list: staffList,
      flood: flooded,
      rssMb: { before: rssBefore, after: await rssMb(server.child.pid) },
    };
  } finally {
    await server.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const runs = [await measure('pglite')];
  if (process.env.BENCH_DATABASE_URL) runs.push(await measure('postgres'));

  const lines = [
    `| database | probe | quiet p50 / p99 ms | under flood p50 / p99 / max ms | probes | failed |`,
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const run of runs) {
    for (const probeName of ['health', 'list'] as const) {
      const quiet = run.quiet[probeName];
      const busy = run[probeName];
      lines.push(
        `| ${run.database} | ${probeName === 'health' ? 'GET health' : 'GET checkins (10 rows, staff)'} | ${quiet.p50} / ${quiet.p99} | ${busy.p50} / ${busy.p99} / ${busy.max} | ${busy.count} | ${busy.failed} |`,
      );
    }
  }
  lines.push(
    '',
    '| database | flood requests | answers | flood answer p50 / p99 ms | server RSS MB before / after |',
  );
  lines.push('| --- | ---: | --- | ---: | ---: |');
  for (const run of runs) {
    const answers = Object.entries(run.flood.statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    lines.push(
      `| ${run.database} | ${run.flood.sent} | ${answers} | ${run.flood.answers.p50} / ${run.flood.answers.p99} | ${run.rssMb.before} / ${run.rssMb.after} |`,
    );
  }
  console.log(`\n${lines.join('\n')}\n`);

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model },
    rate,
    seconds,
    batch,
    runs,
  };
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const file = path.join(benchDir, 'results', `flood-${result.date.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  const ok = runs.every(
    (run) =>
      run.health.p99 <= limitMs &&
      run.list.p99 <= limitMs &&
      run.health.failed === 0 &&
      run.list.failed === 0 &&
      !run.flood.statuses.error &&
      Object.keys(run.flood.statuses).every((status) => status === '200' || status === '429'),
  );
  console.log(
    `${ok ? 'PASS' : 'FAIL'}: health and staff list p99 within ${limitMs} ms under the flood; written to ${path.relative(process.cwd(), file)}`,
  );
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[2] === '--flood') {
  const [origin, token, place] = process.argv.slice(3) as [string, string, string];
  process.stdout.write(JSON.stringify(await flood(origin, token, JSON.parse(place) as Place)));
} else {
  await main();
}
