import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

const storybookDir = fileURLToPath(new URL('../../.storybook', import.meta.url));

// Two projects: fast jsdom unit tests, and every Storybook story as a browser test
// (render + play function + axe check with 0 violations) in the system Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'ui-unit',
          root: fileURLToPath(new URL('.', import.meta.url)),
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          css: false,
          restoreMocks: true,
        },
      },
      {
        plugins: [storybookTest({ configDir: storybookDir })],
        test: {
          name: 'storybook',
          setupFiles: [fileURLToPath(new URL('../../.storybook/vitest.setup.ts', import.meta.url))],
          testTimeout: 20_000,
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
    ],
  },
});
