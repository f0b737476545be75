import { defineConfig } from 'vitest/config';
import { serverProjects } from './packages/server/vitest.config.ts';
import { uiProjects } from './packages/ui/vitest.config.ts';

// One `vitest run` at the root runs every package's suite (each package owns its vitest config).
// packages/server (shared and isolated module cache) and packages/ui (jsdom unit tests and the
// Storybook browser tests) have two projects each; vitest does not nest `projects`, so they are
// listed here directly.
export default defineConfig({
  test: {
    // The default output, plus the tests that passed only on retry (CI retries once).
    reporters: ['default', './scripts/retry-reporter.ts'],
    projects: [
      ...serverProjects,
      'packages/api',
      'packages/app',
      ...uiProjects,
      // The repository's own lint rules (scripts/eslint).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
