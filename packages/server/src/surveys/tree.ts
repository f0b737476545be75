import type { components } from '@anaquel/api/schema';
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
import { questionTypeLabel, surveyTypeLabel } from './types.ts';
import { computeValidity } from './validity.ts';

// Loads a survey's whole tree in ONE query whatever its size (issue 10): the survey, its
// segments, questions, options and skip-logic rows, each table as one JSON array of compact rows
// built by PostgreSQL, then nests them in memory. The same loaded shape feeds the designer's
// answer (with validity), the skip-logic checks of the writes and the duplication.

type Database = Db | Tx;

/** The rows of `db.execute` (node-postgres answers a result object, PGlite too; both hold rows). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] } | null)?.rows ?? []) as T[];
}

export interface SurveyRow {
  id: number;
  campaignId: number;
  campaignName: string;
  type: number;
  name: string;
  description: string | null;
  points: number;
  isActive: boolean;
  firstAnswerAt: Date | null;
}

export interface SegmentRow {
  id: number;
  surveyId: number;
  parentId: number | null;
  name: string;
  description: string | null;
  order: number;
  points: number;
}

export interface QuestionRow {
  id: number;
  segmentId: number;
  type: number;
  order: number;
  description: string;
  acceptsNA: boolean;
  isOptional: boolean;
  hasPhoto: boolean;
  hasOther: boolean;
  multipleOptionsCount: number | null;
  points: number;
}

export interface OptionRow {
  id: number;
  questionId: number;
  order: number;
  description: string;
  points: number;
  isOther: boolean;
}

export interface OptionNode extends OptionRow {
  hiddenSegmentIds: number[];
  hiddenQuestionIds: number[];
}

export interface QuestionNode extends QuestionRow {
  options: OptionNode[];
}

export interface SegmentNode extends SegmentRow {
  children: SegmentNode[];
  questions: QuestionNode[];
}

/** A node of the survey's reading order: a segment or a question. */
export type ItemKey = `s${number}` | `q${number}`;
export const segmentKey = (id: number): ItemKey => `s${id}`;
export const questionKey = (id: number): ItemKey => `q${id}`;

export interface SurveyTree {
  survey: SurveyRow;
  /** Top-level segments by order. */
  roots: SegmentNode[];
  segments: Map<number, SegmentNode>;
  questions: Map<number, QuestionNode>;
  options: Map<number, OptionNode>;
  /**
   * Reading order (depth first: a segment, then its questions and sub-segments merged by their
   * shared order): the position of every segment and question.
   */
  position: Map<ItemKey, number>;
}

/** The children of a segment (questions and sub-segments) merged by their shared order. */
export function itemsOf(
  segment: SegmentNode,
): ({ kind: 'segment'; node: SegmentNode } | { kind: 'question'; node: QuestionNode })[] {
  return [
    ...segment.children.map((node) => ({ kind: 'segment' as const, node })),
    ...segment.questions.map((node) => ({ kind: 'question' as const, node })),
  ].sort((a, b) => a.node.order - b.node.order || (a.kind === 'segment' ? -1 : 1));
}

/** The ancestors of a segment, nearest first (the segment itself excluded). */
export function ancestorsOf(tree: SurveyTree, segmentId: number | null): SegmentNode[] {
  const chain: SegmentNode[] = [];
  const seen = new Set<number>();
  let current = segmentId === null ? undefined : tree.segments.get(segmentId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.push(current);
    current = current.parentId === null ? undefined : tree.segments.get(current.parentId);
  }
  return chain;
}

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

type Json = string | number | boolean | null;

/**
 * The survey's rows, or null when it does not exist: ONE query whatever the survey's size. Each
 * table comes back as one JSON array of compact row arrays (PostgreSQL builds them, Node parses
 * one string per table instead of mapping thousands of rows).
 */
