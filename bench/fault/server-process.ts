// The real server as a separate process (node --import tsx packages/server/src/main.ts), on a
// scratch PostgreSQL database, for the load and crash scripts: they must be able to kill it
// with SIGKILL, which a server inside the script's own process would not allow.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverDir = path.join(repoRoot, 'packages', 'server');

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database next to the one BENCH_DATABASE_URL names (default the local server). */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const base = new URL(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
    throw new Error('BENCH_DATABASE_URL must be a loopback server');
  }
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
  stop(): Promise<void>;
}

export async function startServer(options: {
  /** PostgreSQL; without it the server uses PGlite in `dataDir/db`. */
  databaseUrl?: string;
  port: number;
  dataDir: string;
  /** Seed the demo data at start (default false). */
  demoData?: boolean;
}): Promise<ServerProcess> {
  await mkdir(options.dataDir, { recursive: true });
  const started = performance.now();
  // BENCH_SERVER_NODE_FLAGS: extra V8 flags for the server process, for an experiment (e.g.
  // '--max-semi-space-size=32'); production's start (scripts/start.mjs) passes none.
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? '',
      DATA_DIR: options.dataDir,
      DEMO_DATA: String(options.demoData ?? false),
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 300 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    child,
    startMs: performance.now() - started,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in as the seeded administrator and returns the access token. */
export async function adminToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@anaquel.mx', password: 'Anaquel#2026' }),
  });
  const body = (await response.json()) as { data?: { accessToken?: string } };
  if (response.status !== 200 || !body.data?.accessToken) {
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.data.accessToken;
}
