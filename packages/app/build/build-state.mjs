// Whether the built app (packages/app/dist) is up to date with its sources, so `pnpm start` can
// skip a build that would produce the same files. Plain JavaScript: scripts/start.mjs runs it with
// node alone, before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders (relative to the repository root) whose files go into the app build. */
export const BUILD_INPUT_DIRS = ['packages/app', 'packages/ui', 'packages/api', 'openapi/dist'];
/** Single files that change the build too. */
export const BUILD_INPUT_FILES = ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json'];
/** Never inputs: outputs, installed packages, caches, tests and stories. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage', 'storybook-static']);
const SKIPPED_FILES = /\.(?:test|stories)\.[cm]?[jt]sx?$/;

/** Name of the file, inside the build folder, that records the inputs it was built from. */
export const BUILD_STAMP = '.build-inputs';

function listFiles(dir, out) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(path.join(dir, entry.name), out);
    } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
}

/** SHA-256 over the path and content of every build input (order-independent of the disk). */
export function buildInputsHash(root) {
  const files = [];
  for (const dir of BUILD_INPUT_DIRS) listFiles(path.join(root, dir), files);
  for (const file of BUILD_INPUT_FILES)
    if (existsSync(path.join(root, file))) files.push(path.join(root, file));
  const hash = createHash('sha256');
  for (const file of files.map((f) => path.relative(root, f).split(path.sep).join('/')).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Why `distDir` must be (re)built, or null when it holds a complete build of exactly these
 * inputs.
 */
export function staleBuildReason(root, distDir, hash = buildInputsHash(root)) {
  if (!existsSync(path.join(distDir, 'index.html'))) return 'no build yet';
  const stampFile = path.join(distDir, BUILD_STAMP);
  if (!existsSync(stampFile)) return 'the build does not say what it was built from';
  if (readFileSync(stampFile, 'utf8').trim() !== hash)
    return 'the sources changed since the last build';
  return null;
}

/** Records, after a successful build, the inputs it was built from. */
export function stampBuild(distDir, hash) {
  writeFileSync(path.join(distDir, BUILD_STAMP), `${hash}\n`);
}
