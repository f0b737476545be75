import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pointsOfSale, states, zipCodes } from '../../src/db/schema/index.ts';
import { pointOfSaleImport } from '../../src/resources/import/point-of-sale-import.ts';
import { reportProgress, reportTotal, withImportLock } from '../../src/resources/import/lock.ts';
import { confirmImport, type ImportContext } from '../../src/resources/import/engine.ts';
import type { SheetRow } from '../../src/resources/import/table-reader.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { multipart } from './fixtures.ts';

// The bulk import of points of sale (docs/import.md): dry run, confirm, rules, files.

const HEADER =
  'Código,Nombre,Estado,Código postal,Municipio,Asentamiento,Calle,Número exterior,Latitud,Activo';

let t: TestApp;
let token: string;
let cdmx: number;

async function send(url: string, file: Buffer, filename: string, auth = token) {
  const body = multipart({}, [{ name: 'file', filename, contentType: 'text/csv', value: file }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/pointofsales${url ? `/${url}` : ''}`,
    headers: { ...bearer(auth), ...body.headers },
    payload: body.payload,
  });
}

const count = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(pointsOfSale))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.app, t.db, ['CREATE_POINTOFSALES', 'UPDATE_POINTOFSALES']);
  const [state] = await t.db
    .select({ id: states.id })
    .from(states)
    .where(eq(states.name, 'Ciudad de México'));
  cdmx = state!.id;
  await t.db.insert(zipCodes).values({
    zipCode: '04100',
    settlement: 'Del Carmen',
    settlementType: 'Colonia',
    municipality: 'Coyoacán',
    stateId: cdmx,
    city: 'Ciudad de México',
  });
});

afterAll(async () => {
  await t?.close();
});

describe('points of sale import', () => {
  it('reports one row of every kind of error with the form messages, and writes nothing', async () => {
    const rows = [
      'PV-0001,Súper Centro,,04100,,,Av. Quevedo,10,,Sí',
      'AB,Tienda Dos,Ciudad de México,04100,,,Calle,1,,',
      'PV-0003,,Ciudad de México,04100,,,Calle,1,,',
      'PV-0004,Tienda Cuatro,Ciudad de México,123,Coyoacán,Centro,Calle,1,,',
      'PV-0005,Tienda Cinco,Narnia,04100,,,Calle,1,,',
      'PV-0006,Tienda Seis,Jalisco,04100,,,Calle,1,,',
      'PV-0007,Tienda Siete,,04100,,,,1,,',
      'PV-0008,Tienda Ocho,,04100,,,Calle,1,abc,',
      'PV-0009,Tienda Nueve,,04100,,,Calle,1,,quizá',
      'pv-0001,Tienda Diez,,04100,,,Calle,1,,',
      'PV-0011,Tienda Once,,04100,,,Calle,123456789012345678901,,',
      'PV-0012,Tienda Doce,,04100,Otro,,Calle,1,,',
    ];
    const file = Buffer.from(`${HEADER}\n${rows.join('\n')}\n`);
    const data = expectSuccess(await send('check', file, 'puntos.csv'), 'checkImport');
    expect(data.errors).toEqual([
      { row: 3, column: 'Código', message: 'El código debe tener al menos 3 caracteres' },
      { row: 4, column: 'Nombre', message: 'El nombre es obligatorio' },
      { row: 5, column: 'Código postal', message: 'El código postal debe tener 5 dígitos' },
      { row: 6, column: 'Estado', message: 'El estado "Narnia" no existe.' },
      { row: 7, column: 'Estado', message: 'El estado no corresponde al código postal.' },
      { row: 8, column: 'Calle', message: 'La calle es obligatoria' },
      { row: 9, column: 'Latitud', message: 'La latitud debe ser un número válido' },
      { row: 10, column: 'Activo', message: 'El valor debe ser Sí o No.' },
      { row: 11, column: 'Código', message: 'El código se repite en la fila 2.' },
      { row: 12, column: 'Número exterior', message: 'Debe tener como máximo 20 caracteres.' },
    ]);
    expect(data.warnings).toEqual([
      {
        row: 13,
        column: 'Municipio',
        message: 'El municipio no coincide con el catálogo de códigos postales (Coyoacán).',
      },
    ]);
    expect(data).toMatchObject({
      rows: 12,
      created: 2,
      updated: 0,
      errorCount: 10,
      written: false,
    });
    const confirm = expectSuccess(await send('', file, 'puntos.csv'), 'runImport');
    expect(confirm).toMatchObject({ written: false, errorCount: 10 });
    expect(await count()).toBe(0);
  });

  it('reads a Windows-1252 CSV with semicolons and stores formula-looking text as text', async () => {
    const text = [
      'código;NOMBRE;Estado;Codigo Postal;Municipio;Asentamiento;Calle;Numero exterior;Activo',
      'PV-1001;=SUMA(A1:A9);Ciudad de México;04100;;;+52 Ñandú;@10;No',
      'PV-1002;Peña Niño;;04100;;;-Calle;5;',
    ].join('\r\n');
    const latin = Buffer.from(text, 'latin1');
    const check = expectSuccess(await send('check', latin, 'p.csv'), 'checkImport');
    expect(check).toMatchObject({ created: 2, errorCount: 0 });
    const done = expectSuccess(await send('', latin, 'p.csv'), 'runImport');
    expect(done).toMatchObject({ created: 2, written: true });
    const [row] = await t.db.select().from(pointsOfSale).where(eq(pointsOfSale.code, 'PV-1001'));
    expect(row).toMatchObject({
      name: '=SUMA(A1:A9)',
      street: '+52 Ñandú',
      externalNumber: '@10',
      municipality: 'Coyoacán',
      settlement: 'Del Carmen',
      isActive: false,
    });
    const again = expectSuccess(await send('check', latin, 'p.csv'), 'checkImport');
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('reads a UTF-8 CSV with a BOM, its headers matched without accents or case', async () => {
    const text =
      '\uFEFFCODIGO,nombre,codigo postal,calle,numero exterior\nPV-1501,Tienda BOM,04100,Calle,1\n';
    const data = expectSuccess(
      await send('check', Buffer.from(text, 'utf8'), 'bom.csv'),
      'checkImport',
    );
    expect(data).toMatchObject({ rows: 1, created: 1, errorCount: 0, warningCount: 0 });
  });

  it('reads an .xlsx: a formula gives its value, a number zip code keeps its zero', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Puntos');
    sheet.addRow(HEADER.split(','));
    sheet.addRow([
      'PV-2001',
      { formula: '"Tienda "&"Excel"', result: 'Tienda Excel' },
      '',
      4100,
      '',
      '',
      'Calle',
      7,
      19.35,
      'Sí',
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const done = expectSuccess(await send('', file, 'p.xlsx'), 'runImport');
    expect(done).toMatchObject({ created: 1, written: true });
    const [row] = await t.db.select().from(pointsOfSale).where(eq(pointsOfSale.code, 'PV-2001'));
    expect(row).toMatchObject({ name: 'Tienda Excel', zipCode: '04100', externalNumber: '7' });
  });

  it('leaves the database as it was when the write fails halfway', async () => {
    const before = await count();
    const rows = Array.from({ length: 700 }, (_, i) => `PV-9${i},Tienda ${i},,04100,,,Calle,1,,`);
    const file = Buffer.from(`${HEADER}\n${rows.join('\n')}\n`);
    const original = pointOfSaleImport.writeBatch;
    let calls = 0;
    const spy = vi
      .spyOn(pointOfSaleImport, 'writeBatch')
      .mockImplementation(async (db, batch, context) => {
        calls += 1;
        if (calls === 2) throw new Error('disk full');
        await original(db, batch, context);
      });
    try {
      expectFailure(await send('', file, 'p.csv'), 'runImport', 500);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(2);
    expect(await count()).toBe(before);
  });

  it('stops at the next batch and writes nothing when the client goes away (Cancelar)', async () => {
    const before = await count();
    const controller = new AbortController();
    async function* rows(): AsyncIterable<SheetRow> {
      yield { row: 1, cells: HEADER.split(',') };
      for (let i = 0; i < 1200; i += 1) {
        // The client leaves while the second batch is read.
        if (i === 700) controller.abort();
        yield {
          row: i + 2,
          cells: [`PV-8${i}`, `Tienda ${i}`, '', '04100', '', '', 'Calle', '1', '', ''],
        };
      }
    }
    const context = { afterCommit: [] } as unknown as ImportContext;
    await expect(
      confirmImport(t.db, pointOfSaleImport, rows(), { context, signal: controller.signal }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'La importación se canceló.' });
    expect(await count()).toBe(before);
  });

  it('refuses hostile and unreadable files with a clear message', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]);
    const refused = await send('check', binary, 'p.csv');
    expect(refused.json()).toMatchObject({
      statusCode: 400,
      errorMessage: 'El archivo no es un CSV de texto.',
    });
    const missing = expectSuccess(
      await send('check', Buffer.from('Código,Tienda\nPV-1,Uno\n'), 'p.csv'),
      'checkImport',
    );
    expect(missing.unmatchedHeaders).toEqual(['Tienda']);
    expect(missing.errors).toContainEqual({
      row: 1,
      column: 'Código postal',
      message: 'Falta la columna "Código postal".',
    });
    const wide = Buffer.from(
      `${HEADER},${Array.from({ length: 60 }, (_, i) => `x${i}`).join(',')}\n`,
    );
    expect((await send('check', wide, 'p.csv')).json()).toMatchObject({
      errorMessage: 'El archivo tiene más de 50 columnas.',
    });
  });

  it('refuses a second import of the same resource while one runs', async () => {
    await withImportLock(pointOfSaleImport.name, pointOfSaleImport.busyMessage, async () => {
      const busy = await send('check', Buffer.from(`${HEADER}\n`), 'p.csv');
      expectFailure(busy, 'checkImport', 409);
      expect(busy.json().errorMessage).toBe(pointOfSaleImport.busyMessage);
      reportTotal(pointOfSaleImport.name, 100_000);
      reportProgress(pointOfSaleImport.name, 1500);
      const progress = await t.app.inject({
        method: 'GET',
        url: '/api/v1/imports/pointofsales/progress',
        headers: bearer(token),
      });
      expect(expectSuccess(progress, 'getImportProgress')).toEqual({
        running: true,
        rows: 1500,
        total: 100_000,
      });
    });
  });

  it('serves the template with headers, an example, rules and states', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/imports/pointofsales/template',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const data = workbook.getWorksheet('Puntos de venta')!;
    expect(data.getRow(1).getCell(1).value).toBe('Código');
    expect(data.getRow(2).getCell(1).value).toBe('PV-0001');
    expect(workbook.getWorksheet('Reglas')!.rowCount).toBe(14);
    const stateSheet = workbook.getWorksheet('Estados')!;
    expect(stateSheet.rowCount).toBe(33);
  });

  it('answers no import running once it ended', async () => {
    const progress = await t.app.inject({
      method: 'GET',
      url: '/api/v1/imports/pointofsales/progress',
      headers: bearer(token),
    });
    expect(expectSuccess(progress, 'getImportProgress')).toEqual({
      running: false,
      rows: 0,
      total: null,
    });
  });

  it.each([[['CREATE_POINTOFSALES'] as const], [['UPDATE_POINTOFSALES'] as const], [[] as const]])(
    'refuses every import operation without both permissions (%j)',
    async (codes) => {
      const other = await tokenFor(t.app, t.db, codes);
      const file = Buffer.from(`${HEADER}\n`);
      expectFailure(await send('check', file, 'p.csv', other), 'checkImport', 403);
      expectFailure(await send('', file, 'p.csv', other), 'runImport', 403);
      const template = await t.app.inject({
        method: 'GET',
        url: '/api/v1/imports/pointofsales/template',
        headers: bearer(other),
      });
      expectFailure(template, 'getImportTemplate', 403);
    },
  );
});
