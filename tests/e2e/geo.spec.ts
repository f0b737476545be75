// Issue #24, geo-verification (docs/geo.md): the demo promoter's phone sends a visit that started
// a kilometre from its point of sale; the review shows it 'Fuera de rango' with its distance, and
// 'Solo fuera de rango' narrows the list to such visits, kept in the URL, down to the visit's
// header on its surveys screen.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { signIn } from '../support/app.ts';
import { demoCampaignOf } from '../support/field.ts';

interface Visit {
  id: number;
  pointOfSale: string;
  geoStatus: string;
  checkInDistance: number | null;
}

test("'Solo fuera de rango' narrows the visits to those away from their point of sale", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'promotor@anaquel.mx', password: 'Promotor#2026', rememberMe: false },
  });
  expect(login.status()).toBe(200);
  const phone = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const data = (await (await request.get('/api/v1/sync/data', { headers: phone })).json()).data as {
    campaigns: { id: number; pointOfSaleIds: number[] }[];
  };
  const campaign = demoCampaignOf(data.campaigns);
  const staff = await apiAs(request, admin);
  const place = await staff.get<{ latitude: number | null; longitude: number | null }>(
    `/pointofsales/${campaign.pointOfSaleIds[0]}`,
  );
  expect(place.latitude, 'a demo point of sale with coordinates').not.toBeNull();

  // 0.01 degrees north of the store: about 1.1 km, far beyond the 200 m fence.
  const start = Date.now() - 20 * 60_000;
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
          checkInLatitude: place.latitude! + 0.01,
          checkInLongitude: place.longitude,
          checkOutLatitude: place.latitude,
          checkOutLongitude: place.longitude,
          surveys: [],
        },
      ],
    },
  });
  expect(sent.status()).toBe(200);
  const [result] = (await sent.json()).data.results as { checkInId: number; status: string }[];
  expect(result!.status).toBe('created');

  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(start),
  );
  const all = await staff.get<{ totalCount: number }>(`/checkins?startDate=${day}&endDate=${day}`);
  const away = await staff.get<{ totalCount: number; rows: Visit[] }>(
    `/checkins?startDate=${day}&endDate=${day}&outOfRange=true&PageSize=100`,
  );
  expect(away.rows.every((row) => row.geoStatus === 'outOfRange')).toBe(true);
  const ours = away.rows.find((row) => row.id === result!.checkInId)!;
  expect(ours.checkInDistance).toBeGreaterThan(1000);

  await signIn(page, admin);
  await page.goto(`/checkins?startDate=${day}&endDate=${day}`);
  const visits = page.getByRole('table', { name: 'Visitas' });
  await expect(visits.getByRole('row').nth(1)).toBeVisible();
  await expect(visits.getByRole('columnheader', { name: 'Distancia' })).toBeVisible();
  await expect(page.getByText(`Mostrando 1–`)).toContainText(`de ${all.totalCount}`);

  // react-aria draws the box over its visually hidden input (clicked with force); the box
  // follows the URL, so it shows checked once the list's address has the filter.
  const only = page.getByRole('checkbox', { name: 'Solo fuera de rango' });
  await only.click({ force: true });
  await expect(only).toBeChecked();
  await expect(page).toHaveURL(/outOfRange=1/);
  await expect(page.getByText(`Mostrando 1–`)).toContainText(`de ${away.totalCount}`);
  const rows = visits.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first().getByText('Fuera de rango')).toBeVisible();
  expect(await rows.filter({ hasNotText: 'Fuera de rango' }).count()).toBe(0);

  // A reload keeps the filter; the visit's surveys screen says how far it was.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Solo fuera de rango' })).toBeChecked();
  await page.goto(`/checkins/${result!.checkInId}/surveys`);
  const header = page.getByRole('region', { name: 'Datos de la visita' });
  await expect(header.getByText('Fuera de rango')).toBeVisible();
  await expect(header.getByText(ours.pointOfSale)).toBeVisible();
});
