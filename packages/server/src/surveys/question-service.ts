import type { components } from '@anaquel/api/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import { multipleOptions, questions, segments, surveys } from '../db/schema/index.ts';
import { fieldError, notFound } from '../http/errors.ts';
import type { SortMap } from '../resources/contract-types.ts';
import { throwIfAny } from '../resources/named.ts';
import type { Issues } from '../resources/rules.ts';
import {
  deleteItem,
  itemRow,
  lockedTreeWrite,
  moveToEnd,
  reorderItem,
  stepItem,
  type TreeItemKind,
} from './editing.ts';
import {
  cascadeFilters,
  checkDescribed,
  joinedSource,
  optionList,
  pagedList,
  questionToSurvey,
  questionTypeCase,
  readOne,
  type QueryOf,
} from './listing.ts';
import { closeSlot, countItems, openSlot } from './sequence.ts';
import { clearSkipLogic } from './skip-logic.ts';
import { readSurveyTree, surveyIdOfQuestion } from './tree.ts';
import {
  OTHER_OPTION,
  QuestionType,
  YES_NO_OPTIONS,
  allowsOther,
  choosesOptions,
  hasOptions,
  needsCount,
  questionTypeLabel,
} from './types.ts';

// Questions: the lists, read, the tree of its survey, create, update (type rules, move, change of
// segment), delete and move, with their SQL (the routes in question-routes.ts call these). The
// type rules (docs/surveys.md "Question types") live in syncTypeOptions, run after every create
// and update.

type Question = components['schemas']['Question'];
type QuestionInput = components['schemas']['QuestionInput'];

const QUESTION_NOT_FOUND = 'La pregunta no existe.';

const questionMessages = {
  countRequired: 'El número de opciones es obligatorio y debe ser al menos 1',
  segmentMissing: 'El segmento no existe.',
  otherSurvey: 'La pregunta solo puede pasar a un segmento del mismo cuestionario.',
  first: 'La pregunta ya está en la primera posición.',
  last: 'La pregunta ya está en la última posición.',
};

/** The columns a question's row shows and its list sorts by as they are. */
const questionSettings = {
  acceptsNA: questions.acceptsNa,
  isOptional: questions.isOptional,
  hasPhoto: questions.hasPhoto,
  hasOther: questions.hasOther,
  multipleOptionsCount: questions.multipleOptionsCount,
  points: questions.points,
};

const rowFields = {
  id: questions.id,
  segmentId: questions.segmentId,
  segmentName: segments.name,
  surveyId: segments.surveyId,
  surveyName: surveys.name,
  type: questions.type,
  order: questions.order,
  description: questions.description,
  ...questionSettings,
};

const toQuestion = (raw: Record<string, unknown>): Question => ({
  id: raw.id as number,
  segmentId: raw.segmentId as number,
  segmentName: raw.segmentName as string,
  surveyId: raw.surveyId as number,
  surveyName: raw.surveyName as string,
  type: raw.type as number,
  typeDescription: questionTypeLabel(raw.type as number),
  order: raw.order as number,
  description: raw.description as string,
  acceptsNA: raw.acceptsNA as boolean,
  isOptional: raw.isOptional as boolean,
  hasPhoto: raw.hasPhoto as boolean,
  hasOther: raw.hasOther as boolean,
  multipleOptionsCount: (raw.multipleOptionsCount as number | null) ?? null,
  points: Number(raw.points),
});

const source = (db: Db) => joinedSource(db, questions, ...questionToSurvey);

/** `GET questions/{id}`. */
export const readQuestion = (db: Db, id: number): Promise<Question> =>
  readOne(source(db), rowFields, eq(questions.id, id), QUESTION_NOT_FOUND, toQuestion);

