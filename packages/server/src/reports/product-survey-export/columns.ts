// The report sheet's columns (docs/reports.md): the fixed ones, declared once in FIXED_COLUMNS,
// then an answer and a 'Puntos' column per question in designer order, a 'Puntos' column per
// segment and the two totals.
import {
  itemsOf,
  type QuestionNode,
  type SegmentNode,
  type SurveyTree,
} from '../../surveys/tree-model.ts';
import { QuestionType } from '../../surveys/types.ts';
import { mexicoCityWallClock } from '../../visits/dates.ts';
import type { VisitRow } from './read.ts';

export type CellValue = string | number | Date | null;

export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
export const DATE_FORMAT = 'yyyy-mm-dd';
const POINTS_FORMAT = '0.00';
const DECIMAL_FORMAT = '0.00##';

export const UNAVAILABLE_MARK = 'No disponible';

interface FixedColumn {
  header: string;
  /** In characters; without one, the header's (headerWidth). */
  width?: number;
  numFmt?: string;
  /** The row's cell (every fixed cell reads the visit row alone). */
  value: (row: VisitRow) => CellValue;
}

const FIXED_COLUMNS: readonly FixedColumn[] = [
  { header: 'Visita', width: 10, value: (row) => row.visitId },
  {
    header: 'Inicio',
    width: 18,
    numFmt: DATE_TIME_FORMAT,
    value: (row) => mexicoCityWallClock(row.startDate),
  },
  {
    header: 'Fin',
    width: 18,
    numFmt: DATE_TIME_FORMAT,
    value: (row) => (row.endDate ? mexicoCityWallClock(row.endDate) : null),
  },
  {
    header: 'Duración (min)',
    width: 14,
    value: (row) =>
      row.endDate ? Math.round((row.endDate.getTime() - row.startDate.getTime()) / 60_000) : null,
  },
  {
    header: 'Sincronizada',
    width: 18,
    numFmt: DATE_TIME_FORMAT,
    value: (row) => mexicoCityWallClock(row.syncedAt),
  },
  { header: 'Promotor', value: (row) => row.promoter },
  { header: 'Código PDV', value: (row) => row.posCode },
  { header: 'Punto de venta', value: (row) => row.posName },
  { header: 'Estado', value: (row) => row.state },
  { header: 'Municipio', value: (row) => row.municipality },
  { header: 'Ciudad', value: (row) => row.city },
  { header: 'Cliente', value: (row) => row.client },
  { header: 'Disponible', value: (row) => (row.unavailable ? UNAVAILABLE_MARK : 'Sí') },
  // Geo-verification (docs/geo.md): empty when the phone or the point of sale had no position.
  { header: 'Distancia de entrada (m)', value: (row) => row.checkInDistance },
  { header: 'Distancia de salida (m)', value: (row) => row.checkOutDistance },
  { header: 'SKU', value: (row) => row.sku },
  { header: 'Producto', value: (row) => row.product },
  { header: 'Marca', value: (row) => row.brand },
];

/** The fixed columns' titles, before the questions' (docs/reports.md). */
export const FIXED_HEADERS: readonly string[] = FIXED_COLUMNS.map((column) => column.header);

/** Writes the fixed cells of `row` at the start of `values`; returns where the questions start. */
export function fillFixedCells(values: CellValue[], row: VisitRow): number {
  for (let c = 0; c < FIXED_COLUMNS.length; c += 1) values[c] = FIXED_COLUMNS[c]!.value(row);
  return FIXED_COLUMNS.length;
}

interface QuestionColumn {
  question: QuestionNode;
  segmentPath: string;
}

/** The survey's columns: its questions and segments in designer (reading) order, depth first. */
export interface Layout {
  questions: QuestionColumn[];
  segments: { segment: SegmentNode; path: string }[];
}

export function layoutOf(tree: SurveyTree): Layout {
  const layout: Layout = { questions: [], segments: [] };
  const walk = (segment: SegmentNode, parentPath: string): void => {
    const path = parentPath ? `${parentPath} / ${segment.name}` : segment.name;
    layout.segments.push({ segment, path });
    for (const item of itemsOf(segment)) {
      if (item.kind === 'segment') walk(item.node, path);
      else layout.questions.push({ question: item.node, segmentPath: path });
    }
  };
  for (const root of tree.roots) walk(root, '');
  return layout;
}

/** Every column of the sheet: its title (row 2), what stands above it (row 1), width, format. */
export interface SheetColumns {
  headers: string[];
  segmentRow: string[];
  widths: number[];
  numFmts: (string | undefined)[];
}

const headerWidth = (header: string): number => Math.min(40, Math.max(12, header.length + 2));

export function sheetColumns(layout: Layout): SheetColumns {
  const columns: SheetColumns = {
    headers: FIXED_COLUMNS.map((column) => column.header),
    segmentRow: FIXED_COLUMNS.map(() => ''),
    widths: FIXED_COLUMNS.map((column) => column.width ?? headerWidth(column.header)),
    numFmts: FIXED_COLUMNS.map((column) => column.numFmt),
  };
  const add = (header: string, above: string, numFmt: string | undefined): void => {
    columns.headers.push(header);
    columns.segmentRow.push(above);
    columns.widths.push(headerWidth(header));
    columns.numFmts.push(numFmt);
  };
  for (const { question, segmentPath } of layout.questions) {
    const numFmt =
      question.type === QuestionType.Date
        ? DATE_FORMAT
        : question.type === QuestionType.Decimal
          ? DECIMAL_FORMAT
          : undefined;
    add(question.description, segmentPath, numFmt);
    add('Puntos', segmentPath, POINTS_FORMAT);
  }
  for (const { path } of layout.segments) add(`Puntos: ${path}`, 'Puntos por sección', POINTS_FORMAT);
  add('Puntos obtenidos', 'Total', POINTS_FORMAT);
  add('Puntos posibles', 'Total', POINTS_FORMAT);
  return columns;
}
