// Spec 1 §2 (report export), §4 (export states), §5 (export form rules), §8 (export failure);
// issue 12: the product survey report of the demo visits, downloaded by Chromium and opened
// with exceljs.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs, type ApiSession } from '../support/api.ts';
import { signIn, toast } from '../support/app.ts';

// exceljs is the server's dependency: the journeys read the file with that copy.
interface SheetRow {
  values: unknown[];
}
interface Sheet {
  rowCount: number;
  getRow(n: number): SheetRow;
}
interface Workbook {
  xlsx: { readFile(file: string): Promise<unknown> };
  getWorksheet(name: string): Sheet | undefined;
}
const serverPackage = fileURLToPath(new URL('../../packages/server/package.json', import.meta.url));
const ExcelJS = createRequire(serverPackage)('exceljs') as { Workbook: new () => Workbook };

const EXPORT_URL = '**/api/v1/reports/product-survey-export?*';
const MESSAGES = {
  campaign: 'La campaña es obligatoria',
  survey: 'El cuestionario es obligatorio',
  start: 'La fecha de inicio es obligatoria',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  generating: 'Generando reporte en Excel...',
  unprocessable:
    'Los datos proporcionados son inválidos. Por favor, verifica los campos e intenta nuevamente.',
  serverError:
    'Error interno del servidor. Estamos trabajando para solucionarlo. Por favor, intenta más tarde.',
};
const FIXED_HEADERS = [
  'Visita',
  'Inicio',
  'Fin',
  'Duración (min)',
  'Sincronizada',
  'Promotor',
  'Código PDV',
  'Punto de venta',
  'Estado',
  'Municipio',
  'Ciudad',
  'Cliente',
  'Disponible',
  'Distancia de entrada (m)',
  'Distancia de salida (m)',
  'SKU',
  'Producto',
  'Marca',
];

interface Visit {
  id: number;
  user: string;
  pointOfSale: string;
  campaignId: number;
  campaign: string;
  unavailable: boolean;
  startDate: string;
}
interface VisitSurvey {
  id: number;
  surveyId: number;
  survey: string;
  productId: number | null;
  product: string | null;
  answerPoints: number;
  surveyPoints: number;
}

const mexicoDay = (instant: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date(instant));

/** A product survey the demo visits answered, through the API: what the report must hold. */
async function answeredProductSurvey(api: ApiSession) {
  const summary = await api.get<{ today: string; weekStart: string }>('/checkins/summary');
  const visits = await api.get<{ rows: Visit[] }>(
    `/checkins?startDate=${summary.weekStart}&endDate=${summary.today}&PageSize=50`,
  );
  for (const visit of visits.rows.filter((v) => !v.unavailable)) {
    const surveys = await api.get<VisitSurvey[]>(`/checkins/${visit.id}/surveys`);
    const answered = surveys.find((s) => s.productId !== null);
    if (answered) return { visit, answered, today: summary.today };
  }
  throw new Error('no demo visit of the last week answered a product survey');
}

async function openExport(page: Page): Promise<Locator> {
  await signIn(page, admin);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await menu.getByRole('button', { name: 'Reportes' }).click();
  await menu.getByRole('link', { name: 'Exportación de Reportes' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Exportación de Reportes' }),
  ).toBeVisible();
  return page.getByRole('form', { name: 'Exportar reporte de encuestas de productos' });
}

async function chooseCampaign(form: Locator, name: string): Promise<void> {
  // A dropdown of records searches the server from the third character (spec 2 §9).
  await form.getByRole('combobox', { name: 'Campaña' }).fill(name);
  await form.page().getByRole('option', { name, exact: true }).click();
}

function surveySelect(form: Locator): Locator {
  // A select's button is named by its value, then its label.
  return form.getByRole('button', { name: /Cuestionario$/ });
}

async function chooseSurvey(form: Locator, name: string): Promise<void> {
  await surveySelect(form).click();
  await form.page().getByRole('option', { name, exact: true }).click();
  await expect(surveySelect(form)).toHaveAccessibleName(`${name} Cuestionario`);
}

/** Types a day (YYYY-MM-DD) into the date field `label` (es-MX segments: day, month, year). */
async function typeDate(form: Locator, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  await form.getByRole('group', { name: label }).getByRole('spinbutton', { name: /^día/ }).click();
  await form.page().keyboard.type(`${date}${month}${year}`);
}

/** The file name the server gives (issue 12): spaces become '_'. */
const part = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, '_');

