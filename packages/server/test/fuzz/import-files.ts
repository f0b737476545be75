import ExcelJS from 'exceljs';
import yazl from 'yazl';

// Hostile files for the bulk import's operations (docs/import.md): what a careless user or an
// attacker uploads as a spreadsheet. Each file is built from a resource's own columns (their
// Spanish headers and the template's example values), so that the rows reach the import's
// per-cell checks and its writes, not only the reader's refusals. Used by test/fuzz/imports.ts.

export interface ImportFile {
  label: string;
  filename: string;
  content: Buffer;
  /** The `mapping` part, when the case is about it. */
  mapping?: string;
}

export interface ImportColumns {
  columns: readonly { header: string; field: string; example: string }[];
  keyField: string;
}

/** Cell texts that broke, or could break, a check, a conversion or a column of the database. */
const JUNK_CELLS = [
  '',
  ' ',
  'x'.repeat(2001),
  '1e309',
  '-1',
  '0',
  '1.5',
  '1,5',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '-0',
  ' 7 ',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31T23:59:60Z',
  '__proto__',
  'constructor',
  'toString',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x","y")',
  '+cmd',
  '@SUM(1)',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'SÍ',
  'no',
  'true',
  'a;b,c',
  '"',
  'línea\r\notra',
  '3F0E8C5E-1D2B-4A6F-9C1E-7B2D4F6A8E90',
  'FUZZ@PRUEBA.MX',
  '00000',
  '99999',
];

/** Junk an .xlsx can hold and a CSV cannot: numbers, dates, booleans, formulas, errors, NUL. */
const JUNK_XLSX_CELLS: ExcelJS.CellValue[] = [
  1e308,
  -1,
  2 ** 53 + 2,
  2147483648,
  0.1,
  -0,
  true,
  new Date('2026-02-28T23:59:59Z'),
  new Date('1900-01-01T00:00:00Z'),
  { formula: '1/0', result: { error: '#DIV/0!' } },
  { formula: 'A1&A1' } as ExcelJS.CellValue,
  { richText: [{ text: 'ri' }, { text: 'co' }] },
  { text: 'enlace', hyperlink: 'javascript:alert(1)' },
  'a\u0000b',
  '\u0000',
  'x'.repeat(40_000),
];

const PROTOTYPE_HEADERS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

