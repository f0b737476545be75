import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ImportReport, RowObserver } from './engine.ts';
import type { Cell } from './table-reader.ts';

// The dry run's report as an .xlsx (docs/import.md): the uploaded rows as read, with a last
// column 'Errores' ('Columna: mensaje', one per line), so that the user fixes the file and
// uploads it again. Written by exceljs' streaming writer to a temporary file, then streamed:
// memory does not grow with the rows. Every value is a text or number cell, never a formula.

const ERRORS_HEADER = 'Errores';

function cellValue(cell: Cell): string | number | boolean | null {
  // A string cell stays a string: '=SUMA(A1)' is text, never a formula.
  return cell;
}

/** Runs the dry run with an observer that writes each row; answers the file as a stream. */
export async function writeErrorReport(
  sheetName: string,
  run: (onRow: RowObserver) => Promise<ImportReport>,
): Promise<Readable> {
  const filename = path.join(tmpdir(), `anaquel-import-report-${randomUUID()}.xlsx`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName);
  let width = 0;
  let first = true;
  try {
    await run((cells, errors) => {
      if (first) {
        first = false;
        width = cells.length;
        const header = sheet.addRow([...cells.map(cellValue), ERRORS_HEADER]);
        header.font = { bold: true };
        header.commit();
        return;
      }
      const values: (string | number | boolean | null)[] = Array.from({ length: width }, (_, i) =>
        cellValue(cells[i] ?? null),
      );
      const text = errors.map((issue) => `${issue.column}: ${issue.message}`).join('\n');
      const row = sheet.addRow([...values, text]);
      if (text !== '') row.getCell(width + 1).font = { color: { argb: 'FFB00020' } };
      row.commit();
    });
    sheet.getColumn(width + 1).width = 60;
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    await rm(filename, { force: true });
    throw error;
  }
  const stream = createReadStream(filename);
  stream.once('close', () => void rm(filename, { force: true }));
  return stream;
}
