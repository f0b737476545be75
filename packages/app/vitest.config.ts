import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'app',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Two shared cores: user-event journeys through react-aria can take seconds under load.
    testTimeout: 20_000,
    // CI (CI=true): a test that fails once under load is run once more and reported as retried;
    // one that fails twice fails the run. Locally, no retries.
    retry: process.env.CI ? 1 : 0,
  },
});
