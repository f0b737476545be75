import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, pointsOfSale, products, regions, users } from '../../src/db/schema/index.ts';
import { bearer, createTestApp, expectSuccess, tokenFor, type TestApp } from '../helpers.ts';
import { readTable } from '../../src/resources/import/table-reader.ts';
import { ensureLibreOffice } from '../reports/libreoffice.ts';
import { apiAs, create, multipart } from './fixtures.ts';

// issue 23: a points of sale file saved by a real spreadsheet program. LibreOffice opens a
// Windows-1252 CSV with semicolons and saves it as .xlsx (shared strings, the zip code as a
// number without its leading zero), and the import reads it as the user typed it.

const office = ensureLibreOffice();

async function libreOfficeXlsx(binary: string, csv: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'anaquel-soffice-'));
  try {
    const input = path.join(dir, 'puntos.csv');
    await writeFile(input, csv);
    execFileSync(
      binary,
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        // Semicolon (59), double quote (34), Windows-1252 (1), from line 1.
        '--infilter=CSV:59,34,1,1',
        '--convert-to',
        'xlsx',
        '--outdir',
        dir,
        input,
      ],
      { stdio: 'pipe', timeout: 170_000 },
    );
    return await readFile(path.join(dir, 'puntos.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe.skipIf('skip' in office)('points of sale import of a LibreOffice file', () => {
  it(
    'imports the .xlsx LibreOffice saved from a Windows-1252 CSV',
    { timeout: 180_000 },
    async () => {
      const binary = 'binary' in office ? office.binary : '';
      const csv = Buffer.from(
        [
          'Código;Nombre;Estado;Código postal;Municipio;Asentamiento;Calle;Número exterior;Activo',
          'PV-3001;Peña Niño;Ciudad de México;04100;Coyoacán;Del Carmen;Av. Ñandú;12;Sí',
        ].join('\r\n'),
        'latin1',
      );
      const file = await libreOfficeXlsx(binary, csv);
      const token = await tokenFor(t.app, t.db, ['CREATE_POINTOFSALES', 'UPDATE_POINTOFSALES']);
      const body = multipart({}, [{ name: 'file', filename: 'puntos.xlsx', value: file }]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/imports/pointofsales',
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(expectSuccess(response, 'runImport')).toMatchObject({
        created: 1,
        errorCount: 0,
        written: true,
      });
      const [row] = await t.db.select().from(pointsOfSale).where(eq(pointsOfSale.code, 'PV-3001'));
      expect(row).toMatchObject({ name: 'Peña Niño', zipCode: '04100', street: 'Av. Ñandú' });
      // The progress's total: LibreOffice declares the sheet's dimension (A1:I2: one data row).
      const dir = await mkdtemp(path.join(tmpdir(), 'anaquel-total-'));
      try {
        await writeFile(path.join(dir, 'puntos.xlsx'), file);
        const totals: number[] = [];
        const rows = readTable(path.join(dir, 'puntos.xlsx'), 'puntos.xlsx', 1e9, (total) =>
          totals.push(total),
        );
        for await (const _row of rows) totals.push(-1);
        expect(totals).toEqual([1, -1, -1]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  // The other resources: a Windows-1252 CSV with semicolons saved by LibreOffice as .xlsx, each.
  const cases: [string, string[], () => Promise<unknown>][] = [
    [
      'clients',
      [
        'Código;Nombre comercial;Razón social;RFC;Activo',
        'CL-3001;Peñafiel Ñandú;;PNA010101AB1;Sí',
      ],
      async () =>
        expect(
          (await t.db.select().from(clients).where(eq(clients.code, 'CL-3001')))[0],
        ).toMatchObject({ commercialName: 'Peñafiel Ñandú' }),
    ],
    [
      'products',
      [
        'SKU;Nombre;Categoría;Subcategoría;Marca;Clientes;Activo',
        'SKU-3001;Jamón serrano;Salchichonería;Jamones;Marca Peñón;CL-3001;Sí',
      ],
      async () =>
        expect(
          (await t.db.select().from(products).where(eq(products.sku, 'SKU-3001')))[0],
        ).toMatchObject({ name: 'Jamón serrano' }),
    ],
    [
      'regions',
      ['Nombre;Estados', 'Región Bajío;Guanajuato, Querétaro'],
      async () =>
        expect(
          (await t.db.select().from(regions).where(eq(regions.name, 'Región Bajío')))[0],
        ).toBeDefined(),
    ],
    [
      'users',
      [
        'Correo;Nombre;Apellido;Fecha de nacimiento;Perfil;Activo',
        'ines.nunez@ejemplo.mx;Inés;Núñez;31/05/1990;Administrador;Sí',
      ],
      async () =>
        expect(
          (await t.db.select().from(users).where(eq(users.email, 'ines.nunez@ejemplo.mx')))[0],
        ).toMatchObject({ name: 'Inés', lastName: 'Núñez', dateOfBirth: '1990-05-31' }),
    ],
  ];
  it(
    'imports clients, products, regions and users from .xlsx files LibreOffice saved',
    { timeout: 600_000 },
    async () => {
      const binary = 'binary' in office ? office.binary : '';
      const api = await apiAs(t.app, t.db);
      const category = await create(api, 'categories', 'createCategory', {
        name: 'Salchichonería',
        isActive: true,
      });
      await create(api, 'subcategories', 'createSubcategory', {
        name: 'Jamones',
        categoryId: category,
        isActive: true,
      });
      await create(api, 'brands', 'createBrand', { name: 'Marca Peñón', isActive: true });
      for (const [resource, lines, check] of cases) {
        const file = await libreOfficeXlsx(binary, Buffer.from(lines.join('\r\n'), 'latin1'));
        const body = multipart({}, [{ name: 'file', filename: 'datos.xlsx', value: file }]);
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1/imports/${resource}`,
          headers: { ...bearer(api.token), ...body.headers },
          payload: body.payload,
        });
        expect(expectSuccess(response, 'runImport'), resource).toMatchObject({
          created: 1,
          errorCount: 0,
          written: true,
        });
        await check();
      }
    },
  );
});
