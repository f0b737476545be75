// Issue #22 §7: a visit the server rejects because its campaign was deactivated by the office
// after the promoter downloaded the day. The outbox shows the reason in words a promoter
// understands, offers no 'Corregir' (nothing on the phone can reopen a closed campaign) and lets
// the promoter discard it after a confirmation; nothing of it is on the server.
import { expect, test } from '@playwright/test';
import { admin, demoPromoter } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { openFieldAppAsPromoter } from '../support/field.ts';

test.use({
  viewport: { width: 375, height: 812 },
  geolocation: { latitude: 19.4326, longitude: -99.1332 },
  permissions: ['geolocation'],
  serviceWorkers: 'block',
});

/** Today in Mexico City (YYYY-MM-DD): the day the sync runs campaigns by. */
const mexicoCityDay = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

test('a visit whose campaign the office deactivated meanwhile is rejected, explained and discarded', async ({
  page,
  request,
}) => {
  // The office's campaign of today, at one of the promoter's points of sale.
  const api = await apiAs(request, admin);
  const promoter = await apiAs(request, demoPromoter);
  const { pointsOfSale } = await promoter.get<{ pointsOfSale: { id: number; name: string }[] }>(
    '/sync/data',
  );
  const place = pointsOfSale[0]!;
  const run = Date.now().toString(36);
  const client = await api.post<{ id: number }>('/clients', {
    code: `CER-${run}`,
    commercialName: `Cliente cierre ${run}`,
    legalName: null,
    taxId: 'CER010101AA1',
    isActive: true,
  });
  const campaign = {
    name: `Campaña cerrada ${run}`,
    description: null,
    startDate: mexicoCityDay(),
    endDate: null,
    clientIds: [client.id],
    isActive: true,
  };
  const created = await api.post<{ id: number }>('/campaigns', campaign);
  await api.put(`/campaigns/${created.id}/pointofsales`, { relatedIds: [place.id] });

  // The promoter downloads it and checks in.
  const list = await openFieldAppAsPromoter(page);
  await list
    .getByRole('listitem', { name: place.name })
    .getByRole('link', { name: `Visitar ${place.name}` })
    .click();
  await page.getByRole('radio', { name: new RegExp(campaign.name) }).check({ force: true });
  await page.getByRole('button', { name: 'Registrar llegada' }).click();
  await expect(page).toHaveURL(/\/campo\/visita\/[0-9a-f-]{36}$/);
  const uuid = /\/campo\/visita\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByText('Esta campaña no tiene cuestionarios.')).toBeVisible();

  // Meanwhile the office deactivates the campaign; the promoter finishes the visit.
  await api.put(`/campaigns/${created.id}`, { ...campaign, isActive: false });
  await page.getByRole('link', { name: 'Registrar salida' }).click();
  await page.getByRole('button', { name: 'Terminar visita' }).click();
  await expect(page).toHaveURL(/\/campo$/);

  // The outbox sends it; the server refuses it; the reason is said plainly.
  await page.getByRole('link', { name: /^Pendientes de enviar/ }).click();
  const rejected = page.getByRole('listitem', { name: `${place.name}, Rechazada` });
  await expect(rejected).toBeVisible({ timeout: 30_000 });
  await expect(rejected).toContainText(
    'La campaña ya no está activa o cambió de fechas: la oficina la modificó después de que descargaste los datos. Esta visita ya no se puede enviar; descártala.',
  );
  await expect(rejected).toContainText('La campaña no está activa.');
  await expect(rejected.getByRole('button', { name: 'Corregir' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('field-rejected-375.png') });

  // Discarded only once confirmed.
  await rejected.getByRole('button', { name: 'Descartar' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Descartar visita' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rejected).toBeVisible();
  await rejected.getByRole('button', { name: 'Descartar' }).click();
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(rejected).toHaveCount(0);

  // The server never stored it.
  const rows = await api.get<{ rows: { uuid: string }[] }>('/checkins?PageSize=100&Sort=-id');
  expect(rows.rows.filter((row) => row.uuid === uuid)).toEqual([]);
});
