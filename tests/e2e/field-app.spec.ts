// Issue #22: the promoters' field app at /campo on a phone. The demo promoter signs in at /login,
// lands on /campo, sees today's points of sale nearest first, searches, and keeps working from
// the device's copy offline, where it checks in 'No disponible'. Anybody else at /campo is told
// it is for promoters.
import { expect, test, type Locator } from '@playwright/test';
import { admin, demoPromoter } from '../support/accounts.ts';
import { signIn, submitLogin } from '../support/app.ts';

// The Zócalo of Mexico City: the demo promoter's regions (Centro, Bajío) have shops around it.
const standingAt = { latitude: 19.4326, longitude: -99.1332 };

test.use({
  viewport: { width: 375, height: 812 },
  geolocation: standingAt,
  permissions: ['geolocation'],
});

/** Metres from a distance as the list writes it ('A 350 m', 'A 1.2 km', 'A 15 km'). */
function metres(text: string): number {
  const match = /([\d,.]+) (m|km)$/.exec(text.trim());
  if (!match) throw new Error(`no distance in "${text}"`);
  const value = Number(match[1]!.replace(/,/g, ''));
  return match[2] === 'km' ? value * 1000 : value;
}

const places = (list: Locator) => list.locator(':scope > li');

test('a promoter lands on /campo, finds the nearest shops, searches and works offline', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await submitLogin(page, demoPromoter.email, demoPromoter.password);
  await expect(page).toHaveURL(/\/campo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visitas de hoy' })).toBeVisible();
  await expect(page.getByText(demoPromoter.completeName)).toBeVisible();
  await expect(page.getByText('Datos de hace un momento')).toBeVisible();

  const list = page.getByRole('list', { name: 'Puntos de venta de hoy' });
  await expect(places(list).first()).toBeVisible();
  await expect(page.getByText(/Ordenados por distancia desde tu ubicación/)).toBeVisible();
  // The list's summary counts every row; the rows below the first screen follow a moment after.
  const summary = await page.getByText(/^\d+ puntos de venta$/).textContent();
  const count = Number.parseInt(summary!, 10);
  expect(count).toBeGreaterThan(1);
  await expect(places(list)).toHaveCount(count);
  // Nearest first: every shown distance is at least the one before it.
  const distances: number[] = [];
  for (const item of await places(list).all()) {
    const distance = item.getByText(/^A [\d,.]+ (m|km)$/);
    if ((await distance.count()) > 0) distances.push(metres((await distance.textContent())!));
  }
  expect(distances.length).toBeGreaterThan(1);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  await page.screenshot({ path: test.info().outputPath('campo-375.png'), fullPage: false });

  // Search by the code of the second shop: only it remains.
  const second = places(list).nth(1);
  const secondName = (await second.getByRole('heading', { level: 2 }).textContent())!.trim();
  const code = /PV-[\w-]+/.exec((await second.textContent())!)![0];
  const search = page.getByRole('searchbox', { name: 'Buscar punto de venta' });
  await search.fill(code);
  await expect(places(list)).toHaveCount(1);
  await expect(places(list).first().getByRole('heading', { level: 2 })).toHaveText(secondName);
  await expect(page.getByText(`1 de ${count} puntos de venta`)).toBeVisible();
  await search.fill('');
  await expect(places(list)).toHaveCount(count);

  // Offline: the device's copy stays, with its age, and 'Actualizar' waits for the connection.
  await context.setOffline(true);
  await expect(page.getByText('Sin conexión', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeDisabled();
  await expect(page.getByText(/^Datos de hace/)).toBeVisible();
  await expect(places(list)).toHaveCount(count);
  await page.screenshot({ path: test.info().outputPath('campo-375-offline.png') });

  // Offline still, a check-in at the nearest shop: 1.5 km away is warned about, not blocked;
  // 'No disponible' is confirmed and the list marks the shop.
  const nearest = places(list).first();
  const nearestName = (await nearest.getByRole('heading', { level: 2 }).textContent())!.trim();
  await nearest.getByRole('link', { name: `Visitar ${nearestName}` }).click();
  await expect(page).toHaveURL(/\/campo\/punto\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: nearestName })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('a más de 200 m');
  await page.screenshot({ path: test.info().outputPath('campo-375-check-in.png') });
  await page.getByRole('button', { name: 'No disponible' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Punto de venta no disponible' });
  await dialog.getByRole('button', { name: 'Registrar no disponible' }).click();
  await expect(page).toHaveURL(/\/campo$/);
  await expect(
    places(list).filter({ hasText: nearestName }).getByText('No disponible', { exact: true }),
  ).toBeVisible();
  await expect(
    places(list).filter({ hasText: nearestName }).getByText('Visitado hoy'),
  ).toBeVisible();

  // Back online, the day is downloaded again.
  const download = page.waitForResponse((r) => r.url().endsWith('/api/v1/sync/data'));
  await context.setOffline(false);
  expect((await download).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
});

test('a staff user at /campo is told it is for promoters', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/campo');
  await expect(
    page.getByRole('heading', { name: 'Esta aplicación es para los promotores' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ir al sistema de administración' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Ir al panel' })).toBeVisible();
});
