// The Excel export of one product survey (issue 12, docs/reports.md): one row per visit and
// product that answered it, plus the unavailable visits of its campaign, marked; streamed through
// exceljs' WorkbookWriter while the rows are read in keyset batches, so memory stays flat and the
// first bytes leave at once. Every figure is read as stored at sync time (the survey engine): the same
// points as the result screen. The in-use rule (surveys.first_answer_at) keeps an answered
// survey's structure, so the tree loaded now describes every stored answer.
import type ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { Writable } from 'node:stream';
import type { Db } from '../db/client.ts';
import {
  answerOptions,
  answers,
  brands,
  checkInSurveySegments,
  checkInSurveys,
  checkIns,
  pointsOfSale,
  products,
  states,
  users,
} from '../db/schema/index.ts';
import { badRequest, notFound, unprocessable } from '../http/errors.ts';
import { loadSurveyContent, rowsOf } from '../surveys/tree.ts';
import {
  buildTree,
  itemsOf,
  type QuestionNode,
  type SegmentNode,
  type SurveyTree,
} from '../surveys/tree-model.ts';
import { fillClients, type ClientNames } from './export-clients.ts';
import { exportDay } from './export-dates.ts';
import { QuestionType } from '../surveys/types.ts';
import {
  addDays,
  mexicoCityWallClock,
  startOfMexicoCityDay,
  VISITS_TIME_ZONE,
} from '../visits/dates.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** 'some' or 'none': whether the file holds any data row (the screen says when it does not). */
export const REPORT_ROWS_HEADER = 'X-Report-Rows';
/** Rows read per query (keyset batches by the visit's start, the visit and its survey). */
const EXPORT_BATCH_SIZE = 1000;
/** Rows written between two turns of the event loop (see the writing loop). */
const YIELD_EVERY_ROWS = 25;

const PRODUCT_SURVEY_TYPE = 2;
const NOT_A_PRODUCT_SURVEY = 'El cuestionario no es de tipo Producto.';
export const UNAVAILABLE_MARK = 'No disponible';
export const LIKERT_SCALE = [
  'Totalmente en desacuerdo',
  'En desacuerdo',
  'Ni de acuerdo ni en desacuerdo',
  'De acuerdo',
  'Totalmente de acuerdo',
] as const;

/** The fixed columns, before the questions (docs/reports.md). */
export const FIXED_HEADERS = [
  'Visita',
  'Inicio',
  'Fin',
  'Duración (min)',
  'Sincronizada',
  'Promotor',
  'Código PDV',
  'Punto de venta',
  'Estado',
  'Municipio',
  'Ciudad',
  'Cliente',
  'Disponible',
  'SKU',
  'Producto',
  'Marca',
] as const;

export interface ExportFilter {
  surveyId: number;
  startDate?: string;
  endDate?: string;
}

/** What the export needs before the first byte: throws the envelope's errors. */
export interface PreparedExport {
  tree: SurveyTree;
  filter: ExportFilter;
  fileName: string;
  asciiFileName: string;
  contentDisposition: string;
  /** False when no row falls in the window: the file holds only the headers. */
  hasRows: boolean;
}

/** Validates the filter and loads the survey: 400, 404 and 422 before anything is streamed. */
export async function prepareExport(db: Db, request: ExportFilter): Promise<PreparedExport> {
  // From here on the bounds are Mexico City days, whichever ISO form the request used.
  const filter: ExportFilter = {
    surveyId: request.surveyId,
    startDate: exportDay('startDate', request.startDate),
    endDate: exportDay('endDate', request.endDate),
  };
  if (filter.startDate && filter.endDate && filter.endDate < filter.startDate) {
    const message = 'La fecha de fin no puede ser anterior a la fecha de inicio';
    throw badRequest(message, [{ field: 'endDate', message }]);
  }
  const content = await loadSurveyContent(db, filter.surveyId);
  if (!content) throw notFound('El cuestionario no existe.');
  if (content.survey.type !== PRODUCT_SURVEY_TYPE) throw unprocessable(NOT_A_PRODUCT_SURVEY);
  const tree = buildTree(content);
  const parts = [
    'Reporte',
    tree.survey.campaignName,
    tree.survey.name,
    filter.startDate ?? 'sin_inicio',
    filter.endDate ?? 'sin_fin',
  ];
  const fileName = `${parts.map(unicodeSafe).join('_')}.xlsx`;
  const asciiFileName = `${parts.map(asciiSafe).join('_')}.xlsx`;
  // One row's look-up on the export's own index, so the page can say the range has no visits
  // (the count of a streamed file is only known at its end).
  const hasRows = (await readBatch(db, tree, filter, null, 1)).length > 0;
  return {
    tree,
    filter,
    fileName,
    asciiFileName,
    hasRows,
    contentDisposition: `attachment; filename="${asciiFileName}"; filename*=UTF-8''${rfc5987(fileName)}`,
  };
}

