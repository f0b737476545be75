// The workbook written through exceljs' streaming WorkbookWriter (docs/reports.md): the sheet
// 'Reporte' (two header rows, frozen panes, autofilter, the data rows) and the sheet 'Filtros'.
// Rows are committed as they are written, so the first bytes leave with the first rows.
import type ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { SurveyTree } from '../../surveys/tree-model.ts';
import { mexicoCityWallClock, VISITS_TIME_ZONE } from '../../visits/dates.ts';
import { DATE_FORMAT, DATE_TIME_FORMAT, type CellValue, type SheetColumns } from './columns.ts';
import type { ExportFilter } from './request.ts';

/** Rows written between two turns of the event loop (see writeRows). */
const YIELD_EVERY_ROWS = 25;

type CellStyle = Partial<ExcelJS.Style>;

/**
 * exceljs finds a cell's style id by the identity of its style object (a WeakMap) and otherwise
 * serialises the style: the per-cell objects the numFmt setter leaves cost more than the rest of
 * the row. Every cell gets one of these shared, never-changed objects instead: the column's
 * number format, or a plain style per kind of value (the id of a style without a number format
 * depends on the value's type, so kinds never share an object).
 */
const PLAIN_STYLES = { string: {}, number: {}, date: {}, null: {} } satisfies Record<
  string,
  CellStyle
>;

/** One shared style object per number format (see PLAIN_STYLES); undefined: a plain column. */
function columnStyles(numFmts: (string | undefined)[]): (CellStyle | undefined)[] {
  const shared = new Map<string, CellStyle>();
  return numFmts.map((numFmt) => {
    if (numFmt === undefined) return undefined;
    let style = shared.get(numFmt);
    if (!style) shared.set(numFmt, (style = { numFmt }));
    return style;
  });
}

function styleRow(row: ExcelJS.Row, styles: (CellStyle | undefined)[]): void {
  for (let index = 0; index < styles.length; index += 1) {
    const cell = row.getCell(index + 1);
    const value = cell.value;
    cell.style =
      styles[index] ??
      (value === null || value === undefined
        ? PLAIN_STYLES.null
        : typeof value === 'number'
          ? PLAIN_STYLES.number
          : value instanceof Date
            ? PLAIN_STYLES.date
            : PLAIN_STYLES.string);
  }
}

/** The workbook being written and its sheet 'Reporte'. */
export interface ReportWriter {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  sheet: ExcelJS.Worksheet;
  styles: (CellStyle | undefined)[];
}

/** Starts the workbook in `output` with the sheet 'Reporte' and its two header rows. */
export async function openReport(output: Writable, columns: SheetColumns): Promise<ReportWriter> {
  // Loaded on the first export, not at start-up: exceljs and its zip libraries would weigh on
  // every start of the server.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Anaquel';
  const sheet = workbook.addWorksheet('Reporte', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 2 }],
  });
  sheet.columns = columns.widths.map((width, index) => ({ key: String(index), width }));
  const top = sheet.addRow(columns.segmentRow);
  top.font = { bold: true, italic: true };
  top.commit();
  const head = sheet.addRow(columns.headers);
  head.font = { bold: true };
  head.commit();
  sheet.autoFilter = {
    from: { row: 2, column: 1 },
    to: { row: 2, column: columns.headers.length },
  };
  return { workbook, sheet, styles: columnStyles(columns.numFmts) };
}

/** Writes `count` data rows, the cells of the i-th from `cellsOf(i)`. */
export async function writeRows(
  report: ReportWriter,
  count: number,
  cellsOf: (i: number) => CellValue[],
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    // Now and then the event loop runs: the next batch's rows, read meanwhile, are then
    // answered and its answers asked for while this batch is written (not after it), and
    // the compressor is handed its next chunk instead of idling until the batch is written.
    if (i > 0 && i % YIELD_EVERY_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
    const excelRow = report.sheet.addRow(cellsOf(i));
    styleRow(excelRow, report.styles);
    excelRow.commit();
  }
}

/**
 * Ends 'Reporte', writes the sheet 'Filtros' (`now`: the time it shows, the present without one)
 * and ends the workbook (and `output`).
 */
export async function finishReport(
  report: ReportWriter,
  tree: SurveyTree,
  filter: ExportFilter,
  rowCount: number,
  now: Date | undefined,
): Promise<void> {
  report.sheet.commit();
  const info = report.workbook.addWorksheet('Filtros');
  info.columns = [
    { key: 'a', width: 28 },
    { key: 'b', width: 48 },
  ];
  const infoRows: [string, CellValue][] = [
    ['Campaña', tree.survey.campaignName],
    ['Cuestionario', tree.survey.name],
    [
      'Fecha de inicio',
      filter.startDate ? new Date(`${filter.startDate}T00:00:00Z`) : 'sin_inicio',
    ],
    ['Fecha de fin', filter.endDate ? new Date(`${filter.endDate}T00:00:00Z`) : 'sin_fin'],
    ['Filas', rowCount],
    ['Exportado', mexicoCityWallClock(now ?? new Date())],
    ['Zona horaria', VISITS_TIME_ZONE],
  ];
  for (const [label, value] of infoRows) {
    const row = info.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    if (value instanceof Date) {
      row.getCell(2).numFmt = label === 'Exportado' ? DATE_TIME_FORMAT : DATE_FORMAT;
    }
    row.commit();
  }
  info.commit();
  await report.workbook.commit();
}
