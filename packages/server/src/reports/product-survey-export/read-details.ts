// The answers, chosen options and segment points of a batch of rows, in one query whose three
// values are JSON arrays per column (docs/reports.md, "Streaming"): a JSON value per answer, or a
// driver row per answer, would cost PostgreSQL and Node more than the rest of the export.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { answerOptions, answers, checkInSurveySegments } from '../../db/schema/index.ts';
import { rowsOf } from '../../surveys/tree.ts';
import type { SurveyTree } from '../../surveys/tree-model.ts';
import { VALUE_TYPES } from './cells.ts';
import type { Layout } from './columns.ts';
import type { VisitRow } from './read.ts';

/**
 * A batch's details kept as the query's column arrays, not an object per answer and a map per
 * row (whose garbage would cost the writer more than the rows): the answer of the batch's row r
 * to the question in column q is `answerAt[r * questions + q] - 1` (-1: none), its options
 * `optionStart[answer]` and the `optionCount[answer]` that follow.
 */
export interface BatchDetails {
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
export interface ColumnIndex {
  questions: Map<number, number>;
  segments: Map<number, number>;
}

export function columnIndexOf(layout: Layout): ColumnIndex {
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
 * The query of a batch's details (`ids`: its answered surveys). An answer's value is one text
 * column (an answer stores the column of its question's type only) and N/A is the sign of its
 * question id, so PostgreSQL builds and Node parses fewer arrays. Options are read only for the
 * questions whose cell shows options (`optionQuestions`).
 *
 * Every part reads by the batch's keys on their indexes, never a whole table: the answers and
 * the segment points by `= any(ids)`, the chosen options answer by answer (`lateral ... offset
 * 0`, which the planner cannot turn into a join: joined, it hashed the whole answer_options table
 * at every batch). The answers are read twice (all of them, then those of option questions),
 * each by the index: sharing them through a materialized CTE copies more than a second index scan
 * reads.
 */
function detailsQuery(ids: string, optionQuestions: number[]): SQL {
  return sql`
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
                  -- on large tables, every answer ever given to these questions is read.
                  and ${answers.questionId} + 0 = any(${`{${optionQuestions.join(',')}}`}::int[])
                order by ${answers.id}, ao.option_id) o) as "options",
      (select json_build_array(json_agg(${checkInSurveySegments.checkInSurveyId}),
                json_agg(${checkInSurveySegments.segmentId}),
                json_agg(${checkInSurveySegments.answerPoints}))
         from ${checkInSurveySegments}
        where ${checkInSurveySegments.checkInSurveyId} = any(${ids}::int[])
          -- A segment hidden by skip logic was not shown: an empty cell, as the result screen
          -- omits it.
          and not ${checkInSurveySegments.hidden}) as "segments"`;
}

interface DetailsRow {
  answers: unknown;
  options: unknown;
  segments: unknown;
}

/** What the parsers need to place a value: the batch's row of an answered survey, the columns. */
interface Placement {
  rowOf: Map<number, number>;
  columns: ColumnIndex;
}

function emptyDetails(rows: number, columns: ColumnIndex): BatchDetails {
  return {
    answerAt: new Int32Array(rows * columns.questions.size),
    isNa: new Uint8Array(0),
    values: [],
    points: [],
    optionStart: new Int32Array(0),
    optionCount: new Int32Array(0),
    optionIds: [],
    optionValues: [],
    otherTexts: [],
    segmentPoints: new Float64Array(rows * columns.segments.size),
    segmentSeen: new Uint8Array(rows * columns.segments.size),
  };
}

function placeAnswers(details: BatchDetails, value: unknown, { rowOf, columns }: Placement): void {
  const questionCount = columns.questions.size;
  type AnswerColumns = [number, number, string, number];
  const [csIds, signedQuestionIds, values, points] = parsed<Columns<AnswerColumns>>(value) ?? [];
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
}

function placeOptions(details: BatchDetails, value: unknown, { rowOf, columns }: Placement): void {
  const questionCount = columns.questions.size;
  const answerCount = details.isNa.length;
  type OptionColumns = [number, number, number, number, string];
  const [optionCs, optionQuestion, optionIds, optionValues, otherTexts] =
    parsed<Columns<OptionColumns>>(value) ?? [];
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
}

function placeSegments(details: BatchDetails, value: unknown, { rowOf, columns }: Placement): void {
  const segmentCount = columns.segments.size;
  type SegmentColumns = [number, number, number];
  const [segmentCs, segmentIds, segmentPoints] = parsed<Columns<SegmentColumns>>(value) ?? [];
  for (let i = 0; i < (segmentCs?.length ?? 0); i += 1) {
    const r = rowOf.get(segmentCs![i]!);
    const s = columns.segments.get(segmentIds![i]!);
    if (r === undefined || s === undefined) continue;
    details.segmentPoints[r * segmentCount + s] = Number(segmentPoints![i]);
    details.segmentSeen[r * segmentCount + s] = 1;
  }
}

/** The answers, chosen options and segment points of a batch's rows. */
export async function readDetails(
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
  const details = emptyDetails(rows.length, columns);
  if (rowOf.size === 0) return details;
  const ids = `{${[...rowOf.keys()].join(',')}}`;
  const optionQuestions: number[] = [];
  for (const question of tree.questions.values()) {
    if (!VALUE_TYPES.has(question.type)) optionQuestions.push(question.id);
  }
  // The planner's estimate of this query may be above jit_above_cost, and PostgreSQL would then
  // compile it at every batch: JIT is off for it. So are parallel workers, whose start costs more
  // than the scan they would share (the writer keeps the other core busy anyway).
  const result = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return tx.execute(detailsQuery(ids, optionQuestions));
  });
  const [row] = rowsOf<DetailsRow>(result);
  const placement: Placement = { rowOf, columns };
  placeAnswers(details, row?.answers, placement);
  placeOptions(details, row?.options, placement);
  placeSegments(details, row?.segments, placement);
  return details;
}
