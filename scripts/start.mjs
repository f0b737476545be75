// `pnpm start`: builds the app only when its sources changed since the last build (the inputs'
// hash is kept in packages/app/dist/.build-inputs), then runs the server in this terminal.
// An unchanged checkout starts without rebuilding; `pnpm build` always rebuilds. The server is
// bundled into one file at every start (a fraction of a second) and run by node directly.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildInputsHash,
  staleBuildReason,
  stampBuild,
} from '../packages/app/build/build-state.mjs';
import { buildServer } from '../packages/server/build-server.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const distDir = path.join(root, 'packages', 'app', 'dist');

const hash = buildInputsHash(root);
const reason = staleBuildReason(root, distDir, hash);
if (reason) {
  process.stdout.write(`Building the app (${reason})...\n`);
  const build = spawnSync('pnpm', ['--filter', '@anaquel/app', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  stampBuild(distDir, hash);
} else {
  process.stdout.write('The app build is up to date (packages/app/dist).\n');
}

// The server runs from one bundled file (packages/server/build-server.mjs): no TypeScript loader
// at run time. node itself runs it (not through another pnpm), so signals reach it directly.
const serverBundle = await buildServer();
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: path.join(root, 'packages', 'server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
