// End-to-end journeys in real Chromium against the real server and the built app.
// Run: `pnpm test:e2e` (or as the last stage of `pnpm test`). Never `playwright install`:
// the browser is the system Chromium that scripts/chromium.mjs names.
import { defineConfig } from '@playwright/test';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = 3100;
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated by the main process and again by every worker: the first evaluation
// fixes the run's data directory and the workers inherit it through the environment.
process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
process.env.E2E_DATA_DIR ??= join(repoRoot, '.data-e2e', process.env.E2E_RUN_ID);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  projects: [
    { name: 'journeys', testDir: './e2e' },
    // docs/screenshot.png, on demand: UPDATE_SCREENSHOT=1 pnpm test:e2e --project screenshot
    ...(process.env.UPDATE_SCREENSHOT ? [{ name: 'screenshot', testDir: './screenshot' }] : []),
  ],
  outputDir: './test-results',
  // The journeys share one server and the machine has two cores: one worker, no retries, so a
  // flaky journey shows up as a failure instead of being hidden.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // Builds the app, then tests/support/e2e-server.ts empties DATA_DIR, migrates and seeds the
    // database, adds the journeys' accounts and serves API + app on the port.
    command:
      'pnpm --filter @anaquel/app build && pnpm --filter @anaquel/e2e exec tsx support/e2e-server.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/v1/health`,
    // Never reuse a running server: the journeys change passwords and lock an account, so each
    // run needs its own fresh database and its own outbox.
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
  },
});
