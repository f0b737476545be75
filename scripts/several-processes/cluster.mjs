// Several server processes on one machine, as deploy/compose.yaml runs them: the built server
// (packages/server/dist/main.mjs) N times on one PostgreSQL database made for the run, one shared
// file store (s3rver when the server has the S3 driver, else one local folder), and a real nginx
// with deploy/nginx.conf in front (round-robin), every one on a free port. For the journey
// (scripts/journey-several-processes.mjs) and the benchmark (bench/several-processes.ts).
import { spawn, execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { setTimeout } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeNginxConfig } from '../../deploy/nginx-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverDir = path.join(root, 'packages', 'server');
const serverRequire = createRequire(path.join(serverDir, 'package.json'));
const pg = serverRequire('pg');
const { fetch } = globalThis;

export const ADMIN = { username: 'admin@anaquel.mx', password: 'Anaquel#2026' };

/** A port nobody listens on right now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** nginx from Debian when missing and we are root (as scripts/ensure-chromium.mjs does). */
function ensureNginx() {
  if (!spawnSync('nginx', ['-v']).error) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error('nginx not found: sudo apt-get install -y nginx');
  }
  process.stdout.write('nginx not found: installing Debian package "nginx"...\n');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}

/** Builds dist/main.mjs (a fraction of a second). @returns {Promise<string>} */
async function buildServer() {
  const { buildServer: build } = await import('../../packages/server/build-server.mjs');
  return build();
}

/** @param {string} url @param {number} timeoutMs */
async function waitHealthy(url, timeoutMs, isDead = () => false) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (isDead()) throw new Error(`${url}: the process exited`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * @typedef {{ port: number, origin: string, child: import('node:child_process').ChildProcess }} AppProcess
 * @param {{ processes?: number, demoData?: boolean, nginx?: boolean, label?: string }} options
 */
export async function startCluster(options = {}) {
  const count = options.processes ?? 2;
  const label = options.label ?? 'cluster';
  const work = path.join(tmpdir(), `anaquel-${label}-${Date.now().toString(36)}`);
  mkdirSync(work, { recursive: true });
  const cleanups = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const bundle = await buildServer();

    // One database for the run, next to the one JOURNEY_DATABASE_URL names.
    const base = new URL(
      process.env.JOURNEY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    );
    const name = `anaquel_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const databaseUrl = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    });

    // The file store every process shares.
    const storageEnv = await sharedStorage(bundle, work, cleanups);

    const env = {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DEMO_DATA: String(options.demoData ?? false),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      APP_DIST_DIR: path.join(work, 'no-app-build'),
      // The AWS SDK warns at every start that its 2027 releases will need Node 22.
      NODE_NO_WARNINGS: '1',
      ...storageEnv.env,
    };
    /** @type {AppProcess[]} */
    const apps = [];
    const spawnApp = (/** @type {number} */ port) => {
      const child = spawn(process.execPath, [bundle], {
        cwd: serverDir,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return { port, origin: `http://127.0.0.1:${port}`, child };
    };
    for (let index = 0; index < count; index++) apps.push(spawnApp(await freePort()));
    cleanups.push(async () => {
      for (const app of apps) app.child.kill('SIGKILL');
    });
    await Promise.all(
      apps.map((app) =>
        waitHealthy(`${app.origin}/api/v1/health`, 240_000, () => app.child.exitCode !== null),
      ),
    );

    let nginxOrigin;
    if (options.nginx ?? true) {
      ensureNginx();
      const port = await freePort();
      const dir = path.join(work, 'nginx');
      const file = writeNginxConfig({
        dir,
        port,
        upstreams: apps.map((app) => `127.0.0.1:${app.port}`),
        upstreamHeader: true,
      });
      // nginx's own log (a process cut, an upstream left out for a while): dir/error.log.
      const log = path.join(dir, 'error.log');
      const nginx = spawn('nginx', ['-p', dir, '-c', file, '-e', log, '-g', 'daemon off;'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      cleanups.push(async () => {
        nginx.kill('SIGTERM');
      });
      nginxOrigin = `http://127.0.0.1:${port}`;
      await waitHealthy(`${nginxOrigin}/api/v1/health`, 10_000, () => nginx.exitCode !== null);
    }

    return {
      apps,
      nginxOrigin,
      databaseUrl,
      storage: storageEnv.kind,
      /** SIGTERM to process `index`; resolves with its exit code once it exited. */
      terminate(/** @type {number} */ index) {
        const { child } = apps[index];
        const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        return exited;
      },
      /** kill -9 of process `index`. */
      kill(/** @type {number} */ index) {
        apps[index].child.kill('SIGKILL');
      },
      /** Starts process `index` again on its port; resolves once healthy. */
      async restart(/** @type {number} */ index) {
        const again = spawnApp(apps[index].port);
        apps[index] = again;
        await waitHealthy(
          `${again.origin}/api/v1/health`,
          120_000,
          () => again.child.exitCode !== null,
        );
      },
      /** A query on the run's database. @param {string} text @param {unknown[]} [values] */
      async query(text, values = []) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(text, values)).rows;
        } finally {
          await client.end();
        }
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * s3rver (a local S3-compatible server from npm) when the server bundle has the S3 driver
 * (S3_BUCKET), else one local folder for every process.
 * @returns {Promise<{ kind: string, env: Record<string, string> }>}
 */
async function sharedStorage(bundle, work, cleanups) {
  const hasS3 = readFileSync(bundle, 'utf8').includes('S3_BUCKET');
  let S3rver;
  try {
    S3rver = hasS3 ? serverRequire('s3rver') : undefined;
  } catch {
    S3rver = undefined;
  }
  if (!S3rver) return { kind: 'local folder (shared)', env: {} };
  const port = await freePort();
  const directory = path.join(work, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: 'anaquel' }],
  });
  await server.run();
  cleanups.push(() => server.close());
  return {
    kind: `S3 (s3rver on port ${port})`,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'anaquel',
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
  };
}
