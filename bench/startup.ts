// `pnpm bench:startup`: how long `pnpm start` (scripts/start.mjs) takes until the server answers,
// in three cases, each in a fresh temporary DATA_DIR on BENCH_STARTUP_PORT (default 3280):
//   1. first start: the app is built (its build stamp is removed first) and the database is
//      created, migrated and seeded with the demo data;
//   2. unchanged checkout, same data: no build, nothing to seed;
//   3. unchanged checkout, new data folder: no build, demo data seeded.
// Writes bench/results/startup-<timestamp>.json. Timings depend on the machine's load.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const port = Number(process.env.BENCH_STARTUP_PORT ?? 3280);
const stamp = path.join(repoRoot, 'packages', 'app', 'dist', '.build-inputs');

async function timeStart(dataDir: string): Promise<{ seconds: number; built: boolean }> {
  const started = performance.now();
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pnpm start exited:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 600_000) throw new Error('no answer within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      seconds: Math.round(performance.now() - started) / 1000,
      built: output.includes('Building the app'),
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'anaquel-bench-startup-'));
  try {
    await rm(stamp, { force: true });
    const firstData = path.join(workDir, 'first');
    const first = await timeStart(firstData);
    const unchanged = await timeStart(firstData);
    const newData = await timeStart(path.join(workDir, 'second'));
    const results = [
      { case: 'first start (build + demo data)', ...first },
      { case: 'unchanged checkout, same data', ...unchanged },
      { case: 'unchanged checkout, new data (demo seed)', ...newData },
    ];
    process.stdout.write(
      [
        '',
        '| case | seconds to serve | app built |',
        '| --- | ---: | --- |',
        ...results.map((r) => `| ${r.case} | ${r.seconds} | ${r.built ? 'yes' : 'no'} |`),
        '',
        '',
      ].join('\n'),
    );
    const resultsDir = path.join(benchDir, 'results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `startup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    await writeFile(file, `${JSON.stringify({ results }, null, 2)}\n`);
    process.stdout.write(`written ${path.relative(repoRoot, file)}\n`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
