// `pnpm bench:processes`: several server processes (issue #25, docs/deployment.md), the built
// server on a scratch PostgreSQL database, as scripts/several-processes/cluster.mjs starts them.
// 1. Revocation: a permission removed through process A (its PUT answered), how long until
//    process B refuses it; BENCH_REVOKE_TRIALS trials (default 40), asked every 2 ms; p50/p99/max.
// 2. Throughput of a signed-in list read (GET brands/paged, 50 connections, 10 s after a 2 s
//    warm-up, autocannon) on one process directly, on one process behind nginx, and on two
//    behind nginx (round-robin), each beside the bare node:http baseline measured just before it
//    in the same run; every target twice, the second round in the reverse order. Writes
//    bench/results/processes-<timestamp>.json and a markdown table.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: plain JavaScript module without types
import { ADMIN, freePort, startCluster } from '../scripts/several-processes/cluster.mjs';
// @ts-expect-error: plain JavaScript module without types
import { writeNginxConfig } from '../deploy/nginx-config.mjs';

interface Cluster {
  apps: { port: number; origin: string }[];
  nginxOrigin: string;
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<CannonResult>;

/** The `p`-th percentile (nearest rank) of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const trials = Number(process.env.BENCH_REVOKE_TRIALS ?? 40);
const duration = Number(process.env.BENCH_PROCESSES_DURATION ?? 10);

async function call(origin: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${origin}/api/v1/${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text.startsWith('{') ? JSON.parse(text) : undefined };
}

async function signIn(origin: string, username: string, password: string): Promise<string> {
  const answer = await call(origin, 'POST', 'auth/login', undefined, { username, password });
  if (answer.status !== 200) throw new Error(`sign-in ${answer.status}`);
  return answer.json.data.accessToken as string;
}

/** Milliseconds from each removal answered by A until B refuses. */
async function revocation(cluster: Cluster, admin: string): Promise<number[]> {
  const [a, b] = cluster.apps.map((app) => app.origin) as [string, string];
  const ids = Object.fromEntries(
    (await cluster.query('select id, code from permissions')).map((r) => [r.code, r.id]),
  );
  const name = `Revocación ${Date.now()}`;
  const withBrands = [ids.VIEW_BRANDS, ids.VIEW_CLIENTS];
  const profile = await call(a, 'POST', 'profiles', admin, {
    name,
    permissionIds: withBrands,
    isActive: true,
  });
  const form = new FormData();
  const email = `revocacion.${Date.now()}@prueba.mx`;
  for (const [field, value] of Object.entries({
    name: 'Rita',
    lastName: 'Revisora',
    dateOfBirth: '1990-01-01',
    email,
    password: 'Revisora#2026',
    profileId: String(profile.json.data.id),
    isActive: 'true',
  })) {
    form.append(field, value);
  }
  await fetch(`${a}/api/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const user = await signIn(b, email, 'Revisora#2026');
  const put = (permissionIds: unknown[]) =>
    call(a, 'PUT', `profiles/${profile.json.data.id}`, admin, {
      name,
      permissionIds,
      isActive: true,
    });
  const statusOnB = async () => (await call(b, 'GET', 'brands/paged?PageSize=1', user)).status;
  const times: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    await put(withBrands);
    while ((await statusOnB()) !== 200) await new Promise((r) => setTimeout(r, 2));
    await put([ids.VIEW_CLIENTS]);
    const answered = performance.now();
    while ((await statusOnB()) !== 403) await new Promise((r) => setTimeout(r, 2));
    times.push(performance.now() - answered);
  }
  return times;
}

async function fire(url: string, token?: string): Promise<CannonResult> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  await autocannon({ url, connections: 50, duration: 2, ...(headers ? { headers } : {}) });
  return autocannon({ url, connections: 50, duration, ...(headers ? { headers } : {}) });
}

/** A second nginx in front of the first process only. */
async function nginxBefore(origin: string, dir: string) {
  const port = await freePort();
  const file = writeNginxConfig({ dir, port, upstreams: [new URL(origin).host] });
  const nginx = spawn(
    'nginx',
    ['-p', dir, '-c', file, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  const origin_ = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${origin_}/api/v1/health`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { origin: origin_, stop: () => nginx.kill('SIGTERM') };
}

const cluster = (await startCluster({ processes: 2, label: 'bench_processes' })) as Cluster;
const baseline = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end('{"success":true,"data":{"status":"ok"}}');
});
await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}/`;
const singleDir = await mkdtemp(path.join(tmpdir(), 'anaquel-nginx-one-'));
const single = await nginxBefore(cluster.apps[0]!.origin, singleDir);
try {
  const admin = await signIn(cluster.apps[0]!.origin, ADMIN.username, ADMIN.password);
  const revoked = await revocation(cluster, admin);
  const revoke = {
    trials: revoked.length,
    p50: percentile(revoked, 50),
    p99: percentile(revoked, 99),
    max: Math.max(...revoked),
  };
  process.stdout.write(`revocation seen by the other process: ${JSON.stringify(revoke)}\n`);

  const path_ = '/api/v1/brands/paged?Page=1&PageSize=10';
  const targets = [
    ['one process, direct', `${cluster.apps[0]!.origin}${path_}`],
    ['one process behind nginx', `${single.origin}${path_}`],
    ['two processes behind nginx', `${cluster.nginxOrigin}${path_}`],
  ] as const;
  const rows = [];
  // Twice, the second time in the reverse order: an order effect (warm-up, the machine's load
  // drifting) shows as two different figures for one target.
  for (const [label, url] of [...targets, ...[...targets].reverse()]) {
    const bare = await fire(baselineUrl);
    const run = await fire(url, admin);
    const row = {
      label,
      reqPerSec: Math.round(run.requests.average),
      p50: run.latency.p50,
      p99: run.latency.p99,
      errors: run.errors + run.non2xx,
      baselineReqPerSec: Math.round(bare.requests.average),
      ofBaseline: Number((run.requests.average / bare.requests.average).toFixed(3)),
    };
    process.stdout.write(`${JSON.stringify(row)}\n`);
    rows.push(row);
  }
  const table = [
    '| target | req/s | p50 ms | p99 ms | errors | bare baseline req/s (just before) | share of baseline |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.baselineReqPerSec} | ${(r.ofBaseline * 100).toFixed(1)} % |`,
    ),
  ].join('\n');
  process.stdout.write(
    `\nrevocation p50 ${revoke.p50.toFixed(1)} ms, p99 ${revoke.p99.toFixed(1)} ms, max ${revoke.max.toFixed(1)} ms over ${revoke.trials} trials\n\n${table}\n`,
  );
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  await writeFile(
    path.join(
      benchDir,
      'results',
      `processes-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    ),
    JSON.stringify({ revoke, revoked, rows }, null, 2),
  );
} finally {
  single.stop();
  await rm(singleDir, { recursive: true, force: true });
  baseline.close();
  await cluster.stop();
}
