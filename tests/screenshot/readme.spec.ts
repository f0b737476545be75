// Refreshes docs/screenshot.png, the README's picture of the signed-in dashboard.
// Not a test: it runs only with UPDATE_SCREENSHOT=1 pnpm test:e2e --project screenshot
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { settleAnimations, signIn } from '../support/app.ts';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });

test('docs/screenshot.png: the dashboard of a signed-in administrator', async ({ page }) => {
  await signIn(page, admin);
  await expect(page.getByText('Inicio de sesión exitoso.', { exact: true })).toBeHidden({
    timeout: 15_000,
  });
  await settleAnimations(page);
  await page.screenshot({
    path: fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url)),
  });
});
