import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
    // CI (CI=true): a test that fails once under load is run once more and reported as retried;
    // one that fails twice fails the run. Locally, no retries.
    retry: process.env.CI ? 1 : 0,
  },
});
