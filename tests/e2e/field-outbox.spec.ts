// Issue #22, "Nothing captured is lost": a visit made offline waits in the outbox and is sent
// once the phone is back online; an answer lost on the way is a resend that stores each once; the
// staff's list of visits shows it.
import { expect, test } from '@playwright/test';
import { admin, demoPromoter } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { signIn, submitLogin } from '../support/app.ts';
import { warmFieldScreens } from '../support/field.ts';

test.use({
  viewport: { width: 375, height: 812 },
  geolocation: { latitude: 19.4326, longitude: -99.1332 },
  permissions: ['geolocation'],
  // The sync calls must reach page.route, which does not see what a service worker fetches.
  serviceWorkers: 'block',
});

interface CheckInRow {
  id: number;
  uuid: string;
  pointOfSale: string;
  unavailable: boolean;
}

test("two offline 'No disponible' visits are sent once back online, each stored once however often they are sent", async ({
  page,
  context,
  request,
  browser,
}) => {
  await page.goto('/login');
  await submitLogin(page, demoPromoter.email, demoPromoter.password);
  await expect(page).toHaveURL(/\/campo$/);
  const list = page.getByRole('list', { name: 'Puntos de venta de hoy' });
  await expect(list.locator(':scope > li').first()).toBeVisible();
  // Every row, not only the first screenful the list shows at once: the last two are taken below.
  const summary = await page.getByText(/^\d+ puntos de venta$/).textContent();
  await expect(list.locator(':scope > li')).toHaveCount(Number.parseInt(summary!, 10));

  // No service worker here (page.route must see the sync calls): the lazy screens come by the
  // network, fetched at the first touch.
  await warmFieldScreens(page);
  // Offline: 'No disponible' at two shops that have a campaign left to visit on this phone.
  await context.setOffline(true);
  const names: string[] = [];
  for (const index of [-1, -2]) {
    const items = list.locator(':scope > li');
    const place = items.nth((await items.count()) + index);
    const name = (await place.getByRole('heading', { level: 2 }).textContent())!.trim();
    names.push(name);
    await place.getByRole('link', { name: `Visitar ${name}` }).click();
    await page.getByRole('button', { name: 'No disponible' }).click();
    await page
      .getByRole('alertdialog', { name: 'Punto de venta no disponible' })
      .getByRole('button', { name: 'Registrar no disponible' })
      .click();
    await expect(page).toHaveURL(/\/campo$/);
  }

  await page.getByRole('link', { name: 'Pendientes de enviar (2)' }).click();
  await expect(page).toHaveURL(/\/campo\/pendientes$/);
  for (const name of names) {
    await expect(page.getByRole('listitem', { name: `${name}, Pendiente` })).toBeVisible();
  }
  await expect(page.getByText('Las visitas se enviarán al volver la señal.')).toBeVisible();

  // The first answer is lost on the way (the server stores both visits, the phone never hears):
  // the outbox sends the same batch again and applies the stored results.
  let sends = 0;
  const uuids = new Set<string>();
  await page.route('**/api/v1/sync/checkins', async (route) => {
    sends++;
    const body = route.request().postDataJSON() as { checkIns: { uuid: string }[] };
    for (const visit of body.checkIns) uuids.add(visit.uuid);
    if (sends === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await context.setOffline(false);
  for (const name of names) {
    await expect(page.getByRole('listitem', { name: `${name}, Enviada` })).toBeVisible({
      timeout: 30_000,
    });
  }
  expect(sends).toBe(2);
  expect(uuids.size).toBe(2);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pendientes de enviar (0)');

  // Each stored once, and in the staff's list.
  const api = await apiAs(request, admin);
  const rows = await api.get<{ rows: CheckInRow[] }>('/checkins?PageSize=100&Sort=-id');
  const stored = rows.rows.filter((row) => uuids.has(row.uuid));
  expect(stored).toHaveLength(2);
  expect(stored.map((row) => row.pointOfSale).sort()).toEqual([...names].sort());
  expect(stored.every((row) => row.unavailable)).toBe(true);

  const staff = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(staff, admin);
  await staff.goto('/checkins');
  const table = staff.getByRole('table', { name: 'Visitas' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: demoPromoter.completeName })
      .filter({ hasText: names[0] })
      .first(),
  ).toBeVisible();
  await staff.close();
});
