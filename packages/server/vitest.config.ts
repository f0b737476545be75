import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverRoot = fileURLToPath(new URL('.', import.meta.url));

// Each test file gets its own fresh database (in-memory PGlite, or a throw-away database on
// TEST_DATABASE_URL), so files run in parallel safely.
const shared = {
  root: serverRoot,
  environment: 'node',
  testTimeout: 20_000,
  // A fresh database per file (migrations, seed) takes long on two cores under a full run.
  hookTimeout: 180_000,
  restoreMocks: true,
  // CI (CI=true): a test that fails once under load is run once more and reported as retried;
  // one that fails twice fails the run. Locally, no retries.
  retry: process.env.CI ? 1 : 0,
} as const;

/**
 * The server's test projects, shared with the root config (vitest does not nest `projects`):
 * - `server`: files share their worker's module cache (isolate: false) so that PGlite's WASM is
 *   compiled once per worker, not once per file, and the migrated template of test/helpers.ts is
 *   reused;
 * - `server-isolated`: `*.isolated.test.ts`, files that replace modules with `vi.mock`, which
 *   only takes effect in a fresh module cache;
 * - `server-burst`: `*.burst.test.ts`, bursts that assert latencies on PostgreSQL; CI runs this
 *   project alone after the others (.ci/run), so the two cores are not shared with other files.
 */
export const serverProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      ...shared,
      name: 'server',
      include: ['test/**/*.test.ts'],
      exclude: ['test/**/*.isolated.test.ts', 'test/**/*.burst.test.ts'],
      isolate: false,
    },
  },
  {
    test: {
      ...shared,
      name: 'server-burst',
      include: ['test/**/*.burst.test.ts'],
      isolate: false,
    },
  },
  {
    test: {
      ...shared,
      name: 'server-isolated',
      include: ['test/**/*.isolated.test.ts'],
      isolate: true,
    },
  },
];

export default defineConfig({ test: { projects: serverProjects } });
