// Issue #22 §4-6: a promoter's visit on a 375 px phone with its position set. Check-in, the
// point-of-sale survey (every type of the demo's 'Auditoría de tienda', 'Sí' hiding the segment
// 'Sin exhibidor', a question photo from a generated JPEG), a reload mid-survey that finds every
// answer, a product survey ('No' stock hiding its price segment), the check-out with its summary, the visit back on the list out of the draft state, then
// sent by the outbox and scored by the server as the phone scored it.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, demoPromoter } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { submitLogin } from '../support/app.ts';

test.use({
  viewport: { width: 375, height: 812 },
  geolocation: { latitude: 19.4326, longitude: -99.1332 },
  permissions: ['geolocation'],
});

/** A real JPEG drawn by the browser (the app reduces it with createImageBitmap). */
async function cameraJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2a7';
    context.fillRect(0, 0, 2400, 1800);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** The answers of the device's draft visits, as stored in its IndexedDB. */
async function storedAnswers(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const info = (await indexedDB.databases()).find((d) => d.name?.startsWith('anaquel-campo-'));
    if (!info?.name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(info.name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const visits = await new Promise<{ state: string; surveys: { answers: unknown[] }[] }[]>(
      (resolve, reject) => {
        const request = db.transaction('visits').objectStore('visits').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      },
    );
    db.close();
    return visits
      .filter((v) => v.state === 'draft')
      .flatMap((v) => v.surveys)
      .reduce((n, s) => n + s.answers.length, 0);
  });
}

// react-aria draws each radio and checkbox over its visually hidden input: they are checked with
// force, a click on the drawing the input lies under.
const question = (page: Page, text: RegExp) => page.getByRole('region', { name: text });

