import { defineProject } from 'vitest/config';

// Each test file gets its own fresh database (in-memory PGlite, or a throw-away database on
// TEST_DATABASE_URL), so files run in parallel safely. Files share their worker's module cache
// (isolate: false) so that PGlite's WASM is compiled once per worker, not once per file, and
// the migrated template of test/helpers.ts is reused.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    isolate: false,
    testTimeout: 20_000,
    // A fresh database per file (migrations, seed) takes long on two cores under a full run.
    hookTimeout: 180_000,
    restoreMocks: true,
    // CI (CI=true): a test that fails once under load is run once more and reported as retried;
    // one that fails twice fails the run. Locally, no retries.
    retry: process.env.CI ? 1 : 0,
  },
});
