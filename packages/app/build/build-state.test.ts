// `pnpm start` rebuilds the app only when its inputs changed (scripts/start.mjs, issue 13).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputsHash, staleBuildReason, stampBuild } from './build-state.mjs';

let root: string;
let dist: string;

async function write(file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'anaquel-build-state-'));
  dist = path.join(root, 'packages/app/dist');
  await write('packages/app/src/main.tsx', 'render()');
  await write('packages/ui/src/button.tsx', 'export const Button = 1;');
  await write('packages/api/src/client.ts', 'export const client = 1;');
  await write('pnpm-lock.yaml', 'lockfileVersion: 9');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What scripts/start.mjs does after a successful build. */
async function build() {
  await write('packages/app/dist/index.html', '<!doctype html>');
  stampBuild(dist, buildInputsHash(root));
}

describe('the app build state', () => {
  it('asks for a build when there is none, and none after a build of the same inputs', async () => {
    expect(staleBuildReason(root, dist)).toBe('no build yet');
    await build();
    expect(staleBuildReason(root, dist)).toBeNull();
  });

  it('asks for a build when the app, the ui, the api or the lockfile changed', async () => {
    for (const file of [
      'packages/app/src/main.tsx',
      'packages/ui/src/button.tsx',
      'packages/api/src/client.ts',
      'pnpm-lock.yaml',
    ]) {
      await build();
      await write(file, `changed ${file}`);
      expect(staleBuildReason(root, dist), file).toBe('the sources changed since the last build');
    }
    await build();
    await write('packages/app/src/new-screen.tsx', 'export default 1;');
    expect(staleBuildReason(root, dist)).toBe('the sources changed since the last build');
  });

  it('ignores the build output, installed packages, tests and stories', async () => {
    await build();
    await write('packages/app/dist/assets/index-abc.js', 'bundle');
    await write('packages/app/node_modules/.vite/deps.json', '{}');
    await write('packages/app/src/main.test.tsx', 'test');
    await write('packages/ui/src/button.stories.tsx', 'story');
    expect(staleBuildReason(root, dist)).toBeNull();
  });

  it('asks for a build when the build folder was made without a stamp', async () => {
    await write('packages/app/dist/index.html', '<!doctype html>');
    expect(staleBuildReason(root, dist)).toBe('the build does not say what it was built from');
  });
});
