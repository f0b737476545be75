// Automated WCAG 2.2 AA checks (axe-core) on the public and the signed-in shell, in both themes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { chooseTheme, settleAnimations, signIn } from '../support/app.ts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page): Promise<void> {
  // Let entrance transitions settle: axe reads computed colours, and a half-faded element would
  // be reported with a contrast it never has at rest.
  await settleAnimations(page);
  // react-aria's live announcer keeps each toast's announcement (a role=img labelled by the
  // toast) for 7 s, after the toast itself has gone: the page is at rest once they are cleared.
  await expect(page.locator('[data-live-announcer] [role="img"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
  expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
}

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