/** Field rules of spec 2 §5 and the per-type values (hasOther, multipleOptionsCount). */
function questionValues(input: QuestionInput) {
  const issues: Issues = [];
  const description = checkDescribed(issues, input, [3, 500]);
  const count = input.multipleOptionsCount ?? null;
  if (needsCount(input.type) && (count === null || count < 1)) {
    issues.push({ field: 'multipleOptionsCount', message: questionMessages.countRequired });
  }
  throwIfAny(issues);
  return {
    type: input.type,
    description: description!,
    acceptsNa: input.acceptsNA ?? false,
    isOptional: input.isOptional ?? false,
    hasPhoto: input.hasPhoto ?? false,
    // The extra option only where the type allows it (spec 2 §4: a type change resets it).
    hasOther: (input.hasOther ?? false) && allowsOther(input.type),
    multipleOptionsCount: needsCount(input.type) ? count : null,
    points: input.points,
  };
}

/**
 * The options a question's type and hasOther imply (docs/surveys.md "Question types"):
 * Texto/Entero/Decimal/Fecha have none; Si/No has exactly 'Sí' and 'No'; 'Otro' exists, last,
 * exactly when hasOther; Ranking options are worth 0; Likert and Ranking options hide nothing.
 */
async function syncTypeOptions(
  tx: Tx,
  question: { id: number; type: number; hasOther: boolean },
  previousType: number | null,
): Promise<void> {
  const ofQuestion = eq(multipleOptions.questionId, question.id);
  if (!hasOptions(question.type)) {
    await tx.delete(multipleOptions).where(ofQuestion);
    return;
  }
  if (question.type === QuestionType.YesNo) {
    if (previousType !== QuestionType.YesNo) {
      await tx.delete(multipleOptions).where(ofQuestion);
      await tx.insert(multipleOptions).values(
        YES_NO_OPTIONS.map((description, order) => ({
          questionId: question.id,
          order,
          description,
          points: 0,
        })),
      );
    }
    return;
  }
  if (!choosesOptions(question.type)) {
    const ofItsOptions = sql`(select ${multipleOptions.id} from ${multipleOptions} where ${multipleOptions.questionId} = ${question.id})`;
    await clearSkipLogic(tx, (optionId) => sql`${optionId} in ${ofItsOptions}`);
  }
  if (question.type === QuestionType.Ranking) {
    await tx.update(multipleOptions).set({ points: 0 }).where(ofQuestion);
  }
  const others = await tx
    .select({ id: multipleOptions.id, order: multipleOptions.order })
    .from(multipleOptions)
    .where(and(ofQuestion, eq(multipleOptions.isOther, true)));
  const container = { kind: 'question' as const, questionId: question.id };
  if (question.hasOther && others.length === 0) {
    const order = await countItems(tx, container);
    await tx.insert(multipleOptions).values({
      questionId: question.id,
      order,
      description: OTHER_OPTION,
      points: 0,
      isOther: true,
    });
  } else if (!question.hasOther && others.length > 0) {
    await tx.delete(multipleOptions).where(
      inArray(
        multipleOptions.id,
        others.map((o) => o.id),
      ),
    );
    for (const other of [...others].sort((a, b) => b.order - a.order)) {
      await closeSlot(tx, container, other.order);
    }
  }
}

async function surveyOfQuestion(db: Db, id: number): Promise<number> {
  const surveyId = await surveyIdOfQuestion(db, id);
  if (surveyId === null) throw notFound(QUESTION_NOT_FOUND);
  return surveyId;
}

async function surveyOfSegmentField(db: Db, segmentId: number): Promise<number> {
  const [row] = await db
    .select({ surveyId: segments.surveyId })
    .from(segments)
    .where(eq(segments.id, segmentId));
  if (!row) throw fieldError('segmentId', questionMessages.segmentMissing);
  return row.surveyId;
}

const questionRow = (tx: Tx, id: number) =>
  itemRow(
    tx,
    'question',
    {
      id: questions.id,
      segmentId: questions.segmentId,
      type: questions.type,
      order: questions.order,
    },
    id,
    QUESTION_NOT_FOUND,
  );