function csvCell(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csv(rows: readonly (readonly string[])[], separator = ','): Buffer {
  return Buffer.from(rows.map((row) => row.map(csvCell).join(separator)).join('\r\n') + '\r\n');
}

async function xlsx(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function zipOf(name: string, content: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(content, name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Deterministic bytes (a linear congruential sequence), without NUL when `noNul`. */
function noise(length: number, noNul: boolean): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 20261126;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[i] = noNul ? 1 + (state % 255) : state % 256;
  }
  return bytes;
}

/**
 * Rows from the examples, each with one junk cell (every column in turn), the natural key made
 * unique per row so that the rows do not merely collide with one another.
 */
function junkRows<T>(resource: ImportColumns, junk: readonly T[]): (string | T)[][] {
  const examples = resource.columns.map((c) => c.example);
  const keyIndex = resource.columns.findIndex((c) => c.field === resource.keyField);
  const rows: (string | T)[][] = [];
  resource.columns.forEach((_, column) => {
    junk.forEach((value, j) => {
      const row: (string | T)[] = [...examples];
      if (keyIndex >= 0 && keyIndex !== column)
        row[keyIndex] = `${examples[keyIndex]}-${column}-${j}`;
      row[column] = value;
      rows.push(row);
    });
  });
  return rows;
}

/** The mapping parts a hostile client sends beside a valid file. */
function mappings(resource: ImportColumns): string[] {
  const header = resource.columns[0]?.header ?? 'Nombre';
  return [
    '{"__proto__":"name"}',
    `{"${header}":"__proto__"}`,
    `{"${header}":"constructor"}`,
    `{"${header}":"toString"}`,
    '{"constructor":{"prototype":{"polluted":true}}}',
    `{"${header}":{"a":1}}`,
    `{"${header}":null}`,
    'null',
    '[]',
    '"x"',
    '{',
    '1e309',
    'x'.repeat(10_001),
    JSON.stringify(Object.fromEntries(resource.columns.map((c) => [c.header, c.field]))),
  ];
}

export async function hostileImportFiles(resource: ImportColumns): Promise<ImportFile[]> {
  const headers = resource.columns.map((c) => c.header);
  const example = resource.columns.map((c) => c.example);
  const valid = csv([headers, example]);
  const validXlsx = await xlsx([headers, example]);
  const wide = Array.from({ length: 10_000 }, (_, i) => `Columna ${i}`);
  const files: ImportFile[] = [
    { label: 'empty CSV', filename: 'vacio.csv', content: Buffer.alloc(0) },
    { label: 'empty .xlsx', filename: 'vacio.xlsx', content: Buffer.alloc(0) },
    { label: 'binary with NUL', filename: 'binario.csv', content: noise(4096, false) },
    { label: 'binary without NUL', filename: 'binario2.csv', content: noise(4096, true) },
    { label: 'binary .xlsx', filename: 'binario.xlsx', content: noise(4096, true) },
    { label: 'no extension', filename: 'archivo', content: valid },
    { label: 'path in name', filename: '../../etc/passwd.csv', content: valid },
    { label: 'long name', filename: `${'a'.repeat(1000)}.CSV`, content: valid },
    { label: 'valid CSV', filename: 'valido.csv', content: valid },
    { label: 'valid .txt', filename: 'valido.txt', content: valid },
    { label: 'valid .xlsx', filename: 'valido.xlsx', content: validXlsx },
    { label: 'valid .xlsx named .csv', filename: 'valido.csv', content: validXlsx },
    { label: 'truncated .xlsx', filename: 'corto.xlsx', content: validXlsx.subarray(0, 700) },
    {
      label: 'zip that is no workbook',
      filename: 'otro.xlsx',
      content: await zipOf('hola.txt', Buffer.from('hola')),
    },
    { label: 'headers only', filename: 'encabezados.csv', content: csv([headers]) },
    { label: 'BOM only', filename: 'bom.csv', content: Buffer.from('\uFEFF') },
    {
      label: 'UTF-16',
      filename: 'utf16.csv',
      content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(valid.toString(), 'utf16le')]),
    },
    {
      label: 'Windows-1252, semicolons',
      filename: 'ansi.csv',
      content: Buffer.from(csv([headers, example], ';').toString(), 'latin1'),
    },
    {
      label: 'NUL in a cell',
      filename: 'nul.csv',
      content: csv([headers, ['a\u0000b', ...example.slice(1)]]),
    },
    {
      label: 'cell of 60 KB',
      filename: 'celda.csv',
      content: csv([headers, example.map(() => 'x'.repeat(60_000))]),
    },
    {
      label: 'cell of 70 KB',
      filename: 'celda2.csv',
      content: csv([headers, ['x'.repeat(70_000)]]),
    },
    {
      label: 'unclosed quote',
      filename: 'comillas.csv',
      content: Buffer.from(`${headers.join(',')}\r\n"abc,def\r\n`),
    },
    {
      label: 'prototype keys as headers',
      filename: 'proto.csv',
      content: csv([
        [...PROTOTYPE_HEADERS, ...headers],
        [...PROTOTYPE_HEADERS.map(() => 'x'), ...example],
      ]),
    },
    {
      label: 'only prototype keys as headers',
      filename: 'proto2.csv',
      content: csv([PROTOTYPE_HEADERS, PROTOTYPE_HEADERS]),
    },
    {
      label: 'duplicate headers',
      filename: 'duplicados.csv',
      content: csv([
        [...headers, ...headers],
        [...example, ...example],
      ]),
    },
    { label: '10 000 columns', filename: 'ancho.csv', content: csv([wide, wide]) },
    { label: '10 000 columns .xlsx', filename: 'ancho.xlsx', content: await xlsx([wide]) },
    {
      label: 'header of 5 000 characters',
      filename: 'largo.csv',
      content: csv([
        ['x'.repeat(5000), ...headers],
        ['y', ...example],
      ]),
    },
    {
      label: 'junk in every column',
      filename: 'basura.csv',
      content: csv([headers, ...junkRows(resource, JUNK_CELLS)]),
    },
    {
      label: 'junk .xlsx cells in every column',
      filename: 'basura.xlsx',
      content: await xlsx([headers, ...junkRows(resource, JUNK_XLSX_CELLS)]),
    },
    {
      label: 'the same key twice',
      filename: 'repetidos.csv',
      content: csv([headers, example, example.map((v) => v.toUpperCase())]),
    },
  ];
  for (const mapping of mappings(resource)) {
    files.push({
      label: `mapping ${mapping.slice(0, 40)}`,
      filename: 'valido.csv',
      content: valid,
      mapping,
    });
  }
  return files;
}
