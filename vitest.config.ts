import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every package's suite (each package owns its vitest config).
export default defineConfig({
  test: {
    projects: ['packages/server', 'packages/api', 'packages/app', 'packages/ui'],
  },
});
