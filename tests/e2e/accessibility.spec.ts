// Automated WCAG 2.2 AA checks (axe-core) on the public and the signed-in shell, in both themes.
import { expect, test } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { chooseTheme, signIn } from '../support/app.ts';
import { expectNoViolations } from '../support/axe.ts';

test('/login has no WCAG 2.2 AA violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' })).toBeVisible();
  await expectNoViolations(page);
});

test('/dashboard has no WCAG 2.2 AA violations, in the light and the dark theme', async ({
  page,
}) => {
  await signIn(page, admin);
  // The success toast is transient; wait for it to go so the page is checked at rest.
  await expect(page.getByText('Inicio de sesión exitoso.', { exact: true })).toBeHidden({
    timeout: 15_000,
  });
  await expectNoViolations(page);

  await chooseTheme(page, 'Oscuro');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('menu')).toBeHidden();
  await expectNoViolations(page);
});