export async function loadSurveyContent(db: Database, surveyId: number) {
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

export type SurveyContent = NonNullable<Awaited<ReturnType<typeof loadSurveyContent>>>;

/** Nests the rows. */
export function buildTree(content: SurveyContent): SurveyTree {
  const segmentNodes = new Map<number, SegmentNode>();
  const questionNodes = new Map<number, QuestionNode>();
  const optionNodes = new Map<number, OptionNode>();
  // A node is its row plus the lists the nesting below fills.
  for (const r of content.segments) segmentNodes.set(r.id, { ...r, children: [], questions: [] });
  for (const r of content.questions) questionNodes.set(r.id, { ...r, options: [] });
  for (const r of content.options) {
    optionNodes.set(r.id, { ...r, hiddenSegmentIds: [], hiddenQuestionIds: [] });
  }
  for (const { optionId, kind, targetId } of content.hidden) {
    const option = optionNodes.get(optionId);
    if (!option) continue; // an option of another survey hiding an item of this one: not ours
    (kind === 's' ? option.hiddenSegmentIds : option.hiddenQuestionIds).push(targetId);
  }
  for (const option of optionNodes.values())
    questionNodes.get(option.questionId)?.options.push(option);
  for (const question of questionNodes.values()) {
    question.options.sort(byOrder);
    segmentNodes.get(question.segmentId)?.questions.push(question);
  }
  const roots: SegmentNode[] = [];
  for (const segment of segmentNodes.values()) {
    const parent = segment.parentId === null ? undefined : segmentNodes.get(segment.parentId);
    (parent ? parent.children : roots).push(segment);
  }
  for (const segment of segmentNodes.values()) {
    segment.children.sort(byOrder);
    segment.questions.sort(byOrder);
  }
  roots.sort(byOrder);

  const position = new Map<ItemKey, number>();
  const visit = (segment: SegmentNode) => {
    if (position.has(segmentKey(segment.id))) return; // a corrupt parent loop
    position.set(segmentKey(segment.id), position.size);
    for (const item of itemsOf(segment)) {
      if (item.kind === 'segment') visit(item.node);
      else position.set(questionKey(item.node.id), position.size);
    }
  };
  roots.forEach(visit);

  return {
    survey: content.survey,
    roots,
    segments: segmentNodes,
    questions: questionNodes,
    options: optionNodes,
    position,
  };
}

/** The tree of a survey, or null when the survey does not exist. */
export async function loadSurveyTree(db: Database, surveyId: number): Promise<SurveyTree | null> {
  const content = await loadSurveyContent(db, surveyId);
  return content ? buildTree(content) : null;
}

const sortedIds = (ids: number[]): number[] =>
  ids.length < 2 ? ids : [...ids].sort((a, b) => a - b);

type SurveyTreeAnswer = components['schemas']['SurveyTree'];
type SegmentAnswer = components['schemas']['SegmentNode'];
type QuestionAnswer = components['schemas']['QuestionNode'];

/** The contract's `SurveyTree`: the tree with validity, as `GET surveys/{id}` answers it. */
export function toSurveyTreeAnswer(tree: SurveyTree): SurveyTreeAnswer {
  const validity = computeValidity(tree);
  const question = (node: QuestionNode): QuestionAnswer => {
    const errors = validity.questions.get(node.id) ?? [];
    return {
      id: node.id,
      segmentId: node.segmentId,
      type: node.type,
      typeDescription: questionTypeLabel(node.type),
      order: node.order,
      description: node.description,
      acceptsNA: node.acceptsNA,
      isOptional: node.isOptional,
      hasPhoto: node.hasPhoto,
      hasOther: node.hasOther,
      multipleOptionsCount: node.multipleOptionsCount,
      points: node.points,
      isValid: errors.length === 0,
      errors,
      multipleOptions: node.options.map((option) => ({
        id: option.id,
        questionId: option.questionId,
        order: option.order,
        description: option.description,
        points: option.points,
        isOther: option.isOther,
        blurredSegmentIds: sortedIds(option.hiddenSegmentIds),
        blurredQuestionIds: sortedIds(option.hiddenQuestionIds),
      })),
    };
  };
  const segment = (node: SegmentNode): SegmentAnswer => {
    const errors = validity.segments.get(node.id) ?? [];
    return {
      id: node.id,
      surveyId: node.surveyId,
      parentId: node.parentId,
      name: node.name,
      description: node.description,
      order: node.order,
      points: node.points,
      isValid: errors.length === 0,
      errors,
      children: node.children.map(segment),
      questions: node.questions.map(question),
    };
  };
  const { survey } = tree;
  return {
    id: survey.id,
    campaignId: survey.campaignId,
    campaignName: survey.campaignName,
    type: survey.type as 1 | 2,
    typeDescription: surveyTypeLabel(survey.type),
    name: survey.name,
    description: survey.description,
    points: survey.points,
    isActive: survey.isActive,
    firstAnswerAt: survey.firstAnswerAt ? new Date(survey.firstAnswerAt).toISOString() : null,
    isValid: validity.survey.length === 0,
    errors: validity.survey,
    segments: tree.roots.map(segment),
  };
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
