// Issue 23: the bulk import in Chromium. The template is downloaded, filled with exceljs (as a
// person fills it in Excel) with 50 points of sale, two of them wrong; the dry run lists both by
// row and column, the report comes back as an .xlsx with an 'Errores' column; the fixed file is
// imported and the points of sale are in the list; then a campaign's relation editor imports a
// file of codes.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { signIn, toast } from '../support/app.ts';

// exceljs is the server's dependency: the journey reads and fills the files with that copy.
interface Cell {
  value: unknown;
}
interface Row {
  getCell(column: number): Cell;
}
interface Sheet {
  name: string;
  rowCount: number;
  getRow(n: number): Row;
}
interface Workbook {
  worksheets: Sheet[];
  xlsx: { readFile(file: string): Promise<unknown>; writeFile(file: string): Promise<unknown> };
}
const serverPackage = fileURLToPath(new URL('../../packages/server/package.json', import.meta.url));
const ExcelJS = createRequire(serverPackage)('exceljs') as { Workbook: new () => Workbook };

const stamp = Date.now().toString(36).toUpperCase();
const codeOf = (i: number) => `IMP-${stamp}-${String(i).padStart(2, '0')}`;

async function download(page: Page, trigger: Locator, dir: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

/** The template's first sheet with 50 points of sale by header; `broken` rows get bad values. */
async function fillTemplate(template: string, target: string, broken: boolean): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0]!;
  const header = sheet.getRow(1);
  const column = new Map<string, number>();
  for (let c = 1; c <= 13; c += 1) column.set(String(header.getCell(c).value), c);
  for (let i = 1; i <= 50; i += 1) {
    const row = sheet.getRow(i + 1);
    const set = (name: string, value: string) => {
      row.getCell(column.get(name)!).value = value;
    };
    set('Código', codeOf(i));
    set('Nombre', broken && i === 7 ? 'Ab' : `Tienda importada ${i}`);
    set('Estado', 'Ciudad de México');
    set('Código postal', broken && i === 31 ? '123' : '04100');
    set('Ciudad', 'Ciudad de México');
    set('Municipio', 'Coyoacán');
    set('Asentamiento', 'Del Carmen');
    set('Calle', `Avenida ${i}`);
    set('Número exterior', String(i));
    set('Número interior', '');
    set('Latitud', '');
    set('Longitud', '');
    set('Activo', 'Sí');
  }
  await workbook.xlsx.writeFile(target);
}

test.describe('bulk import', () => {
  let dir: string;
  test.beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'anaquel-e2e-import-'));
  });
  test.afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('imports 50 points of sale from the template after fixing two errors, then a campaign relation', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, admin);
    await page.goto('/points-of-sales');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar puntos de venta' });

    const template = await download(
      page,
      dialog.getByRole('button', { name: 'Descargar plantilla' }),
      dir,
    );
    expect(path.basename(template)).toBe('plantilla_puntos_de_venta.xlsx');
    const wrong = path.join(dir, 'puntos-con-errores.xlsx');
    await fillTemplate(template, wrong, true);

    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles(wrong);
    const errors = dialog.getByRole('table').filter({ hasText: 'Errores' });
    await expect(errors.getByRole('row', { name: /^8 Nombre/ })).toContainText(
      'El nombre debe tener al menos 3 caracteres',
    );
    await expect(errors.getByRole('row', { name: /^32 Código postal/ })).toContainText(
      'El código postal debe tener 5 dígitos',
    );
    await expect(dialog.getByText('50 filas: se crearán 48')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled();

    const report = await download(
      page,
      dialog.getByRole('button', { name: 'Descargar errores (.xlsx)' }),
      dir,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(report);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(14).value).toBe('Errores');
    expect(sheet.getRow(8).getCell(14).value).toBe(
      'Nombre: El nombre debe tener al menos 3 caracteres',
    );
    expect(sheet.getRow(32).getCell(14).value).toBe(
      'Código postal: El código postal debe tener 5 dígitos',
    );

    const fixed = path.join(dir, 'puntos-corregidos.xlsx');
    await fillTemplate(template, fixed, false);
    await input.setInputFiles(fixed);
    await expect(dialog.getByText('Sin errores: puedes importar el archivo.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Importar' }).click();
    await expect(toast(page, 'Importación terminada: 50 creados, 0 actualizados.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(`IMP-${stamp}-07`);
    await expect(page.getByRole('row', { name: new RegExp(`Tienda importada 7`) })).toBeVisible();

    // A campaign's points of sale: a file of two of the codes.
    const api = await apiAs(request, admin);
    const [campaign] = await api.get<{ id: number; name: string }[]>('/campaigns/options?Take=1');
    await page.goto(`/campaigns/${campaign!.id}/points-of-sales`);
    await page.getByRole('button', { name: 'Importar' }).click();
    const relation = page.getByRole('dialog', { name: 'Importar puntos de venta' });
    await relation.locator('input[type="file"]').setInputFiles({
      name: 'codigos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Código\n${codeOf(1)}\n${codeOf(2)}\nNO-EXISTE-${stamp}\n`),
    });
    await expect(relation.getByRole('row', { name: /^4 Código/ })).toContainText(
      `El punto de venta "NO-EXISTE-${stamp}" no existe.`,
    );
    await relation.locator('input[type="file"]').setInputFiles({
      name: 'codigos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Código\n${codeOf(1)}\n${codeOf(2)}\n`),
    });
    await expect(relation.getByText('Sin errores: puedes importar el archivo.')).toBeVisible();
    await relation.getByRole('button', { name: 'Importar' }).click();
    await expect(toast(page, 'Importación terminada: 2 agregados.')).toBeVisible();
    const linked = await api.get<{ related: { name: string }[] }>(
      `/campaigns/${campaign!.id}/pointofsales`,
    );
    const names = linked.related.map((r) => r.name);
    expect(
      names.some((name) => name.includes(codeOf(1)) || name.includes('Tienda importada 1')),
    ).toBe(true);
  });
});
