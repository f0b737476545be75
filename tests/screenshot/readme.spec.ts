// Refreshes the README's pictures: docs/screenshot.png (the signed-in dashboard) and
// docs/screenshot-designer.png (a demo survey in the designer). Not tests: they run only with
// UPDATE_SCREENSHOT=1 pnpm test:e2e --project screenshot
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
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

test('docs/screenshot-designer.png: the designer of a demo survey', async ({ page, request }) => {
  const api = await apiAs(request, admin);
  const surveys = await api.get<{ rows: { id: number; name: string }[] }>(
    '/surveys/paged?Page=1&PageSize=10&Sort=name',
  );
  const survey = surveys.rows.find((row) => row.name === 'Auditoría de tienda') ?? surveys.rows[0];
  expect(survey, 'a demo survey').toBeDefined();
  await signIn(page, admin);
  await page.goto(`/surveys/${survey!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Inicio de sesión exitoso.', { exact: true })).toBeHidden({
    timeout: 15_000,
  });
  await settleAnimations(page);
  await page.screenshot({
    path: fileURLToPath(new URL('../../docs/screenshot-designer.png', import.meta.url)),
  });
});
