// Issue #24, the visits map (docs/geo.md, "Map"): /checkins/mapa draws the list's visits on the
// built-in base (Mexico's state outlines shipped with the app; no request leaves the machine),
// clustered beyond a limit (lowered to 20 for the journeys, tests/support/e2e-server.ts), with a
// popup per cluster and per visit; list and map share their URL parameters.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { signIn } from '../support/app.ts';
import { demoCampaignOf } from '../support/field.ts';

interface MapAnswer {
  mode: 'points' | 'clusters';
  visits: { id: number; latitude: number; longitude: number; user: string; unavailable: boolean }[];
  clusters: { latitude: number; longitude: number; count: number }[];
}

const mexicoDay = (time: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date(time));

const mercatorY = (latitude: number) =>
  Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));

/** The map's region and the screen point of a position in it, from the box the map reported. */
async function pointOf(page: Page, longitude: number, latitude: number) {
  const region = page.getByRole('region', { name: 'Mapa de visitas' });
  const box = JSON.parse((await region.getAttribute('data-box'))!) as {
    west: number;
    south: number;
    east: number;
    north: number;
  };
  const canvas = (await region.locator('canvas').boundingBox())!;
  const x = ((longitude - box.west) / (box.east - box.west)) * canvas.width;
  const y =
    ((mercatorY(box.north) - mercatorY(latitude)) / (mercatorY(box.north) - mercatorY(box.south))) *
    canvas.height;
  return { x: canvas.x + x, y: canvas.y + y };
}

/** The next answer of GET checkins/map once the map has rested (after a move or a filter). */
const nextMap = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/checkins/map');

test('the map draws clusters and visits on the built-in base, with their popups', async ({
  page,
  baseURL,
  request,
}) => {
  // Nothing may leave the machine without MAP_STYLE_URL: every request goes to the app's origin.
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (
      !r.url().startsWith(baseURL!) &&
      !r.url().startsWith('blob:') &&
      !r.url().startsWith('data:')
    )
      foreign.push(r.url());
  });

  // A visit 1.1 km from its store (as the demo promoter's phone would send it), for the line.
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'promotor@anaquel.mx', password: 'Promotor#2026', rememberMe: false },
  });
  const phone = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const data = (await (await request.get('/api/v1/sync/data', { headers: phone })).json()).data as {
    campaigns: { id: number; pointOfSaleIds: number[] }[];
  };
  const campaign = demoCampaignOf(data.campaigns);
  const staff = await apiAs(request, admin);
  const place = await staff.get<{ latitude: number; longitude: number }>(
    `/pointofsales/${campaign.pointOfSaleIds[0]}`,
  );
  const start = Date.now() - 30 * 60_000;
  const sent = await request.post('/api/v1/sync/checkins', {
    headers: phone,
    data: {
      checkIns: [
        {
          uuid: randomUUID(),
          campaignId: campaign.id,
          pointOfSaleId: campaign.pointOfSaleIds[0],
          unavailable: true,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 5 * 60_000).toISOString(),
          checkInLatitude: place.latitude + 0.01,
          checkInLongitude: place.longitude,
          checkOutLatitude: place.latitude + 0.01,
          checkOutLongitude: place.longitude,
          surveys: [],
        },
      ],
    },
  });
  const [result] = (await sent.json()).data.results as { checkInId: number; status: string }[];
  expect(result!.status, 'the visit is stored').toBe('created');

  await signIn(page, admin);
  const week = `startDate=${mexicoDay(Date.now() - 6 * 86_400_000)}&endDate=${mexicoDay(Date.now())}`;
  const states = page.waitForResponse((r) => r.url().endsWith('/map/mexico-states.json'));
  const first = nextMap(page);
  await page.goto(`/checkins/mapa?${week}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Visitas' })).toBeVisible();
  expect((await states).status()).toBe(200);
  const clustered = (await (await first).json()).data as MapAnswer;
  expect(clustered.mode).toBe('clusters');
  await expect(page.getByRole('status').filter({ hasText: 'agrupadas por zona' })).toBeVisible();
  const legend = page.getByRole('list', { name: 'Leyenda del mapa' });
  for (const label of ['En rango', 'Fuera de rango', 'Distancia no disponible', 'Punto de venta'])
    await expect(legend.getByText(label, { exact: true })).toBeVisible();

  // The biggest cluster is drawn where the server put it: a click there opens its popup.
  const biggest = [...clustered.clusters].sort((a, b) => b.count - a.count)[0]!;
  await page.waitForTimeout(500);
  const at = await pointOf(page, biggest.longitude, biggest.latitude);
  await page.mouse.click(at.x, at.y);
  const popup = page.locator('.maplibregl-popup');
  await expect(popup.getByText(`visitas en esta zona`)).toContainText(
    new Intl.NumberFormat('es-MX').format(biggest.count),
  );
  await expect(popup.getByText(/^Fuera de rango: \d/)).toBeVisible();

  // 'Solo fuera de rango' on today's visits: few, one by one; ours with its popup.
  const today = mexicoDay(start);
  const few = nextMap(page);
  await page.goto(`/checkins/mapa?startDate=${today}&endDate=${today}&outOfRange=1`);
  const points = (await (await few).json()).data as MapAnswer;
  expect(points.mode).toBe('points');
  const ours = points.visits.find((v) => v.id === result!.checkInId)!;
  expect(ours, 'the visit sent above is on the map').toBeTruthy();
  await page.waitForTimeout(500);
  const spot = await pointOf(page, ours.longitude, ours.latitude);
  await page.mouse.click(spot.x, spot.y);
  await expect(popup.getByText(ours.user)).toBeVisible();
  await expect(popup.getByText(/^Distancia: 1,1\d\d m$/)).toBeVisible();
  await expect(popup.getByText('Fuera de rango')).toBeVisible();
  await expect(popup.getByText('No disponible (NA): sin encuestas.')).toBeVisible();

  expect(foreign, 'requests that left the machine').toEqual([]);
});

test('list and map keep the same filters', async ({ page }) => {
  await signIn(page, admin);
  const filters = `startDate=${mexicoDay(Date.now() - 2 * 86_400_000)}&endDate=${mexicoDay(Date.now())}&outOfRange=1`;
  await page.goto(`/checkins?${filters}`);
  await expect(page.getByRole('table', { name: 'Visitas' })).toBeVisible();
  const views = page.getByRole('navigation', { name: 'Vistas de visitas' });
  await expect(views.getByRole('link', { name: 'Lista' })).toHaveAttribute('aria-current', 'page');

  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/checkins/map');
  await views.getByRole('link', { name: 'Mapa' }).click();
  await expect(page).toHaveURL(`/checkins/mapa?${filters}`);
  const query = new URL((await asked).url()).searchParams;
  expect(query.get('outOfRange')).toBe('true');
  expect(`startDate=${query.get('startDate')}&endDate=${query.get('endDate')}`).toBe(
    filters.replace('&outOfRange=1', ''),
  );
  const only = page.getByRole('checkbox', { name: 'Solo fuera de rango' });
  await expect(only).toBeChecked();
  await expect(page.getByRole('region', { name: 'Mapa de visitas' })).toBeVisible();

  // A filter changed on the map is the list's too.
  await only.click({ force: true });
  await expect(page).not.toHaveURL(/outOfRange/);
  await page.getByRole('link', { name: 'Ver estas visitas en la lista' }).click();
  await expect(page).toHaveURL(`/checkins?${filters.replace('&outOfRange=1', '')}`);
  await expect(page.getByRole('checkbox', { name: 'Solo fuera de rango' })).not.toBeChecked();
});
