// Issue #24, the photo gallery and its ZIP (docs/gallery.md): the demo promoter's phone sends a
// visit with two photos; the review opens the gallery from the visit list with the list's
// filters kept, sees as many photos as 'Descargar fotos (n)' says, goes through the lightbox by
// keyboard, and downloads the ZIP, checked here: its entries (n photos) and fotos.csv.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { signIn } from '../support/app.ts';
import { demoCampaignOf } from '../support/field.ts';

/** The smallest valid PNG (1×1): the server re-encodes it, so it is a real photo once stored. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('the gallery keeps the list filters, its lightbox works by keyboard and the ZIP holds the photos', async ({
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
  const photoIds: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const uploaded = await request.post('/api/v1/sync/photos', {
      headers: phone,
      multipart: { photo: { name: `foto${i}.png`, mimeType: 'image/png', buffer: PNG_1X1 } },
    });
    expect(uploaded.status()).toBe(201);
    photoIds.push((await uploaded.json()).data.id as string);
  }
  // Yesterday at 23:30 in Mexico City: the other journeys send their visits at 'now' in
  // parallel on the same server and the demo visits end in the afternoon, so this visit's two
  // photos are that day's newest and the gallery's first two.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(),
  );
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const start = Date.parse(`${yesterday}T23:30:00-06:00`);
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
          photoIds,
          surveys: [],
        },
      ],
    },
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).data.results[0].status).toBe('created');

  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
    new Date(start),
  );
  const staff = await apiAs(request, admin);
  const listed = await staff.get<{ rows: { id: string }[]; nextCursor: string | null }>(
    `/checkins/photos?startDate=${day}&endDate=${day}&PageSize=100`,
  );
  expect(listed.rows.slice(0, 2).map((r) => r.id)).toEqual(photoIds);
  expect(listed.nextCursor).toBeNull();
  // The count (its own operation) says the photos the pages list.
  const counted = await staff.get<{ totalCount: number; totalCountIsCapped: boolean }>(
    `/checkins/photos/count?startDate=${day}&endDate=${day}`,
  );
  expect(counted).toEqual({ totalCount: listed.rows.length, totalCountIsCapped: false });
  const total = counted.totalCount;

  // From the visit list to the gallery: the dates stay in the URL.
  await signIn(page, admin);
  await page.goto(`/checkins?startDate=${day}&endDate=${day}`);
  await page
    .getByRole('navigation', { name: 'Vistas de visitas' })
    .getByRole('link', { name: 'Fotos' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/checkins/fotos\\?startDate=${day}&endDate=${day}`));
  const grid = page.getByRole('list', { name: 'Fotos' });
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  // The button's number is the photos the grid shows once scrolled to its end.
  await expect(page.getByRole('button', { name: `Descargar fotos (${total})` })).toBeEnabled();
  await expect(async () => {
    await grid.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(grid.getByRole('listitem')).toHaveCount(total, { timeout: 1000 });
  }).toPass();
  await page.evaluate(() => window.scrollTo(0, 0));

  // The lightbox by keyboard: open the first photo, move on, come back, close.
  const first = grid.getByRole('button', { name: new RegExp(`^Ver foto 1 de ${total}`) });
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`1 / ${total}`)).toBeVisible();
  await expect(dialog.getByRole('img')).toHaveAttribute('src', new RegExp(photoIds[0]!));
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText(`2 / ${total}`)).toBeVisible();
  await expect(dialog.getByRole('img')).toHaveAttribute('src', new RegExp(photoIds[1]!));
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`1 / ${total}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();

  // The ZIP: every photo of the filter, in folders, and fotos.csv naming each one.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Descargar fotos (${total})` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`fotos_${day}_${day}.zip`);
  const dir = mkdtempSync(path.join(tmpdir(), 'anaquel-e2e-zip-'));
  try {
    const file = path.join(dir, 'fotos.zip');
    await download.saveAs(file);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain(
      'No errors detected',
    );
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(total + 1);
    expect(names.at(-1)).toBe('fotos.csv');
    expect(names[0]).toMatch(new RegExp(`/${day}/\\d{4}_.+_visita_1\\.png$`));
    const csv = execFileSync('unzip', ['-p', file, 'fotos.csv'], { encoding: 'utf8' });
    expect(csv.startsWith('\uFEFF"Archivo"')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toContain(`"${names[0]}"`);
    expect(lines[1]).toContain(`"${photoIds[0]}"`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await expect(page.getByText(`Descarga lista: fotos_${day}_${day}.zip`)).toBeVisible();

  // The point of sale's picker: searched by name, chosen, the photos narrow to its visits.
  const pointOfSaleId = campaign.pointOfSaleIds[0]!;
  const [store] = await staff.get<{ id: number; name: string }[]>(
    `/pointofsales/options?Ids=${pointOfSaleId}`,
  );
  const atStore = await staff.get<{ totalCount: number }>(
    `/checkins/photos/count?startDate=${day}&endDate=${day}&pointOfSaleId=${pointOfSaleId}`,
  );
  const picker = page.getByRole('combobox', { name: 'Punto de venta' });
  await picker.fill(store!.name.slice(0, 6));
  await page.getByRole('option', { name: store!.name }).click();
  await expect(page).toHaveURL(new RegExp(`pointOfSaleId=${pointOfSaleId}`));
  await expect(
    page.getByRole('button', { name: `Descargar fotos (${atStore.totalCount})` }),
  ).toBeVisible();
  await expect(
    grid.getByRole('button', { name: new RegExp(`^Ver foto 1 de ${atStore.totalCount}`) }),
  ).toBeVisible();
  await expect(grid.locator('img').first()).toHaveAttribute('src', new RegExp(photoIds[0]!));
});