const questionKind: TreeItemKind<Awaited<ReturnType<typeof questionRow>>> = {
  table: 'question',
  surveyOf: surveyOfQuestion,
  row: questionRow,
  container: (row) => ({ kind: 'segment', segmentId: row.segmentId }),
  movesSkipTargets: true,
  ends: { first: questionMessages.first, last: questionMessages.last },
};

/** `GET questions/paged`, filtered by campaign, survey and segment. */
export const listQuestions = (db: Db, query: QueryOf<'listQuestions'>) =>
  pagedList(query, {
    source: source(db),
    rowFields,
    search: [fold(questions.description), fold(segments.name), fold(surveys.name)],
    sort: {
      id: questions.id,
      surveyName: fold(surveys.name),
      segmentName: fold(segments.name),
      order: questions.order,
      typeDescription: questionTypeCase(questions.type),
      description: fold(questions.description),
      ...questionSettings,
    } satisfies SortMap<'/questions/paged'>,
    defaultSort: ['segmentName', 'order'],
    tieBreaker: questions.id,
    filters: cascadeFilters(query, 3),
    toRow: toQuestion,
  });

/** `GET questions/options`. */
export const listQuestionOptions = (db: Db, query: QueryOf<'listQuestionOptions'>) =>
  optionList(query, {
    from: source(db),
    id: questions.id,
    label: questions.description,
    sortName: fold(questions.description),
    search: [fold(questions.description)],
    filters: cascadeFilters(query, 3),
  });

/** `GET questions/{id}/survey`: the tree of the question's survey. */
export const readQuestionSurvey = async (db: Db, id: number) =>
  readSurveyTree(db, await surveyOfQuestion(db, id));

/** `POST questions`: the new question, at `order` in its segment (absent: last). */
export async function createQuestion(db: Db, input: QuestionInput): Promise<Question> {
  const values = questionValues(input);
  const surveyId = await surveyOfSegmentField(db, input.segmentId);
  const id = await lockedTreeWrite(db, surveyId, async (tx) => {
    const order = await openSlot(tx, { kind: 'segment', segmentId: input.segmentId }, input.order);
    const [created] = await tx
      .insert(questions)
      .values({ ...values, segmentId: input.segmentId, order })
      .returning({ id: questions.id });
    await syncTypeOptions(tx, { id: created!.id, ...values }, null);
    return created!.id;
  });
  return readQuestion(db, id);
}

/** `PUT questions/{id}`: another segment (of the same survey) moves it to that segment's end. */
export async function updateQuestion(db: Db, id: number, input: QuestionInput): Promise<Question> {
  const values = questionValues(input);
  const surveyId = await surveyOfQuestion(db, id);
  const targetSurveyId = await surveyOfSegmentField(db, input.segmentId);
  if (targetSurveyId !== surveyId) throw fieldError('segmentId', questionMessages.otherSurvey);
  await lockedTreeWrite(db, surveyId, async (tx) => {
    const current = await questionRow(tx, id);
    await tx.update(questions).set(values).where(eq(questions.id, id));
    await syncTypeOptions(tx, { id, ...values }, current.type);
    const item = { table: 'question' as const, id };
    const from = { container: questionKind.container(current), order: current.order };
    if (input.segmentId !== current.segmentId) {
      const to = { kind: 'segment' as const, segmentId: input.segmentId };
      await moveToEnd(tx, surveyId, item, from, to, () =>
        tx
          .update(questions)
          .set({ segmentId: input.segmentId, order: 0 })
          .where(eq(questions.id, id)),
      );
    } else if (input.order !== undefined && input.order !== current.order) {
      await reorderItem(tx, from.container, item, current.order, input.order, { surveyId });
    }
  });
  return readQuestion(db, id);
}

/** `DELETE questions/{id}`. */
export const deleteQuestion = (db: Db, id: number) => deleteItem(db, questionKind, id);

/** `POST questions/{id}/move`: one step up or down. */
export async function moveQuestion(
  db: Db,
  id: number,
  direction: 'up' | 'down',
): Promise<Question> {
  await stepItem(db, questionKind, id, direction);
  return readQuestion(db, id);
}
