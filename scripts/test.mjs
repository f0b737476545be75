// `pnpm test`: every suite, in order, stopping at the first failure.
//   1. Chromium for the browser suites (found, or installed from Debian when we are root)
//   2. `vitest run` at the root: every package project, including the Storybook browser project
//   3. the Playwright end-to-end journeys against the real server (tests/playwright.config.ts)
//   4. two server processes on PostgreSQL behind nginx (scripts/journey-several-processes.mjs)
// Works unattended (CI=true, no stdin). Extra arguments are passed to Playwright, e.g.
// `pnpm test -- --grep sesión`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== '--');

/** @type {{ name: string, command: string, args: string[], skip?: () => string | false }[]} */
const steps = [
  {
    name: 'install',
    command: 'pnpm',
    args: ['install', '--frozen-lockfile'],
    skip: () => existsSync(join(root, 'node_modules', '.modules.yaml')) && 'node_modules present',
  },
  {
    name: 'chromium',
    command: process.execPath,
    args: [join(root, 'scripts', 'ensure-chromium.mjs')],
  },
  { name: 'vitest', command: 'pnpm', args: ['exec', 'vitest', 'run'] },
  {
    name: 'e2e',
    command: 'pnpm',
    args: ['exec', 'playwright', 'test', '-c', 'tests/playwright.config.ts', ...playwrightArgs],
  },
  {
    // Two server processes on PostgreSQL behind nginx (docs/deployment.md); about 30 s.
    name: 'processes',
    command: process.execPath,
    args: [join(root, 'scripts', 'journey-several-processes.mjs')],
    skip: () =>
      !process.env.CI &&
      spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']).status !== 0 &&
      'no PostgreSQL at 127.0.0.1:5432 (CI runs it)',
  },
];

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** @param {string} command @param {string[]} args @returns {Promise<number>} */
function run(command, args) {
  return new Promise((resolve) => {
    // stdin is closed: nothing here may wait for a keypress (CI has no terminal).
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** @type {{ name: string, status: string, ms: number }[]} */
const results = [];
const started = Date.now();
let exitCode = 0;

for (const step of steps) {
  const reason = step.skip?.();
  if (reason) {
    results.push({ name: step.name, status: `skipped (${reason})`, ms: 0 });
    continue;
  }
  console.log(
    `\n▶ ${step.name}: ${step.command === process.execPath ? 'node' : step.command} ${step.args.join(' ')}`,
  );
  const t0 = Date.now();
  const code = await run(step.command, step.args);
  const ms = Date.now() - t0;
  results.push({ name: step.name, status: code === 0 ? 'passed' : `FAILED (exit ${code})`, ms });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
for (const step of steps.slice(results.length)) {
  results.push({ name: step.name, status: 'not run', ms: 0 });
}

console.log('\n── pnpm test summary ──');
const line = (
  /** @type {string} */ name,
  /** @type {string} */ status,
  /** @type {string} */ time,
) => console.log(`  ${name.padEnd(9)} ${status.padEnd(30)} ${time}`);
for (const r of results) line(r.name, r.status, r.ms ? seconds(r.ms) : '');
line('total', exitCode === 0 ? 'passed' : 'FAILED', seconds(Date.now() - started));
process.exit(exitCode);
