import { stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/errors.ts';
import { checkZipBudget, declaredRows, readAt } from './zip-budget.ts';

// Reads an uploaded import file (docs/import.md) as a stream of rows: the first sheet of an
// .xlsx through exceljs' streaming reader, or a CSV through csv-parse. Memory does not grow with
// the number of rows; limits refuse a hostile file before it costs anything.

const MAX_IMPORT_ROWS = 200_000;
const MAX_IMPORT_COLUMNS = 50;
/** A CSV field longer than this is not master data: the file is refused. */
const MAX_CSV_FIELD = 64 * 1024;

export type Cell = string | number | boolean | null;

export interface SheetRow {
  /** The spreadsheet's row number (the headers are row 1). */
  row: number;
  cells: Cell[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function fileError(message: string) {
  return badRequest(message, [{ field: 'file', message }]);
}

const EXCEL_UNREADABLE = 'No se pudo leer el archivo de Excel.';
const NOT_TEXT = 'El archivo no es un CSV de texto.';

/**
 * The rows of the file at `path`; `filename` only tells an .xlsx that is not a zip apart, and an
 * .xlsx whose parts would expand past `maxExpandedBytes` is refused before it is inflated.
 * `onTotal` hears, before the first row, how many data rows the file holds as far as can be
 * told without reading them (a CSV's lines, an .xlsx sheet's declared dimension): the progress's
 * "row N of about M".
 */
export async function* readTable(
  path: string,
  filename: string,
  maxExpandedBytes: number,
  onTotal?: (rows: number) => void,
): AsyncGenerator<SheetRow> {
  const head = await readAt(path, 0, 64 * 1024);
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) {
    const sheet = await checkZipBudget(path, (await stat(path)).size, maxExpandedBytes);
    const lastRow = sheet && (await declaredRows(path, sheet));
    // The first row holds the headers.
    if (lastRow) onTotal?.(Math.max(0, lastRow - 1));
    yield* limited(readWorkbook(path));
    return;
  }
  if (/\.xlsx$/i.test(filename)) throw fileError(EXCEL_UNREADABLE);
  if (!/\.(csv|txt)$/i.test(filename)) throw fileError('El archivo debe ser .xlsx o .csv.');
  const { encoding, lines } = await csvEncoding(path);
  onTotal?.(Math.max(0, lines - 1));
  yield* limited(readCsv(path, encoding, delimiterOf(head, encoding)));
}

/** Refuses more rows or columns than allowed as soon as they are read. */
async function* limited(rows: AsyncGenerator<SheetRow>): AsyncGenerator<SheetRow> {
  let count = 0;
  for await (const row of rows) {
    if (row.cells.length > MAX_IMPORT_COLUMNS) {
      throw fileError(`El archivo tiene más de ${MAX_IMPORT_COLUMNS} columnas.`);
    }
    // The header row is not a data row.
    if (count++ > MAX_IMPORT_ROWS) {
      throw fileError(`El archivo tiene más de ${MAX_IMPORT_ROWS} filas.`);
    }
    yield row;
  }
}

const LF = 0x0a;
const CR = 0x0d;

function countOf(chunk: Buffer, byte: number): number {
  let count = 0;
  for (let at = chunk.indexOf(byte); at !== -1; at = chunk.indexOf(byte, at + 1)) count += 1;
  return count;
}

/**
 * UTF-8 when the whole file decodes as UTF-8, Windows-1252 otherwise (as Excel saves a CSV in
 * Mexico). A NUL byte means a binary file renamed .csv. Counted on the way: the file's lines
 * (LF, or CR alone as old Mac files end them), an estimate of its records for the progress (a
 * quoted field may hold a line break, an empty line is skipped).
 */
async function csvEncoding(
  path: string,
): Promise<{ encoding: 'utf-8' | 'windows-1252'; lines: number }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  let lineFeeds = 0;
  let returns = 0;
  let last = LF;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (chunk.includes(0)) throw fileError(NOT_TEXT);
    lineFeeds += countOf(chunk, LF);
    if (lineFeeds === 0) returns += countOf(chunk, CR);
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
    if (!utf8) continue;
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      utf8 = false;
    }
  }
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  const breaks = lineFeeds > 0 ? lineFeeds : returns;
  // A last line without its line break is a line too.
  const lines = breaks + (last === LF || last === CR ? 0 : 1);
  return { encoding: utf8 ? 'utf-8' : 'windows-1252', lines };
}

/** The one of `;` and `,` that appears more in the header line (outside quotes). */
function delimiterOf(head: Buffer, encoding: string): ';' | ',' {
  const text = new TextDecoder(encoding).decode(head);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => unquoted.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function decodeStream(encoding: string): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    decodeStrings: true,
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

async function* readCsv(
  path: string,
  encoding: string,
  delimiter: string,
): AsyncGenerator<SheetRow> {
  const parser = createReadStream(path)
    .pipe(decodeStream(encoding))
    .pipe(
      parse({
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        max_record_size: MAX_CSV_FIELD,
        info: true,
      }),
    );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { row: info.lines, cells: record };
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw error;
    throw fileError(`El CSV está mal formado: ${(error as Error).message}`.slice(0, 300));
  } finally {
    parser.destroy();
  }
}

/** A cell's value: a formula gives its cached result (never evaluated), rich text its text. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return null;
}

async function* readWorkbook(path: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        // exceljs' row values are 1-based.
        yield { row: row.number, cells: values.slice(1).map((value) => cellValue(value)) };
      }
      // Only the first sheet holds data.
      return;
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 400) throw error;
    throw fileError(EXCEL_UNREADABLE);
  }
}
