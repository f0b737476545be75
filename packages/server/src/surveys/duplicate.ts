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
    const { survey } = content;

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
    const copyId = copy!.id;

    const [segmentIds, questionIds, optionIds] = await Promise.all([
      reserveIds(tx, 'segments', content.segments.length),
      reserveIds(tx, 'questions', content.questions.length),
      reserveIds(tx, 'multiple_options', content.options.length),
    ]);
    const segmentMap = new Map(content.segments.map((row, i) => [row.id, segmentIds[i]!]));
    const questionMap = new Map(content.questions.map((row, i) => [row.id, questionIds[i]!]));
    const optionMap = new Map(content.options.map((row, i) => [row.id, optionIds[i]!]));

    // Parents before children, so a chunk never references a segment not inserted yet.
    const depth = new Map<number, number>();
    const byId = new Map(content.segments.map((row) => [row.id, row]));
    const depthOf = (id: number, guard = 0): number => {
      const known = depth.get(id);
      if (known !== undefined) return known;
      const parentId = byId.get(id)?.parentId ?? null;
      const value = parentId === null || guard > 1000 ? 0 : depthOf(parentId, guard + 1) + 1;
      depth.set(id, value);
      return value;
    };
    const orderedSegments = [...content.segments].sort(
      (a, b) => depthOf(a.id) - depthOf(b.id) || a.id - b.id,
    );

    await insertChunks(orderedSegments, (chunk) =>
      tx
        .insert(segments)
        .overridingSystemValue()
        .values(
          chunk.map((row) => ({
            id: segmentMap.get(row.id)!,
            surveyId: copyId,
            parentId: row.parentId === null ? null : segmentMap.get(row.parentId)!,
            name: row.name,
            description: row.description,
            order: row.order,
            points: row.points,
          })),
        ),
    );
    await insertChunks(content.questions, (chunk) =>
      tx
        .insert(questions)
        .overridingSystemValue()
        .values(
          chunk.map((row) => ({
            id: questionMap.get(row.id)!,
            segmentId: segmentMap.get(row.segmentId)!,
            type: row.type,
            order: row.order,
            description: row.description,
            acceptsNa: row.acceptsNA,
            isOptional: row.isOptional,
            hasPhoto: row.hasPhoto,
            hasOther: row.hasOther,
            multipleOptionsCount: row.multipleOptionsCount,
            points: row.points,
          })),
        ),
    );
    await insertChunks(content.options, (chunk) =>
      tx
        .insert(multipleOptions)
        .overridingSystemValue()
        .values(
          chunk.map((row) => ({
            id: optionMap.get(row.id)!,
            questionId: questionMap.get(row.questionId)!,
            order: row.order,
            description: row.description,
            points: row.points,
            isOther: row.isOther,
          })),
        ),
    );
    const hiddenSegments = content.hidden
      .filter((row) => row.kind === 's' && optionMap.has(row.optionId))
      .map((row) => ({
        optionId: optionMap.get(row.optionId)!,
        segmentId: segmentMap.get(row.targetId)!,
      }));
    const hiddenQuestions = content.hidden
      .filter((row) => row.kind === 'q' && optionMap.has(row.optionId))
      .map((row) => ({
        optionId: optionMap.get(row.optionId)!,
        questionId: questionMap.get(row.targetId)!,
      }));
    await insertChunks(hiddenSegments, (chunk) =>
      tx.insert(multipleOptionHiddenSegments).values(chunk),
    );
    await insertChunks(hiddenQuestions, (chunk) =>
      tx.insert(multipleOptionHiddenQuestions).values(chunk),
    );
    return copyId;
  });
}
