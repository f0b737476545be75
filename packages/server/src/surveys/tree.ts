import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  campaigns,
  multipleOptionHiddenQuestions,
  multipleOptionHiddenSegments,
  multipleOptions,
  questions,
  segments,
  surveys,
} from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { toSurveyTreeAnswer, type SurveyTreeAnswer } from './tree-answer.ts';
import {
  buildTree,
  type OptionRow,
  type QuestionRow,
  type SegmentRow,
  type SurveyContent,
  type SurveyRow,
  type SurveyTree,
} from './tree-model.ts';

// Loads a survey's whole tree in ONE query whatever its size (issue 10): the survey, its
// segments, questions, options and skip-logic rows, each table as one JSON array of compact rows
// built by PostgreSQL, then nests them in memory (tree-model.ts). The same loaded shape feeds the
// designer's answer (tree-answer.ts, with validity), the skip-logic checks of the writes and the
// duplication.

type Database = Db | Tx;

/** The rows of `db.execute` (node-postgres answers a result object, PGlite too; both hold rows). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] } | null)?.rows ?? []) as T[];
}

type Json = string | number | boolean | null;
type HiddenRow = SurveyContent['hidden'][number];

// The keys of each table's compact rows, in the order the query below builds them.
const SEGMENT_KEYS = ['id', 'parentId', 'name', 'description', 'order', 'points'] as const;
const QUESTION_KEYS = [
  'id',
  'segmentId',
  'type',
  'order',
  'description',
  'acceptsNA',
  'isOptional',
  'hasPhoto',
  'hasOther',
  'multipleOptionsCount',
  'points',
] as const;
const OPTION_KEYS = ['id', 'questionId', 'order', 'description', 'points', 'isOther'] as const;
const HIDDEN_KEYS = ['optionId', 'kind', 'targetId'] as const;

/**
 * The survey's rows, or null when it does not exist: ONE query whatever the survey's size. Each
 * table comes back as one JSON array of compact row arrays (PostgreSQL builds them, Node parses
 * one string per table instead of mapping thousands of rows).
 */
export async function loadSurveyContent(
  db: Database,
  surveyId: number,
): Promise<SurveyContent | null> {
  const result = await db.execute(sql`
    select
      (select json_build_array(s.id, s.campaign_id, c.name, s.type, s.name, s.description,
                               s.points, s.is_active, s.first_answer_at)
         from ${surveys} s join ${campaigns} c on c.id = s.campaign_id
        where s.id = ${surveyId})::text as survey,
      (select coalesce(json_agg(json_build_array(g.id, g.parent_id, g.name, g.description,
                                                 g."order", g.points) order by g."order", g.id), '[]')
         from ${segments} g where g.survey_id = ${surveyId})::text as segments,
      (select coalesce(json_agg(json_build_array(q.id, q.segment_id, q.type, q."order",
                                                 q.description, q.accepts_na, q.is_optional,
                                                 q.has_photo, q.has_other,
                                                 q.multiple_options_count, q.points)
                                order by q."order", q.id), '[]')
         from ${questions} q join ${segments} g on g.id = q.segment_id
        where g.survey_id = ${surveyId})::text as questions,
      (select coalesce(json_agg(json_build_array(o.id, o.question_id, o."order", o.description,
                                                 o.points, o.is_other)
                                order by o."order", o.id), '[]')
         from ${multipleOptions} o join ${questions} q on q.id = o.question_id
         join ${segments} g on g.id = q.segment_id
        where g.survey_id = ${surveyId})::text as options,
      (select coalesce(json_agg(json_build_array(h.option_id, 's', h.segment_id)), '[]')
         from ${multipleOptionHiddenSegments} h join ${segments} g on g.id = h.segment_id
        where g.survey_id = ${surveyId})::text as hidden_segments,
      (select coalesce(json_agg(json_build_array(h.option_id, 'q', h.question_id)), '[]')
         from ${multipleOptionHiddenQuestions} h join ${questions} q on q.id = h.question_id
         join ${segments} g on g.id = q.segment_id
        where g.survey_id = ${surveyId})::text as hidden_questions`);
  const [row] = rowsOf<Record<string, string | null>>(result);
  return row?.survey ? decodeContent(surveyId, row) : null;
}

/**
 * Rows of one table from its JSON array of compact rows: each value paired with the key at its
 * position, `keys` listing them in the order the query's json_build_array does.
 */
function decodeRows<Row>(
  text: string | null | undefined,
  keys: readonly (keyof Row)[],
  base: Partial<Row> = {},
): Row[] {
  const rows = text ? (JSON.parse(text) as Json[][]) : [];
  return rows.map((values) => {
    const row: Partial<Row> = { ...base };
    keys.forEach((key, i) => (row[key] = values[i] as Row[keyof Row]));
    return row as Row;
  });
}

/** The survey's rows from the query's JSON texts. */
function decodeContent(surveyId: number, row: Record<string, string | null>): SurveyContent {
  const sv = JSON.parse(row.survey!) as Json[];
  const survey: SurveyRow = {
    id: Number(sv[0]),
    campaignId: Number(sv[1]),
    campaignName: String(sv[2]),
    type: Number(sv[3]),
    name: String(sv[4]),
    description: sv[5] as string | null,
    points: Number(sv[6]),
    isActive: Boolean(sv[7]),
    firstAnswerAt: sv[8] === null ? null : new Date(String(sv[8])),
  };
  return {
    survey,
    segments: decodeRows<SegmentRow>(row.segments, SEGMENT_KEYS, { surveyId }),
    questions: decodeRows<QuestionRow>(row.questions, QUESTION_KEYS),
    options: decodeRows<OptionRow>(row.options, OPTION_KEYS),
    hidden: [
      ...decodeRows<HiddenRow>(row.hidden_segments, HIDDEN_KEYS),
      ...decodeRows<HiddenRow>(row.hidden_questions, HIDDEN_KEYS),
    ],
  };
}

/** The tree of a survey, or null when the survey does not exist. */
export async function loadSurveyTree(db: Database, surveyId: number): Promise<SurveyTree | null> {
  const content = await loadSurveyContent(db, surveyId);
  return content ? buildTree(content) : null;
}

/** `GET surveys/{id}`: 404 'El cuestionario no existe.' when missing. */
export async function readSurveyTree(db: Database, surveyId: number): Promise<SurveyTreeAnswer> {
  const tree = await loadSurveyTree(db, surveyId);
  if (!tree) throw notFound('El cuestionario no existe.');
  return toSurveyTreeAnswer(tree);
}

/** The survey holding a question, or null. */
export async function surveyIdOfQuestion(db: Database, questionId: number): Promise<number | null> {
  const [row] = await db
    .select({ surveyId: segments.surveyId })
    .from(questions)
    .innerJoin(segments, eq(segments.id, questions.segmentId))
    .where(eq(questions.id, questionId));
  return row?.surveyId ?? null;
}

/** The survey holding an option, or null. */
export async function surveyIdOfOption(db: Database, optionId: number): Promise<number | null> {
  const [row] = await db
    .select({ surveyId: segments.surveyId })
    .from(multipleOptions)
    .innerJoin(questions, eq(questions.id, multipleOptions.questionId))
    .innerJoin(segments, and(eq(segments.id, questions.segmentId)))
    .where(eq(multipleOptions.id, optionId));
  return row?.surveyId ?? null;
}
