import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  multipleOptionHiddenQuestions,
  multipleOptionHiddenSegments,
  multipleOptions,
  questions,
  segments,
  surveys,
} from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { SURVEY_NOT_FOUND, lockSurvey } from './editing.ts';
import { loadSurveyContent, rowsOf } from './tree.ts';
import type { SegmentRow, SurveyContent, SurveyRow } from './tree-model.ts';

// Duplicating a survey (docs/surveys.md "Duplicate"): one transaction copies the survey with its
// segments, questions, options and skip logic to the same or another campaign. The new ids are
// reserved from the tables' sequences first, so every reference (parent segment, question's
// segment, option's question, skip-logic targets) is remapped before anything is inserted and
// each table is written with a few multi-row inserts, whatever the survey's size. The copy is
// unanswered (first_answer_at null), so it is editable even when the original is in use.

const CHUNK = 1000;

async function reserveIds(tx: Tx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  const rows = rowsOf<{ id: number }>(result);
  return rows.map((row) => Number(row.id));
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
}

/** The copy's id of every source id, per table. */
interface IdMaps {
  segments: Map<number, number>;
  questions: Map<number, number>;
  options: Map<number, number>;
}

/** Reserves the copy's ids and maps every source id to its copy's. */
async function reserveCopyIds(tx: Tx, content: SurveyContent): Promise<IdMaps> {
  const [segmentIds, questionIds, optionIds] = await Promise.all([
    reserveIds(tx, 'segments', content.segments.length),
    reserveIds(tx, 'questions', content.questions.length),
    reserveIds(tx, 'multiple_options', content.options.length),
  ]);
  const mapOf = (rows: { id: number }[], ids: number[]) =>
    new Map(rows.map((row, i) => [row.id, ids[i]!]));
  return {
    segments: mapOf(content.segments, segmentIds),
    questions: mapOf(content.questions, questionIds),
    options: mapOf(content.options, optionIds),
  };
}

/** Parents before children, so a chunk never references a segment not inserted yet. */
function parentsFirst(rows: SegmentRow[]): SegmentRow[] {
  const depth = new Map<number, number>();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const depthOf = (id: number, guard = 0): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const parentId = byId.get(id)?.parentId ?? null;
    const value = parentId === null || guard > 1000 ? 0 : depthOf(parentId, guard + 1) + 1;
    depth.set(id, value);
    return value;
  };
  return [...rows].sort((a, b) => depthOf(a.id) - depthOf(b.id) || a.id - b.id);
}

/** The survey row of the copy: the source's, in the target campaign with the target name. */
async function insertSurveyCopy(
  tx: Tx,
  survey: SurveyRow,
  target: { campaignId: number; name: string },
): Promise<number> {
  const [copy] = await tx
    .insert(surveys)
    .values({
      campaignId: target.campaignId,
      type: survey.type,
      name: target.name,
      description: survey.description,
      points: survey.points,
      isActive: survey.isActive,
    })
    .returning({ id: surveys.id });
  return copy!.id;
}

/** Segments, questions and options of the copy, with their new ids and references. */
async function insertTreeCopy(tx: Tx, content: SurveyContent, copyId: number, ids: IdMaps) {
  await insertChunks(parentsFirst(content.segments), (chunk) =>
    tx
      .insert(segments)
      .overridingSystemValue()
      .values(
        chunk.map(({ id, surveyId: _survey, parentId, ...row }) => ({
          ...row,
          id: ids.segments.get(id)!,
          surveyId: copyId,
          parentId: parentId === null ? null : ids.segments.get(parentId)!,
        })),
      ),
  );
  await insertChunks(content.questions, (chunk) =>
    tx
      .insert(questions)
      .overridingSystemValue()
      .values(
        chunk.map(({ id, segmentId, acceptsNA, ...row }) => ({
          ...row,
          id: ids.questions.get(id)!,
          segmentId: ids.segments.get(segmentId)!,
          acceptsNa: acceptsNA,
        })),
      ),
  );
  await insertChunks(content.options, (chunk) =>
    tx
      .insert(multipleOptions)
      .overridingSystemValue()
      .values(
        chunk.map(({ id, questionId, ...row }) => ({
          ...row,
          id: ids.options.get(id)!,
          questionId: ids.questions.get(questionId)!,
        })),
      ),
  );
}

/** The copy's skip logic: each rule of a copied option, pointing at the copied target. */
async function insertSkipLogicCopy(tx: Tx, hidden: SurveyContent['hidden'], ids: IdMaps) {
  const copied = hidden.filter((row) => ids.options.has(row.optionId));
  const hiddenSegments = copied
    .filter((row) => row.kind === 's')
    .map((row) => ({
      optionId: ids.options.get(row.optionId)!,
      segmentId: ids.segments.get(row.targetId)!,
    }));
  const hiddenQuestions = copied
    .filter((row) => row.kind === 'q')
    .map((row) => ({
      optionId: ids.options.get(row.optionId)!,
      questionId: ids.questions.get(row.targetId)!,
    }));
  await insertChunks(hiddenSegments, (chunk) =>
    tx.insert(multipleOptionHiddenSegments).values(chunk),
  );
  await insertChunks(hiddenQuestions, (chunk) =>
    tx.insert(multipleOptionHiddenQuestions).values(chunk),
  );
}

/** Copies survey `sourceId`; answers the copy's id. */
export async function duplicateSurvey(
  db: Db,
  sourceId: number,
  target: { campaignId: number; name: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    // The lock keeps an edit from changing the tree while it is copied.
    await lockSurvey(tx, sourceId, { content: false });
    const content = await loadSurveyContent(tx, sourceId);
    if (!content) throw notFound(SURVEY_NOT_FOUND);
    const copyId = await insertSurveyCopy(tx, content.survey, target);
    const ids = await reserveCopyIds(tx, content);
    await insertTreeCopy(tx, content, copyId, ids);
    await insertSkipLogicCopy(tx, content.hidden, ids);
    return copyId;
  });
}
