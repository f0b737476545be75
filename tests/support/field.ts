// The promoters' field app (/campo) in the journeys: the demo promoter signed in on it.
import { expect, type Locator, type Page } from '@playwright/test';
import { demoPromoter } from './accounts.ts';
import { submitLogin } from './app.ts';

/** Signs the demo promoter in at /login, lands on /campo and waits for today's list; the list. */
export async function openFieldAppAsPromoter(page: Page): Promise<Locator> {
  await page.goto('/login');
  await submitLogin(page, demoPromoter.email, demoPromoter.password);
  await expect(page).toHaveURL(/\/campo$/);
  const list = page.getByRole('list', { name: 'Puntos de venta de hoy' });
  await expect(list.locator(':scope > li').first()).toBeVisible();
  return list;
}

/**
 * Touches the page so that the field app fetches its lazy screens now (src/field/prefetch.ts:
 * at the first touch, or once the loaded page is idle), and waits until they have arrived: a
 * journey that blocks the service worker (no precache) and then goes offline needs them.
 */
export async function warmFieldScreens(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().click();
  await page.waitForLoadState('networkidle');
}
