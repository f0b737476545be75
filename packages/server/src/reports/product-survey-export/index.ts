// The Excel export of one product survey (issue 12, docs/reports.md): one row per visit and
// product that answered it, plus the unavailable visits of its campaign, marked; streamed through
// exceljs' WorkbookWriter while the rows are read in keyset batches, so memory stays flat and the
// first bytes leave at once. Every figure is read as stored at sync time (the survey engine): the
// same points as the result screen. The in-use rule (surveys.first_answer_at) keeps an answered
// survey's structure, so the tree loaded now describes every stored answer.
//
// request.ts checks the filter and names the file, columns.ts declares the columns, read.ts and
// read-details.ts hold the SQL, cells.ts builds a row's cells, write.ts writes them with exceljs
// and backpressure.ts holds the only reach into exceljs' internals.
import type { Writable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { sheetHasRoom } from './backpressure.ts';
import { dataRow } from './cells.ts';
import { layoutOf, sheetColumns, type CellValue } from './columns.ts';
import { batchReader } from './read.ts';
import type { PreparedExport } from './request.ts';
import { finishReport, openReport, writeRows } from './write.ts';

export { LIKERT_SCALE } from './cells.ts';
export { FIXED_HEADERS, UNAVAILABLE_MARK } from './columns.ts';
export { prepareExport, REPORT_ROWS_HEADER, XLSX_TYPE } from './request.ts';

/** Rows read per query (keyset batches by the visit's start, the visit and its survey). */
const EXPORT_BATCH_SIZE = 1000;

export interface ExportOptions {
  /** True when the client went away: the reading stops. */
  isCancelled?: () => boolean;
  batchSize?: number;
  /** The time shown on the second sheet (tests pass a fixed one). */
  now?: Date;
}

/** Writes the workbook into `output` and ends it; resolves with the number of data rows. */
export async function writeProductSurveyExport(
  db: Db,
  prepared: PreparedExport,
  output: Writable,
  options: ExportOptions = {},
): Promise<number> {
  const { tree, filter } = prepared;
  const layout = layoutOf(tree);
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const cancelled = () => options.isCancelled?.() === true || output.destroyed;
  const columns = sheetColumns(layout);
  const report = await openReport(output, columns);
  const reader = batchReader(db, tree, filter, layout, batchSize);
  // One array of cells, refilled for every row (exceljs copies the values into the row).
  const values = new Array<CellValue>(columns.headers.length).fill(null);
  let count = 0;
  try {
    while (!cancelled()) {
      const batch = await reader.take();
      if (!batch) break;
      const { rows, details } = batch;
      await writeRows(report, rows.length, (i) =>
        dataRow(values, tree, layout, rows[i]!, i, details),
      );
      count += rows.length;
      await sheetHasRoom(report.sheet, output);
    }
  } finally {
    reader.abandon();
  }
  if (cancelled()) {
    output.destroy();
    return count;
  }
  await finishReport(report, tree, filter, count, options.now);
  return count;
}
