// Bundles the server's TypeScript (packages/server/src, with the workspace packages it imports)
// into one ES module, dist/main.mjs, that node runs without a TypeScript loader: `pnpm start`
// then loads one file instead of compiling ~150 modules through tsx's loader thread at every start
// (issue 13: start-up). npm packages stay external and load from node_modules as usual.
// Plain JavaScript, run by node alone (scripts/start.mjs); takes a fraction of a second.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/** Builds dist/main.mjs from src/main.ts and returns its path. */
export async function buildServer() {
  const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => !name.startsWith('@anaquel/'))
    .flatMap((name) => [name, `${name}/*`]);
  const outfile = path.join(serverDir, 'dist', 'main.mjs');
  await build({
    entryPoints: [path.join(serverDir, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
  return outfile;
}
