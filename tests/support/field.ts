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

/**
 * The demo campaign a journey sends its visits to through the sync API: the first one seeded
 * (lowest id) with points of sale. Journeys running in parallel create campaigns of their own
 * (field-rejected.spec.ts deactivates one mid-visit), so "the first in the download" is not stable.
 */
export function demoCampaignOf<C extends { id: number; pointOfSaleIds: number[] }>(
  campaigns: C[],
): C {
  const seeded = campaigns
    .filter((c) => c.pointOfSaleIds.length > 0)
    .sort((a, b) => a.id - b.id)[0];
  if (!seeded) throw new Error('The demo promoter has no campaign with points of sale today');
  return seeded;
}