async function answerTheRest(page: Page, photo: Buffer) {
  await question(page, /^Ubicación del exhibidor/)
    .getByRole('radio', { name: /^Cabecera/ })
    .check({ force: true });
  await question(page, /^Material POP/)
    .getByRole('checkbox', { name: /^Cenefa/ })
    .check({ force: true });
  await question(page, /^Número de frentes/)
    .getByRole('checkbox', { name: 'No aplica' })
    .check({ force: true });
  const price = question(page, /^Precio en anaquel/).getByRole('textbox');
  await price.fill('23.5');
  await price.blur();
  const likert = question(page, /^Condición de la exhibición/);
  const agree = likert.getByRole('radio', { name: 'Totalmente de acuerdo' });
  await agree.nth(0).check({ force: true });
  await agree.nth(1).check({ force: true });
  const rating: Locator = question(page, /^Calificación general del anaquel/);
  await rating.getByRole('radio', { name: /^5 estrellas/ }).check({ force: true });
  await expect(rating.getByText('La pregunta requiere al menos una foto.')).toBeVisible();
  await rating
    .getByLabel('Tomar foto')
    .setInputFiles({ name: 'anaquel.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(rating.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await question(page, /^Marcas de la competencia/)
    .getByRole('checkbox', { name: /^Del Valle/ })
    .check({ force: true });
  const ranking = question(page, /^Ordena las marcas/);
  for (const brand of [/Nuestra marca/, /Competidor principal/, /Otras marcas/]) {
    await ranking.getByRole('checkbox', { name: brand }).check({ force: true });
  }
}

test('a visit: check-in, a survey with skip logic, a reload mid-survey, the check-out', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await submitLogin(page, demoPromoter.email, demoPromoter.password);
  await expect(page).toHaveURL(/\/campo$/);
  const list = page.getByRole('list', { name: 'Puntos de venta de hoy' });
  const place = list.locator(':scope > li').nth(1);
  const placeName = (await place.getByRole('heading', { level: 2 }).textContent())!.trim();
  await place.getByRole('link', { name: `Visitar ${placeName}` }).click();
  await page.getByRole('radio', { name: /Exhibición de temporada/ }).check();
  await page.getByRole('button', { name: 'Registrar llegada' }).click();
  await expect(page).toHaveURL(/\/campo\/visita\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();

  await page.getByRole('link', { name: 'Responder Auditoría de tienda' }).click();
  await expect(page).toHaveURL(/\/cuestionario\/\d+$/);
  await expect(page.getByRole('region', { name: 'Sin exhibidor' })).toBeVisible();
  await question(page, /^Nombre de la persona encargada/)
    .getByRole('textbox')
    .fill('Rosa Díaz');
  await question(page, /^¿La tienda tiene exhibidor/)
    .getByRole('radio', { name: /^Sí/ })
    .check({ force: true });
  // The skip logic of 'Sí' hides the segment at once.
  await expect(page.getByRole('region', { name: 'Sin exhibidor' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('visit-survey-375.png') });

  // Closing the page mid-survey loses nothing: the answers are in the device store.
  await expect.poll(() => storedAnswers(page)).toBe(2);
  await page.reload();
  await expect(question(page, /^Nombre de la persona encargada/).getByRole('textbox')).toHaveValue(
    'Rosa Díaz',
  );
  await expect(
    question(page, /^¿La tienda tiene exhibidor/).getByRole('radio', { name: /^Sí/ }),
  ).toBeChecked();
  await expect(page.getByRole('region', { name: 'Sin exhibidor' })).toHaveCount(0);

  // 'Listo' first says what is missing, with the sync's own messages.
  await page.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByRole('alert')).toContainText('necesitan atención');
  await expect(
    page.getByText('La pregunta "Calificación general del anaquel" es obligatoria.'),
  ).toBeVisible();
  await answerTheRest(page, await cameraJpeg(page));
  await page.getByRole('button', { name: 'Listo' }).click();
  await expect(page).toHaveURL(/\/campo\/visita\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Auditoría de tienda' })).toContainText(
    'Completo',
  );

  // A product survey: 'No' stock hides its segment 'Precio y caducidad'.
  const product = page.getByRole('link', { name: /^Responder Producto en anaquel: / }).first();
  const productName = (await product.getAttribute('aria-label'))!.replace(
    'Responder Producto en anaquel: ',
    '',
  );
  await product.click();
  await expect(page).toHaveURL(/\/cuestionario\/\d+\/producto\/\d+$/);
  await expect(page.getByRole('region', { name: 'Precio y caducidad' })).toBeVisible();
  await question(page, /^¿Hay existencias del producto/)
    .getByRole('radio', { name: /^No/ })
    .check({ force: true });
  await expect(page.getByRole('region', { name: 'Precio y caducidad' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Listo' }).click();
  await expect(page).toHaveURL(/\/campo\/visita\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('listitem').filter({ hasText: `Producto en anaquel: ${productName}` }),
  ).toContainText('Completo');

  await page.getByRole('link', { name: 'Registrar salida' }).click();
  const summary = page.getByRole('definition');
  await expect(summary.nth(0)).toHaveText(/^2 de \d+$/);
  await expect(summary.nth(1)).toHaveText('1');
  await expect(summary.nth(2)).toHaveText(/^[\d.]+ de [\d.]+ puntos$/);
  const [, earned, possible] = /^([\d.]+) de ([\d.]+) puntos$/.exec(
    (await summary.nth(2).textContent())!,
  )!;
  const uuid = /\/campo\/visita\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.screenshot({ path: test.info().outputPath('visit-check-out-375.png') });
  await page.getByRole('button', { name: 'Terminar visita' }).click();

  await expect(page).toHaveURL(/\/campo$/);
  const visited = list.locator(':scope > li').filter({ hasText: placeName });
  await expect(visited.getByText('Visitado hoy')).toBeVisible();
  await expect(visited.getByText('En curso')).toHaveCount(0);
  expect(await storedAnswers(page)).toBe(0);

  // Online, the outbox sends it; the server scores it as the phone did.
  await page.getByRole('link', { name: /^Pendientes de enviar/ }).click();
  await expect(page.getByRole('listitem', { name: `${placeName}, Enviada` })).toBeVisible({
    timeout: 30_000,
  });
  const api = await apiAs(request, admin);
  const rows = await api.get<{ rows: { id: number; uuid: string }[] }>(
    '/checkins?PageSize=100&Sort=-id',
  );
  const stored = rows.rows.find((row) => row.uuid === uuid);
  expect(stored).toBeDefined();
  const surveys = await api.get<{ survey: string; answerPoints: number; surveyPoints: number }[]>(
    `/checkins/${stored!.id}/surveys`,
  );
  expect(surveys.map((survey) => survey.survey).sort()).toEqual([
    'Auditoría de tienda',
    'Producto en anaquel',
  ]);
  const total = (key: 'answerPoints' | 'surveyPoints') =>
    Math.round(surveys.reduce((sum, survey) => sum + survey[key], 0) * 100) / 100;
  expect(total('answerPoints')).toBe(Number(earned));
  expect(total('surveyPoints')).toBe(Number(possible));
});
