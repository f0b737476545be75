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
  if (!row?.survey) return null;
  const parse = (text: string | null | undefined): Json[][] =>
    text ? (JSON.parse(text) as Json[][]) : [];
  const sv = JSON.parse(row.survey) as Json[];
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
  const segmentRows: SegmentRow[] = parse(row.segments).map((r) => ({
    id: r[0] as number,
    surveyId,
    parentId: r[1] as number | null,
    name: r[2] as string,
    description: r[3] as string | null,
    order: r[4] as number,
    points: Number(r[5]),
  }));
  const questionRows: QuestionRow[] = parse(row.questions).map((r) => ({
    id: r[0] as number,
    segmentId: r[1] as number,
    type: r[2] as number,
    order: r[3] as number,
    description: r[4] as string,
    acceptsNA: r[5] as boolean,
    isOptional: r[6] as boolean,
    hasPhoto: r[7] as boolean,
    hasOther: r[8] as boolean,
    multipleOptionsCount: r[9] as number | null,
    points: Number(r[10]),
  }));
  const optionRows: OptionRow[] = parse(row.options).map((r) => ({
    id: r[0] as number,
    questionId: r[1] as number,
    order: r[2] as number,
    description: r[3] as string,
    points: Number(r[4]),
    isOther: r[5] as boolean,
  }));
  const hidden = [...parse(row.hidden_segments), ...parse(row.hidden_questions)].map((r) => ({
    optionId: r[0] as number,
    kind: r[1] as 's' | 'q',
    targetId: r[2] as number,
  }));
  return {
    survey,
    segments: segmentRows,
    questions: questionRows,
    options: optionRows,
    hidden,
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
