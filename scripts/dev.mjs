// `pnpm dev`: the API server in watch mode (port 3000) and Vite (port 5173, proxying /api to 3000)
// side by side, each line prefixed with its source. Ctrl-C (or SIGTERM) stops both; when one of
// them exits on its own the other is stopped too and its exit code is ours.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout } from 'node:timers';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (/** @type {number} */ code, /** @type {string} */ text) =>
  color ? `\u001b[${code}m${text}\u001b[0m` : text;

const processes = [
  { name: 'server', color: 36, args: ['--filter', '@anaquel/server', 'dev'] },
  { name: 'app', color: 35, args: ['--filter', '@anaquel/app', 'dev'] },
];
const width = Math.max(...processes.map((p) => p.name.length));

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** @type {Set<import('node:child_process').ChildProcess>} */
const finished = new Set();
let stopping = false;
let exitCode = 0;

/** Signals a child's whole process group (pnpm -> tsx/vite -> node), so nothing is orphaned. */
function signal(
  /** @type {import('node:child_process').ChildProcess} */ child,
  /** @type {NodeJS.Signals} */ sig,
) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    child.kill(sig);
  }
}

function stopAll(/** @type {NodeJS.Signals} */ sig) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signal(child, sig);
  // Whatever ignores the polite signal gets a firm one.
  setTimeout(() => children.forEach((child) => signal(child, 'SIGKILL')), 5000).unref();
}

for (const p of processes) {
  const prefix = paint(p.color, `[${p.name.padEnd(width)}]`);
  const child = spawn('pnpm', p.args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: see signal()
    env: { ...process.env, FORCE_COLOR: color ? '1' : '0' },
  });
  children.push(child);
  for (const [stream, out] of /** @type {const} */ ([
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`));
  }
  const finish = (/** @type {number} */ code) => {
    if (!stopping) exitCode = code;
    finished.add(child);
    stopAll('SIGTERM');
    if (finished.size === processes.length) process.exit(exitCode);
  };
  child.on('error', (error) => {
    console.error(`${prefix} could not start: ${error.message}`);
    finish(127);
  });
  child.on('exit', (code, sig) => {
    console.log(`${prefix} exited with ${sig ?? `code ${code}`}`);
    finish(code ?? 1);
  });
}

for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(sig, () => stopAll(sig === 'SIGHUP' ? 'SIGTERM' : sig));
}