/**
 * A part of the file name kept with its accents but safe on every file system: no path
 * separators, reserved characters (Windows: < > : " / \ | ? *), control characters, leading or
 * trailing dots and spaces; spaces become '_'. Capped at 60 characters.
 */
function unicodeSafe(part: string): string {
  const cleaned = part
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return [...cleaned].slice(0, 60).join('') || 'sin_nombre';
}

/** The same part in plain ASCII letters, digits, '-', '.' and '_' (accents removed). */
function asciiSafe(part: string): string {
  const cleaned = part
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return cleaned.slice(0, 60) || 'sin_nombre';
}

/** RFC 5987 value-chars: percent-encode everything outside attr-char. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Columns

interface QuestionColumn {
  question: QuestionNode;
  segmentPath: string;
}

interface Layout {
  questions: QuestionColumn[];
  segments: { segment: SegmentNode; path: string }[];
}

/** Questions and segments in designer (reading) order, depth first. */
function layoutOf(tree: SurveyTree): Layout {
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

// ---------------------------------------------------------------------------------------------
// Values

interface StoredAnswer {
  questionId: number;
  isNa: boolean;
  textValue: string | null;
  intValue: number | null;
  decimalValue: number | null;
  dateValue: string | null;
  points: number;
  options: { optionId: number; value: number | null; otherText: string | null }[];
}

type CellValue = string | number | Date | null;

/** The types whose cell is the answer's own value; every other type's cell shows options. */
const VALUE_TYPES: ReadonlySet<number> = new Set([
  QuestionType.Text,
  QuestionType.Integer,
  QuestionType.Decimal,
  QuestionType.Date,
]);

/** The cell of an answer (docs/reports.md): typed value, 'N/A', chosen options joined. */
function answerCell(
  tree: SurveyTree,
  question: QuestionNode,
  answer?: StoredAnswer,
): CellValue {
  if (!answer) return null;
  if (answer.isNa) return 'N/A';
  switch (question.type) {
    case QuestionType.Text:
      return answer.textValue;
    case QuestionType.Integer:
      return answer.intValue;
    case QuestionType.Decimal:
      return answer.decimalValue;
    case QuestionType.Date:
      return answer.dateValue ? new Date(`${answer.dateValue}T00:00:00Z`) : null;
    default:
      break;
  }
  if (answer.options.length === 1 && question.type !== QuestionType.Ranking) {
    // The usual case (one option chosen), without the arrays below.
    const [only] = answer.options;
    const option = tree.options.get(only!.optionId);
    if (!option) return null;
    if (question.type === QuestionType.LikertMatrix) {
      return `${option.description}: ${LIKERT_SCALE[(only!.value ?? 0) - 1] ?? ''}`;
    }
    return (option.isOther ? `Otro: ${only!.otherText ?? ''}` : option.description) || null;
  }
  const chosen = answer.options
    .map((o) => ({ ...o, option: tree.options.get(o.optionId) }))
    .filter((o) => o.option !== undefined);
  if (question.type === QuestionType.Ranking) {
    chosen.sort((a, b) => (a.value ?? 0) - (b.value ?? 0));
    return chosen.map((o) => `${o.value ?? ''}. ${o.option!.description}`).join(', ') || null;
  }
  chosen.sort((a, b) => a.option!.order - b.option!.order || a.optionId - b.optionId);
  if (question.type === QuestionType.LikertMatrix) {
    return (
      chosen
        .map((o) => `${o.option!.description}: ${LIKERT_SCALE[(o.value ?? 0) - 1] ?? ''}`)
        .join('; ') || null
    );
  }
  return (
    chosen
      .map((o) => (o.option!.isOther ? `Otro: ${o.otherText ?? ''}` : o.option!.description))
      .join(', ') || null
  );
}

// ---------------------------------------------------------------------------------------------
// Reading

interface VisitRow {
  visitId: number;
  startKey: string;
  startDate: Date;
  endDate: Date | null;
  syncedAt: Date;
  unavailable: boolean;
  promoter: string;
  posCode: string;
  posName: string;
  state: string;
  municipality: string;
  city: string | null;
  campaignId: number;
  pointOfSaleId: number;
  productId: number | null;
  /** Whose product or visit the row is about (export-clients.ts). */
  client: string | null;
  checkInSurveyId: number | null;
  sku: string | null;
  product: string | null;
  brand: string | null;
  answerPoints: number | null;
  surveyPoints: number | null;
}

interface Keyset {
  startKey: string;
  visitId: number;
  checkInSurveyId: number;
}

async function readBatch(
  db: Db,
  tree: SurveyTree,
  filter: ExportFilter,
  after: Keyset | null,
  limit: number,
): Promise<VisitRow[]> {
  const surveyId = tree.survey.id;
  const from = filter.startDate ? startOfMexicoCityDay(filter.startDate) : null;
  const to = filter.endDate ? startOfMexicoCityDay(addDays(filter.endDate, 1)) : null;
  const result = await db.execute(sql`
    select ${checkIns.id} as "visitId", ${checkIns.startDate}::text as "startKey",
           ${checkIns.startDate} as "startDate", ${checkIns.endDate} as "endDate",
           ${checkIns.syncedAt} as "syncedAt", ${checkIns.unavailable} as "unavailable",
           ${users.name} || ' ' || ${users.lastName} as "promoter",
           ${pointsOfSale.code} as "posCode", ${pointsOfSale.name} as "posName",
           ${states.name} as "state", ${pointsOfSale.municipality} as "municipality",
           ${pointsOfSale.city} as "city",
           ${checkIns.campaignId} as "campaignId", ${checkIns.pointOfSaleId} as "pointOfSaleId",
           ${checkInSurveys.id} as "checkInSurveyId", ${checkInSurveys.productId} as "productId",
           ${products.sku} as "sku",
           ${products.name} as "product", ${brands.name} as "brand",
           ${checkInSurveys.answerPoints}::float8 as "answerPoints",
           ${checkInSurveys.surveyPoints}::float8 as "surveyPoints"
      from ${checkIns}
      join ${users} on ${users.id} = ${checkIns.userId}
      join ${pointsOfSale} on ${pointsOfSale.id} = ${checkIns.pointOfSaleId}
      join ${states} on ${states.id} = ${pointsOfSale.stateId}
      left join ${checkInSurveys} on ${checkInSurveys.checkInId} = ${checkIns.id}
        and ${checkInSurveys.surveyId} = ${surveyId}
      left join ${products} on ${products.id} = ${checkInSurveys.productId}
      left join ${brands} on ${brands.id} = ${products.brandId}
     where (${checkInSurveys.id} is not null
            or (${checkIns.unavailable} and ${checkIns.campaignId} = ${tree.survey.campaignId}))
       ${from ? sql`and ${checkIns.startDate} >= ${from.toISOString()}::timestamptz` : sql``}
       ${to ? sql`and ${checkIns.startDate} < ${to.toISOString()}::timestamptz` : sql``}
       ${
         after
           ? // The first condition lets the index on the start find where the batch begins (the
             // row comparison alone would scan every earlier visit again at each batch).
             sql`and ${checkIns.startDate} >= ${after.startKey}::timestamptz
                 and (${checkIns.startDate}, ${checkIns.id}, coalesce(${checkInSurveys.id}, 0))
                   > (${after.startKey}::timestamptz, ${after.visitId}, ${after.checkInSurveyId})`
           : sql``
       }
     order by ${checkIns.startDate}, ${checkIns.id}, coalesce(${checkInSurveys.id}, 0)
     limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    visitId: Number(r.visitId),
    startKey: String(r.startKey),
    startDate: new Date(r.startDate as string | Date),
    endDate: r.endDate === null ? null : new Date(r.endDate as string | Date),
    syncedAt: new Date(r.syncedAt as string | Date),
    unavailable: Boolean(r.unavailable),
    promoter: String(r.promoter),
    posCode: String(r.posCode),
    posName: String(r.posName),
    state: String(r.state),
    municipality: String(r.municipality),
    city: (r.city as string | null) ?? null,
    campaignId: Number(r.campaignId),
    pointOfSaleId: Number(r.pointOfSaleId),
    productId: r.productId === null ? null : Number(r.productId),
    client: null,
    checkInSurveyId: r.checkInSurveyId === null ? null : Number(r.checkInSurveyId),
    sku: (r.sku as string | null) ?? null,
    product: (r.product as string | null) ?? null,
    brand: (r.brand as string | null) ?? null,
    answerPoints: r.answerPoints === null ? null : Number(r.answerPoints),
    surveyPoints: r.surveyPoints === null ? null : Number(r.surveyPoints),
  }));
}

/**
 * The answers, chosen options and segment points of a batch, kept as the query's column arrays
 * (an object per answer and a map per row made the writer collect more garbage than write rows):
 * the answer of the batch's row r to the question in column q is `answerAt[r * questions + q] - 1`
 * (-1: none), its options `optionStart[answer]` and the `optionCount[answer]` that follow.
 */
interface BatchDetails {
  answerAt: Int32Array;
  isNa: Uint8Array;
  /** The answer's own value as text (text, integer, decimal or date: one per question type). */
  values: (string | null)[];
  points: number[];
  optionStart: Int32Array;
  optionCount: Int32Array;
  optionIds: number[];
  optionValues: (number | null)[];
  otherTexts: (string | null)[];
  /** Points of row r's segment in column s at r * segments + s, when `segmentSeen` there. */
  segmentPoints: Float64Array;
  segmentSeen: Uint8Array;
}

/** Where a question or segment of the survey is among the export's columns. */
interface ColumnIndex {
  questions: Map<number, number>;
  segments: Map<number, number>;
}

function columnIndexOf(layout: Layout): ColumnIndex {
  return {
    questions: new Map(layout.questions.map(({ question }, index) => [question.id, index])),
    segments: new Map(layout.segments.map(({ segment }, index) => [segment.id, index])),
  };
}

/** A JSON array per column (json_agg), or null when no row matched. */
type Columns<T extends unknown[]> = { [K in keyof T]: T[K][] | null };

const parsed = <T>(value: unknown): T | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

/**
 * The answers, chosen options and segment points of a batch, each as one JSON value of column
 * arrays (`json_agg` per column): building a JSON object or array per answer cost PostgreSQL
 * more than the rest of the export (0.6 s per 1 000 rows; columns: 0.1 s), and reading 30 answer
 * rows per exported row through the driver cost Node more than writing it. An answer's value is
 * one text column (an answer stores the column of its question's type only) and N/A is the sign
 * of its question id: four arrays instead of eight for PostgreSQL to build and Node to parse.
 * Options are read only for the answers of the questions whose cell shows options (answerCell).
 *
 * Every part reads by the batch's keys, never a whole table: the answers and the segment points
 * by `= any(batch ids)` on their indexes, the chosen options answer by answer (`lateral ...
 * offset 0`, which the planner cannot turn into a join). Joined to the batch's answers, it hashed
 * the whole answer_options and check_in_survey_segments tables at every batch (120 against 70 ms
 * of PostgreSQL per 1 000 rows at 40 000 rows, and growing with the table: bench/README.md,
 * session 6). The answers are read twice (all of them, then those of option questions for their
 * options), each by the index: sharing them through a materialized CTE cost more (copying 30 000
 * rows) than the second index scan (42 against 27 ms for 1 000 rows, session 9).
 */
async function readDetails(
  db: Db,
  tree: SurveyTree,
  columns: ColumnIndex,
  rows: VisitRow[],
): Promise<BatchDetails> {
  const rowOf = new Map<number, number>();
  for (let r = 0; r < rows.length; r += 1) {
    const id = rows[r]!.checkInSurveyId;
    if (id !== null) rowOf.set(id, r);
  }
  const questionCount = columns.questions.size;
  const segmentCount = columns.segments.size;
  const details: BatchDetails = {
    answerAt: new Int32Array(rows.length * questionCount),
    isNa: new Uint8Array(0),
    values: [],
    points: [],
    optionStart: new Int32Array(0),
    optionCount: new Int32Array(0),
    optionIds: [],
    optionValues: [],
    otherTexts: [],
    segmentPoints: new Float64Array(rows.length * segmentCount),
    segmentSeen: new Uint8Array(rows.length * segmentCount),
  };
  if (rowOf.size === 0) return details;
  const ids = `{${[...rowOf.keys()].join(',')}}`;
  const optionQuestions: number[] = [];
  for (const question of tree.questions.values()) {
    if (!VALUE_TYPES.has(question.type)) optionQuestions.push(question.id);
  }
  // The planner's estimate of this query may be above jit_above_cost, and PostgreSQL would then
  // compile it at every batch (0.6 s of a 1 s batch once, bench/README.md): off for it. So are
  // parallel workers: at 200 000 rows it planned the options' scan with two, whose start cost
  // 45 ms of a batch whose scan takes 4 (the writer keeps the other core busy anyway).
  const result = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return tx.execute(sql`
    select
      (select json_build_array(json_agg(${answers.checkInSurveyId}),
                json_agg(case when ${answers.isNa} then -${answers.questionId}
                              else ${answers.questionId} end),
                json_agg(coalesce(${answers.textValue}, ${answers.intValue}::text,
                                  ${answers.decimalValue}::text, ${answers.dateValue}::text)),
                json_agg(${answers.points}))
         from ${answers}
        where ${answers.checkInSurveyId} = any(${ids}::int[])) as "answers",
      (select json_build_array(json_agg(o.cs), json_agg(o.q), json_agg(o.id), json_agg(o.v),
                json_agg(o.t))
         from (select ${answers.checkInSurveyId} as cs, ${answers.questionId} as q,
                      ao.option_id as id, ao.value as v, ao.other_text as t
                 from ${answers}
                 cross join lateral (
                   select ${answerOptions.optionId} as option_id, ${answerOptions.value} as value,
                          ${answerOptions.otherText} as other_text
                     from ${answerOptions}
                    where ${answerOptions.answerId} = ${answers.id}
                   offset 0) ao
                where ${answers.checkInSurveyId} = any(${ids}::int[])
                  -- "+ 0": the batch's answers are found by their check-in survey, then filtered
                  -- by question. Through the question's index instead, the planner's choice
                  -- at 100 000 rows, every answer ever given to these questions is read.
                  and ${answers.questionId} + 0 = any(${`{${optionQuestions.join(',')}}`}::int[])
                order by ${answers.id}, ao.option_id) o) as "options",
      (select json_build_array(json_agg(${checkInSurveySegments.checkInSurveyId}),
                json_agg(${checkInSurveySegments.segmentId}),
                json_agg(${checkInSurveySegments.answerPoints}))
         from ${checkInSurveySegments}
        where ${checkInSurveySegments.checkInSurveyId} = any(${ids}::int[])
          -- A segment hidden by skip logic was not shown: an empty cell, as the result screen
          -- omits it.
          and not ${checkInSurveySegments.hidden}) as "segments"`);
  });
  const [row] = rowsOf<{ answers: unknown; options: unknown; segments: unknown }>(result);
  type AnswerColumns = [number, number, string, number];
  const [csIds, signedQuestionIds, values, points] =
    parsed<Columns<AnswerColumns>>(row?.answers) ?? [];
  const answerCount = csIds?.length ?? 0;
  details.isNa = new Uint8Array(answerCount);
  details.values = values ?? [];
  details.points = points ?? [];
  for (let i = 0; i < answerCount; i += 1) {
    const signed = signedQuestionIds![i]!;
    if (signed < 0) details.isNa[i] = 1;
    const r = rowOf.get(csIds![i]!);
    const q = columns.questions.get(Math.abs(signed));
    if (r !== undefined && q !== undefined) details.answerAt[r * questionCount + q] = i + 1;
  }
  type OptionColumns = [number, number, number, number, string];
  const [optionCs, optionQuestion, optionIds, optionValues, otherTexts] =
    parsed<Columns<OptionColumns>>(row?.options) ?? [];
  details.optionStart = new Int32Array(answerCount);
  details.optionCount = new Int32Array(answerCount);
  details.optionIds = optionIds ?? [];
  details.optionValues = optionValues ?? [];
  details.otherTexts = otherTexts ?? [];
  for (let i = 0; i < (optionCs?.length ?? 0); i += 1) {
    const r = rowOf.get(optionCs![i]!);
    const q = columns.questions.get(optionQuestion![i]!);
    if (r === undefined || q === undefined) continue;
    const answer = details.answerAt[r * questionCount + q]! - 1;
    if (answer < 0) continue;
    // An answer's options come one after the other (ordered by the answer).
    if (details.optionCount[answer] === 0) details.optionStart[answer] = i;
    details.optionCount[answer] = details.optionCount[answer]! + 1;
  }
  type SegmentColumns = [number, number, number];
  const [segmentCs, segmentIds, segmentPoints] =
    parsed<Columns<SegmentColumns>>(row?.segments) ?? [];
  for (let i = 0; i < (segmentCs?.length ?? 0); i += 1) {
    const r = rowOf.get(segmentCs![i]!);
    const s = columns.segments.get(segmentIds![i]!);
    if (r === undefined || s === undefined) continue;
    details.segmentPoints[r * segmentCount + s] = Number(segmentPoints![i]);
    details.segmentSeen[r * segmentCount + s] = 1;
  }
  return details;
}

// ---------------------------------------------------------------------------------------------
// Writing

const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const DATE_FORMAT = 'yyyy-mm-dd';
const POINTS_FORMAT = '0.00';
const DECIMAL_FORMAT = '0.00##';

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
  // Loaded on the first export, not at start-up: exceljs and its zip libraries were about a
  // tenth of the server's start (issue 13).
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

  const headers: string[] = [...FIXED_HEADERS];
  const segmentRow: string[] = FIXED_HEADERS.map(() => '');
  for (const column of layout.questions) {
    headers.push(column.question.description, 'Puntos');
    segmentRow.push(column.segmentPath, column.segmentPath);
  }
  for (const { path } of layout.segments) {
    headers.push(`Puntos: ${path}`);
    segmentRow.push('Puntos por sección');
  }
  headers.push('Puntos obtenidos', 'Puntos posibles');
  segmentRow.push('Total', 'Total');

  sheet.columns = headers.map((header, index) => ({
    key: String(index),
    width: columnWidth(header, index),
  }));
  const top = sheet.addRow(segmentRow);
  top.font = { bold: true, italic: true };
  top.commit();
  const head = sheet.addRow(headers);
  head.font = { bold: true };
  head.commit();
  sheet.autoFilter = {
    from: { row: 2, column: 1 },
    to: { row: 2, column: headers.length },
  };

  const styles = columnStyles(layout, headers.length);
  const clientsCache: ClientNames = new Map();
  let count = 0;
  // The next batch is read while this one is written: the database works beside the writer.
  const columns = columnIndexOf(layout);
  const fetchBatch = async (after: Keyset | null) => {
    const rows = await readBatch(db, tree, filter, after, batchSize);
    const [details] = await Promise.all([
      readDetails(db, tree, columns, rows),
      fillClients(db, rows, clientsCache),
    ]);
    return { rows, details };
  };
  const values: CellValue[] = new Array<CellValue>(headers.length).fill(null);
  let next: ReturnType<typeof fetchBatch> | null = fetchBatch(null);
  try {
    while (next && !cancelled()) {
      const { rows, details } = await next;
      next = null;
      if (rows.length === 0) break;
      if (rows.length === batchSize) {
        const last = rows[rows.length - 1]!;
        next = fetchBatch({
          startKey: last.startKey,
          visitId: last.visitId,
          checkInSurveyId: last.checkInSurveyId ?? 0,
        });
      }
      for (let i = 0; i < rows.length; i += 1) {
        // Now and then the event loop runs: the next batch's rows, read meanwhile, are then
        // answered and its answers asked for while this batch is written (not after it), and
        // the compressor is handed its next chunk instead of idling until the batch is written.
        if (i > 0 && i % YIELD_EVERY_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
        const excelRow = sheet.addRow(dataRow(values, tree, layout, rows[i]!, i, details));
        styleRow(excelRow, styles);
        excelRow.commit();
        count += 1;
      }
      // Backpressure, at both ends of the zip: the compressor's input (exceljs hands it the
      // sheet's XML without waiting, so rows written faster than zlib deflates them would pile
      // up in memory) and the reply (more than its buffer's worth unsent).
      await drained(compressorInput(sheet), output, ZIP_BACKLOG_BYTES);
      await drained(output, output);
    }
  } finally {
    // A batch read ahead for a download that was cut: nobody awaits it any more.
    void next?.catch(() => undefined);
  }
  if (cancelled()) {
    output.destroy();
    return count;
  }
  sheet.commit();

  const info = workbook.addWorksheet('Filtros');
  info.columns = [
    { key: 'a', width: 28 },
    { key: 'b', width: 48 },
  ];
  const now = options.now ?? new Date();
  const infoRows: [string, CellValue][] = [
    ['Campaña', tree.survey.campaignName],
    ['Cuestionario', tree.survey.name],
    [
      'Fecha de inicio',
      filter.startDate ? new Date(`${filter.startDate}T00:00:00Z`) : 'sin_inicio',
    ],
    ['Fecha de fin', filter.endDate ? new Date(`${filter.endDate}T00:00:00Z`) : 'sin_fin'],
    ['Filas', count],
    ['Exportado', mexicoCityWallClock(now)],
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
  await workbook.commit();
  return count;
}

/**
 * The sheet's XML the zip's compressor may hold unprocessed before the rows wait for it (a few
 * batches' worth). Waiting as soon as it holds more than its 16 kB buffer made the rows wait for
 * every batch to be deflated to its last byte, one after the other, instead of beside the next.
 */
const ZIP_BACKLOG_BYTES = 16 * 1024 * 1024;

/**
 * The stream exceljs pipes a worksheet's XML into (the zip entry's compressor), when it has one
 * yet. exceljs' StreamBuf writes into it ignoring its return value; reading its fill is the only
 * way to slow the rows down to the compressor's pace. Internal to exceljs 4: if that changes,
 * this finds nothing and the export still works, with the reply as its only backpressure.
 */
function compressorInput(sheet: ExcelJS.Worksheet): Writable | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const target = stream?.pipes?.[0] as Writable | undefined;
  return target && typeof target.on === 'function' ? target : undefined;
}

/**
 * True when a write was refused and 'drain' will follow. archiver's streams come from the
 * `readable-stream` package, whose older versions lack `writableNeedDrain`: its state is read.
 */
function needsDrain(stream: Writable): boolean {
  const state = (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  return stream.writableNeedDrain ?? state?.needDrain ?? false;
}

/** Bytes written to `stream` and not yet processed (old `readable-stream`: from its state). */
function writableLength(stream: Writable): number {
  const state = (stream as unknown as { _writableState?: { length?: number } })._writableState;
  return stream.writableLength ?? state?.length ?? 0;
}

/**
 * Resolves once `stream` has room again (at once when it has, or is gone), or when the reply
 * closes: a client that went away never lets the compressor drain.
 */
async function drained(
  stream: Writable | undefined,
  reply: Writable,
  backlog = 0,
): Promise<void> {
  if (!stream || !needsDrain(stream) || stream.destroyed || reply.destroyed) return;
  if (backlog > 0 && writableLength(stream) <= backlog) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      reply.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    reply.on('close', done);
  });
}

function columnWidth(header: string, index: number): number {
  if (index === 0) return 10;
  if (index <= 4) return index === 3 ? 14 : 18;
  return Math.min(40, Math.max(12, header.length + 2));
}

const NO_OPTIONS: StoredAnswer['options'] = [];

/** One answer object, refilled for every cell (answerCell only reads it). */
const scratch: StoredAnswer = {
  questionId: 0,
  isNa: false,
  textValue: null,
  intValue: null,
  decimalValue: null,
  dateValue: null,
  points: 0,
  options: NO_OPTIONS,
};

/** The cell of the answer at `answer` of the batch: answerCell's, read from the columns. */
function batchAnswerCell(
  tree: SurveyTree,
  question: QuestionNode,
  details: BatchDetails,
  answer: number,
): CellValue {
  scratch.questionId = question.id;
  scratch.isNa = details.isNa[answer] === 1;
  // The one value column goes to the field of the question's type (answerCell reads only that).
  const value = details.values[answer] ?? null;
  scratch.textValue = question.type === QuestionType.Text ? value : null;
  scratch.intValue = question.type === QuestionType.Integer && value !== null ? Number(value) : null;
  scratch.decimalValue =
    question.type === QuestionType.Decimal && value !== null ? Number(value) : null;
  scratch.dateValue = question.type === QuestionType.Date ? value : null;
  const start = details.optionStart[answer]!;
  const count = details.optionCount[answer]!;
  if (count === 0) scratch.options = NO_OPTIONS;
  else {
    scratch.options = [];
    for (let i = start; i < start + count; i += 1) {
      scratch.options.push({
        optionId: details.optionIds[i]!,
        value: details.optionValues[i] ?? null,
        otherText: details.otherTexts[i] ?? null,
      });
    }
  }
  return answerCell(tree, question, scratch);
}

/** Fills `values` (reused from row to row: exceljs copies them into the row's cells). */
function dataRow(
  values: CellValue[],
  tree: SurveyTree,
  layout: Layout,
  row: VisitRow,
  r: number,
  details: BatchDetails,
): CellValue[] {
  values[0] = row.visitId;
  values[1] = mexicoCityWallClock(row.startDate);
  values[2] = row.endDate ? mexicoCityWallClock(row.endDate) : null;
  values[3] = row.endDate
    ? Math.round((row.endDate.getTime() - row.startDate.getTime()) / 60_000)
    : null;
  values[4] = mexicoCityWallClock(row.syncedAt);
  values[5] = row.promoter;
  values[6] = row.posCode;
  values[7] = row.posName;
  values[8] = row.state;
  values[9] = row.municipality;
  values[10] = row.city;
  values[11] = row.client;
  values[12] = row.unavailable ? UNAVAILABLE_MARK : 'Sí';
  values[13] = row.sku;
  values[14] = row.product;
  values[15] = row.brand;
  let k = FIXED_HEADERS.length;
  const questions = layout.questions;
  const first = r * questions.length;
  for (let q = 0; q < questions.length; q += 1) {
    const answer = details.answerAt[first + q]! - 1;
    if (answer < 0) {
      values[k++] = null;
      values[k++] = null;
    } else {
      values[k++] = batchAnswerCell(tree, questions[q]!.question, details, answer);
      values[k++] = Number(details.points[answer]);
    }
  }
  const segments = layout.segments.length;
  for (let s = 0; s < segments; s += 1) {
    const at = r * segments + s;
    values[k++] = details.segmentSeen[at] ? details.segmentPoints[at]! : null;
  }
  values[k++] = row.answerPoints;
  values[k++] = row.surveyPoints;
  return values;
}

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

function columnStyles(layout: Layout, width: number): (CellStyle | undefined)[] {
  const formats: (string | undefined)[] = new Array<string | undefined>(width).fill(undefined);
  for (const column of [2, 3, 5]) formats[column - 1] = DATE_TIME_FORMAT;
  let index = FIXED_HEADERS.length;
  for (const { question } of layout.questions) {
    if (question.type === QuestionType.Date) formats[index] = DATE_FORMAT;
    if (question.type === QuestionType.Decimal) formats[index] = DECIMAL_FORMAT;
    formats[index + 1] = POINTS_FORMAT;
    index += 2;
  }
  for (; index < width; index += 1) formats[index] = POINTS_FORMAT;
  const shared = new Map<string, CellStyle>();
  return formats.map((numFmt) => {
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
