import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectFailure, tokenFor, type TestApp } from '../helpers.ts';
import { multipart } from './fixtures.ts';

// issue 23: hostile import files are refused with a clear message before they cost anything,
// here with a 64 KB IMPORT_LIMIT so that the files stay small.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ config: { importLimit: 64 * 1024 } });
  token = await tokenFor(t.app, t.db, ['CREATE_POINTOFSALES', 'UPDATE_POINTOFSALES']);
});

afterAll(async () => {
  await t?.close();
});

async function check(file: Buffer, filename: string) {
  const body = multipart({}, [{ name: 'file', filename, value: file }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/imports/pointofsales/check',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return expectFailure(response, 'checkImport', 400);
}

describe('hostile import files', () => {
  it('refuses a file over IMPORT_LIMIT', async () => {
    const envelope = await check(Buffer.alloc(70 * 1024, 'a'), 'grande.csv');
    expect(envelope.errorMessage).toBe('El archivo excede el tamaño máximo permitido (0.1 MB).');
  });

  it('refuses an .xlsx that would expand far past its size (a zip bomb)', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Puntos').addRow(['Código', 'x'.repeat(3 * 1024 * 1024)]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(file.length).toBeLessThan(64 * 1024);
    const envelope = await check(file, 'bomba.xlsx');
    expect(envelope.errorMessage).toBe(
      'El archivo de Excel es demasiado grande al descomprimirlo.',
    );
  });

  it('refuses an .xlsx that is not a workbook', async () => {
    const envelope = await check(Buffer.from('not a zip at all'), 'falso.xlsx');
    expect(envelope.errorMessage).toBe('No se pudo leer el archivo de Excel.');
  });
});
