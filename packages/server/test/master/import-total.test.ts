import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTable } from '../../src/resources/import/table-reader.ts';

// issue 23: the progress's "row N of M". Before its rows are read, the reader tells how many
// data rows the file holds: a CSV's lines (LF, CRLF or CR alone, with or without the last line
// break), an .xlsx sheet's declared dimension.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'anaquel-import-total-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The total the reader announced and the rows it then gave. */
async function totalAndRows(name: string, content: Buffer | string) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  const totals: number[] = [];
  let rows = 0;
  for await (const _row of readTable(file, name, 50 * 1024 * 1024, (total) => totals.push(total))) {
    rows += 1;
  }
  return { totals, dataRows: rows - 1 };
}

describe('the rows an import file holds, told before they are read', () => {
  it.each([
    ['LF, last line break', 'Código,Nombre\nA1,Uno\nA2,Dos\nA3,Tres\n'],
    ['LF, no last line break', 'Código,Nombre\nA1,Uno\nA2,Dos\nA3,Tres'],
    ['CRLF', 'Código;Nombre\r\nA1;Uno\r\nA2;Dos\r\nA3;Tres\r\n'],
    ['CR alone', 'Código,Nombre\rA1,Uno\rA2,Dos\rA3,Tres\r'],
  ])('counts a CSV with %s', async (_case, text) => {
    expect(await totalAndRows('puntos.csv', text)).toEqual({ totals: [3], dataRows: 3 });
  });

  it('counts a Windows-1252 CSV as well', async () => {
    const text = Buffer.from('C\xf3digo;Nombre\nA1;Pe\xf1a\nA2;Dos\n', 'latin1');
    expect(await totalAndRows('puntos.csv', text)).toEqual({ totals: [2], dataRows: 2 });
  });

  it("reads an .xlsx sheet's declared dimension", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Puntos de venta');
    sheet.addRow(['Código', 'Nombre']);
    for (let i = 1; i <= 1200; i += 1) sheet.addRow([`PV-${i}`, `Tienda número ${i}`]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await totalAndRows('puntos.xlsx', buffer)).toEqual({ totals: [1200], dataRows: 1200 });
  });

  it('announces nothing for an .xlsx whose sheet declares no dimension', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Vacía');
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const { totals } = await totalAndRows('vacia.xlsx', buffer);
    expect(totals.every((total) => total === 0)).toBe(true);
  });
});