test.describe('product survey report', () => {
  test('the form: survey only after a campaign and cleared when it changes, the dates, the spec messages', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const campaigns = await api.get<{ id: number; name: string }[]>('/campaigns/options?Take=100');
    // Two campaigns with product surveys: the survey chosen for one goes when the other is chosen.
    const withSurveys: { name: string; survey: string }[] = [];
    for (const campaign of campaigns) {
      const surveys = await api.get<{ id: number; name: string }[]>(
        `/surveys?campaignId=${campaign.id}&productTypeOnly=true`,
      );
      if (surveys[0]) withSurveys.push({ name: campaign.name, survey: surveys[0].name });
    }
    expect(withSurveys.length, 'demo campaigns with a product survey').toBeGreaterThan(0);
    const [first] = withSurveys;
    const other = campaigns.find((c) => c.name !== first!.name);
    expect(other, 'a second demo campaign').toBeDefined();

    const form = await openExport(page);
    const exportButton = form.getByRole('button', { name: 'Exportar' });
    await expect(surveySelect(form)).toBeDisabled();
    await expect(exportButton).toBeDisabled();

    // Touched and left empty: the spec's messages.
    await form.getByRole('combobox', { name: 'Campaña' }).focus();
    await form
      .getByRole('group', { name: 'Fecha de inicio' })
      .getByRole('spinbutton', { name: /^día/ })
      .focus();
    await form.getByRole('group', { name: 'Fecha de fin' }).getByRole('spinbutton').first().focus();
    await expect(form.getByText(MESSAGES.campaign, { exact: true })).toBeVisible();
    await expect(form.getByText(MESSAGES.start, { exact: true })).toBeVisible();

    await chooseCampaign(form, first!.name);
    await expect(form.getByText(MESSAGES.campaign, { exact: true })).toBeHidden();
    await expect(surveySelect(form)).toBeEnabled();
    await chooseSurvey(form, first!.survey);

    // Changing the campaign clears the survey; touched and empty, it says so.
    await chooseCampaign(form, other!.name);
    await expect(surveySelect(form)).toHaveAccessibleName(/^Seleccione un cuestionario/);
    await expect(form.getByText(MESSAGES.survey, { exact: true })).toBeVisible();
    await chooseCampaign(form, first!.name);
    await chooseSurvey(form, first!.survey);
    await expect(form.getByText(MESSAGES.survey, { exact: true })).toBeHidden();

    // The end may not come before the start; the end's calendar starts at the start.
    const today = mexicoDay(new Date());
    const start = `${today.slice(0, 8)}15`;
    await typeDate(form, 'Fecha de inicio', start);
    await expect(form.getByText(MESSAGES.start, { exact: true })).toBeHidden();
    await typeDate(form, 'Fecha de fin', `${today.slice(0, 8)}14`);
    await expect(form.getByText(MESSAGES.endBeforeStart, { exact: true })).toBeVisible();
    await expect(exportButton).toBeDisabled();

    const end = form.getByRole('group', { name: 'Fecha de fin' });
    await end.getByRole('button').click();
    const calendar = page.getByRole('dialog').getByRole('grid');
    await expect(calendar.getByRole('button', { name: /\b14 de/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await calendar.getByRole('button', { name: /\b15 de/ }).click();
    await expect(form.getByText(MESSAGES.endBeforeStart, { exact: true })).toBeHidden();
    await expect(end.getByRole('spinbutton', { name: /^día/ })).toHaveAttribute(
      'aria-valuenow',
      '15',
    );
    await expect(exportButton).toBeEnabled();
  });

  test("the demo visits' report downloads under the server's name and holds the visits", async ({
    page,
    request,
  }, testInfo) => {
    const api = await apiAs(request, admin);
    const { visit, answered, today } = await answeredProductSurvey(api);
    const start = mexicoDay(visit.startDate);

    const form = await openExport(page);
    await chooseCampaign(form, visit.campaign);
    await chooseSurvey(form, answered.survey);
    await typeDate(form, 'Fecha de inicio', start);
    await typeDate(form, 'Fecha de fin', today);

    // The answer is held until the generating state has been seen (the demo export is quick).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(EXPORT_URL, async (route) => {
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await form.getByRole('button', { name: 'Exportar' }).click();
    await expect(page.getByRole('status').getByText(MESSAGES.generating)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Campaña' })).toBeDisabled();
    release();

    const file = await download;
    const fileName = `Reporte_${part(visit.campaign)}_${part(answered.survey)}_${start}_${today}.xlsx`;
    expect(file.suggestedFilename()).toBe(fileName);
    await expect(
      page.getByRole('status').getByText(`Reporte descargado: ${fileName}`),
    ).toBeVisible();
    await expect(page.getByRole('status').getByText(MESSAGES.generating)).toBeHidden();
    await expect(form.getByRole('button', { name: 'Cancelar' })).toBeHidden();

    const saved = testInfo.outputPath(fileName);
    await file.saveAs(saved);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.getWorksheet('Reporte');
    expect(sheet, "the 'Reporte' sheet").toBeDefined();
    // exceljs rows are 1-based: values[0] is empty.
    const headers = sheet!.getRow(2).values.slice(1);
    expect(headers.slice(0, FIXED_HEADERS.length)).toEqual(FIXED_HEADERS);
    expect(headers.slice(-2)).toEqual(['Puntos obtenidos', 'Puntos posibles']);
    const segments = sheet!.getRow(1).values.slice(1);
    expect(segments.slice(-2)).toEqual(['Total', 'Total']);
    expect(sheet!.rowCount, 'at least one data row').toBeGreaterThan(2);

    const column = (name: string) => FIXED_HEADERS.indexOf(name) + 1;
    const rows = Array.from({ length: sheet!.rowCount - 2 }, (_, i) => sheet!.getRow(i + 3));
    const row = rows.find(
      (r) =>
        r.values[column('Visita')] === visit.id &&
        r.values[column('Producto')] === answered.product,
    );
    expect(row, `visit ${visit.id} x ${answered.product}`).toBeDefined();
    const values = row!.values;
    expect(values[column('Promotor')]).toBe(visit.user);
    expect(values[column('Punto de venta')]).toBe(visit.pointOfSale);
    expect(values[column('Disponible')]).toBe('Sí');
    // Whose product it is (issue #20: the column was empty for the demo visits).
    expect(values[column('Cliente')], 'Cliente').toEqual(expect.stringMatching(/\S/));
    expect(values[column('Inicio')]).toBeInstanceOf(Date);
    expect(values.slice(-2)).toEqual([answered.answerPoints, answered.surveyPoints]);
  });

  test('a range without visits still downloads its headers and the page says it has no visits', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const { visit, answered } = await answeredProductSurvey(api);
    const form = await openExport(page);
    await chooseCampaign(form, visit.campaign);
    await chooseSurvey(form, answered.survey);
    await typeDate(form, 'Fecha de inicio', '2001-01-01');
    await typeDate(form, 'Fecha de fin', '2001-01-02');
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await form.getByRole('button', { name: 'Exportar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/_2001-01-01_2001-01-02\.xlsx$/);
    await expect(
      page
        .getByRole('status')
        .getByText(
          'El rango seleccionado no tiene visitas: el archivo descargado solo trae los encabezados.',
        ),
    ).toBeVisible();
  });

  test('a failed export shows the global message of its status and the form is usable again', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const { visit, answered, today } = await answeredProductSurvey(api);
    const form = await openExport(page);
    await chooseCampaign(form, visit.campaign);
    await chooseSurvey(form, answered.survey);
    await typeDate(form, 'Fecha de inicio', mexicoDay(visit.startDate));
    await typeDate(form, 'Fecha de fin', today);
    const exportButton = form.getByRole('button', { name: 'Exportar' });

    // A 422 envelope (spec 1 §8: the status decides the message).
    await page.route(EXPORT_URL, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          errorCode: 'UNPROCESSABLE_ENTITY',
          errorMessage: 'El cuestionario no es de tipo Producto.',
          validationErrors: [],
        }),
      }),
    );
    await exportButton.click();
    await expect(toast(page, MESSAGES.unprocessable)).toBeVisible();
    await expect(page.getByRole('status').getByText(MESSAGES.generating)).toBeHidden();
    await expect(exportButton).toBeEnabled();

    // A proxy's plain-text 500.
    await page.unroute(EXPORT_URL);
    await page.route(EXPORT_URL, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'proxy caído' }),
    );
    await exportButton.click();
    await expect(toast(page, MESSAGES.serverError)).toBeVisible();
    await expect(exportButton).toBeEnabled();
  });
});
