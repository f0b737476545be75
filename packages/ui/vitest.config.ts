import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

const uiRoot = fileURLToPath(new URL('.', import.meta.url));
const storybookDir = fileURLToPath(new URL('../../.storybook', import.meta.url));

// CI (CI=true): a test that fails once under load is run once more and reported as retried; one
// that fails twice fails the run. Locally, no retries.
const retry = process.env.CI ? 1 : 0;

/**
 * The ui test projects, shared with the root config (vitest does not nest `projects`):
 * fast jsdom unit tests, and every Storybook story as a browser test (render + play function +
 * axe check with 0 violations) in the system Chromium with the flags of scripts/chromium.mjs.
 */
export const uiProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'ui-unit',
      root: uiRoot,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      restoreMocks: true,
      retry,
    },
  },
  {
    plugins: [storybookTest({ configDir: storybookDir })],
    test: {
      name: 'storybook',
      setupFiles: [fileURLToPath(new URL('../../.storybook/vitest.setup.ts', import.meta.url))],
      testTimeout: 20_000,
      retry,
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        provider: playwright({
          launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  },
];

export default defineConfig({ test: { projects: uiProjects } });
