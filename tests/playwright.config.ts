// End-to-end journeys in real Chromium against the real server and the built app.
// Run: `pnpm test:e2e` (or as the last stage of `pnpm test`). Never `playwright install`:
// the browser is the system Chromium that scripts/chromium.mjs names.
import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A port nothing listens on now, asked of the system (the config must be synchronous). */
function freePort(): string {
  return execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  );
}

// Never a fixed port: a server left running on it (another checkout's journeys, a dev server)
// would make the run fail before its first journey. E2E_PORT still fixes one when set; the
// workers inherit the main process's choice through the environment, like the run's folder.
process.env.E2E_PORT ||= freePort();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated by the main process and again by every worker: the first evaluation
// fixes the run's folder and the workers inherit it through the environment. The run builds the
// app into its own folder (another `pnpm build` running meanwhile cannot swap the files under
// the server) and the server writes into its own DATA_DIR.
process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
const runDir = join(repoRoot, '.data-e2e', process.env.E2E_RUN_ID);
process.env.E2E_DATA_DIR ??= join(runDir, 'data');
const dataDir = process.env.E2E_DATA_DIR;
const appDistDir = join(runDir, 'app');

export default defineConfig({
  projects: [
    { name: 'journeys', testDir: './e2e' },
    // docs/screenshot.png, on demand: UPDATE_SCREENSHOT=1 pnpm test:e2e --project screenshot
    ...(process.env.UPDATE_SCREENSHOT ? [{ name: 'screenshot', testDir: './screenshot' }] : []),
  ],
  outputDir: './test-results',
  // The journeys share one server and the machine has two cores: one worker. Locally no retries,
  // so a flaky journey shows up as a failure; in CI one retry, and the list reporter names every
  // journey that passed only on retry as "flaky" (the CI summary repeats them).
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
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
    // Builds the app into this run's folder, then tests/support/e2e-server.ts removes earlier
    // runs' folders, migrates and seeds a fresh database, adds the journeys' accounts and serves
    // API + app on the port. The server is started by node itself (not through `pnpm exec`), so
    // Playwright's SIGTERM reaches it and it shuts down cleanly.
    command: [
      `pnpm --filter @anaquel/app exec vite build --outDir ${JSON.stringify(appDistDir)} --emptyOutDir --logLevel warn`,
      'node --import tsx support/e2e-server.ts',
    ].join(' && '),
    cwd: join(repoRoot, 'tests'),
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
      APP_DIST_DIR: appDistDir,
      APP_URL: baseURL,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
  },
});
