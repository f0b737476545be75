// Issue #22 "Installable PWA": the field app at /campo is controlled by its service worker, opens
// with no network from it (today's points of sale from the device store), and Chromium judges it
// installable; the back-office gets neither a manifest nor a service worker.
import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { signIn } from '../support/app.ts';
import { openFieldAppAsPromoter } from '../support/field.ts';

test.use({
  viewport: { width: 375, height: 812 },
  geolocation: { latitude: 19.4326, longitude: -99.1332 },
  permissions: ['geolocation'],
});

interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The scope of the page's service worker once it controls the page. */
async function controllingScope(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

test('the field app opens offline from its service worker and is installable', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const list = await openFieldAppAsPromoter(page);
  // Every row (the list's summary counts them), not only the first screenful shown at once.
  const summary = await page.getByText(/^\d+ puntos de venta$/).textContent();
  const count = Number.parseInt(summary!, 10);
  await expect(list.locator(':scope > li')).toHaveCount(count);

  // Controlled at once (clientsClaim on the first install), by a worker scoped to /campo.
  expect(await controllingScope(page)).toBe(`${baseURL}/campo`);
  const worker = await request.get('/campo-sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['service-worker-allowed']).toBe('/campo');

  // The manifest: what Chromium needs to offer the install.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/campo.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as WebManifest;
  expect(manifest).toMatchObject({
    name: 'Anaquel Campo',
    lang: 'es-MX',
    start_url: '/campo',
    scope: '/campo',
    display: 'standalone',
    theme_color: '#4338ca',
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.description).toMatch(/promotores/);
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const image = await request.get(icon!.src);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(pngSize(await image.body())).toBe(sizes);
  }
  // Chromium's own judgement: no installability error.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // 'in-incognito' is the test browser's context (Playwright's are incognito), not the app.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

  // No network at all: a reload and a deep link open from the worker, with the stored day.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Visitas de hoy' })).toBeVisible();
  await expect(list.locator(':scope > li')).toHaveCount(count);
  await expect(page.getByRole('alert')).toContainText('Sin conexión');
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const first = list.locator(':scope > li').first();
  const name = (await first.getByRole('heading', { level: 2 }).textContent())!.trim();
  await first.getByRole('link', { name: `Visitar ${name}` }).click();
  await expect(page).toHaveURL(/\/campo\/punto\/\d+$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goto('/campo?desde=inicio');
  await expect(page.getByRole('heading', { level: 1, name: 'Visitas de hoy' })).toBeVisible();
  // The API is never answered from a cache: offline, it fails.
  const api = await page.evaluate(() =>
    fetch('/api/v1/health').then(
      (response) => response.status,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');
  await context.setOffline(false);
});

test('the back-office has no manifest and no service worker', async ({ page }) => {
  await signIn(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  const registrations = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistrations()).length,
  );
  expect(registrations).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});
