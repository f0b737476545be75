import type { components } from '@anaquel/api/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import {
  multipleOptionHiddenQuestions,
  multipleOptionHiddenSegments,
  multipleOptions,
  questions,
  segments,
  surveys,
} from '../db/schema/index.ts';
import { registerOperation } from '../http/contract.ts';
import type { SortMap } from '../resources/contract-types.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { throwIfAny } from '../resources/named.ts';
import type { Issues } from '../resources/rules.ts';
import {
  closeSlot,
  countItems,
  deleteItem,
  lockedTreeWrite,
  moveToEnd,
  openSlot,
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
  questionTypeCase,
  readOne,
} from './listing.ts';
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

// Questions: list, options, read, the tree of its survey, create, update (type rules, move,
// change of segment), delete, move. The type rules (docs/surveys.md "Question types") live in
// syncTypeOptions, run after every create and update.

type Question = components['schemas']['Question'];
type QuestionInput = components['schemas']['QuestionInput'];

const QUESTION_NOT_FOUND = 'La pregunta no existe.';

const questionMessages = {
  descriptionRequired: 'La descripción es obligatoria',
  descriptionMin: 'La descripción debe tener al menos 3 caracteres',
  descriptionMax: 'La descripción no puede exceder 500 caracteres',
  countRequired: 'El número de opciones es obligatorio y debe ser al menos 1',
  segmentMissing: 'El segmento no existe.',
  otherSurvey: 'La pregunta solo puede pasar a un segmento del mismo cuestionario.',
  first: 'La pregunta ya está en la primera posición.',
  last: 'La pregunta ya está en la última posición.',
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
  acceptsNA: questions.acceptsNa,
  isOptional: questions.isOptional,
  hasPhoto: questions.hasPhoto,
  hasOther: questions.hasOther,
  multipleOptionsCount: questions.multipleOptionsCount,
  points: questions.points,
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

const source = (db: Db) =>
  joinedSource(
    db,
    questions,
    [segments, eq(segments.id, questions.segmentId)],
    [surveys, eq(surveys.id, segments.surveyId)],
  );

const readQuestion = (db: Db, id: number): Promise<Question> =>
  readOne(source(db), rowFields, eq(questions.id, id), QUESTION_NOT_FOUND, toQuestion);

/** Field rules of spec 2 §5 and the per-type values (hasOther, multipleOptionsCount). */
function questionValues(input: QuestionInput) {
  const issues: Issues = [];
  const description = checkDescribed(issues, input, [3, 500], questionMessages);
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
    await tx
      .delete(multipleOptionHiddenSegments)
      .where(sql`${multipleOptionHiddenSegments.optionId} in ${ofItsOptions}`);
    await tx
      .delete(multipleOptionHiddenQuestions)
      .where(sql`${multipleOptionHiddenQuestions.optionId} in ${ofItsOptions}`);
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

async function questionRow(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: questions.id,
      segmentId: questions.segmentId,
      type: questions.type,
      order: questions.order,
    })
    .from(questions)
    .where(eq(questions.id, id));
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return row;
}

const questionKind: TreeItemKind<Awaited<ReturnType<typeof questionRow>>> = {
  table: 'question',
  surveyOf: surveyOfQuestion,
  row: questionRow,
  container: (row) => ({ kind: 'segment', segmentId: row.segmentId }),
  movesSkipTargets: true,
  ends: { first: questionMessages.first, last: questionMessages.last },
};

export function registerQuestionRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;
  const filtersOf = (query: Parameters<typeof cascadeFilters>[0]) => cascadeFilters(query, 3);

  registerOperation(app, 'listQuestions', { auth: 'VIEW_QUESTIONS' }, async (request) =>
    pagedList(request.query, {
      source: source(db()),
      rowFields,
      search: [fold(questions.description), fold(segments.name), fold(surveys.name)],
      sort: {
        id: questions.id,
        surveyName: fold(surveys.name),
        segmentName: fold(segments.name),
        order: questions.order,
        typeDescription: questionTypeCase(questions.type),
        description: fold(questions.description),
        acceptsNA: questions.acceptsNa,
        isOptional: questions.isOptional,
        hasPhoto: questions.hasPhoto,
        hasOther: questions.hasOther,
        multipleOptionsCount: questions.multipleOptionsCount,
        points: questions.points,
      } satisfies SortMap<'/questions/paged'>,
      defaultSort: ['segmentName', 'order'],
      tieBreaker: questions.id,
      filters: filtersOf(request.query),
      toRow: toQuestion,
    }),
  );

  registerOperation(app, 'listQuestionOptions', { auth: 'authenticated' }, async (request) =>
    optionList(request.query, {
      from: source(db()),
      id: questions.id,
      label: questions.description,
      sortName: fold(questions.description),
      search: [fold(questions.description)],
      filters: filtersOf(request.query),
    }),
  );

  registerOperation(app, 'getQuestion', { auth: 'VIEW_QUESTIONS' }, async (request) =>
    readQuestion(db(), request.params.id),
  );

  registerOperation(app, 'getQuestionSurvey', { auth: 'VIEW_QUESTIONS' }, async (request) =>
    readSurveyTree(db(), await surveyOfQuestion(db(), request.params.id)),
  );

  registerOperation(app, 'createQuestion', { auth: 'CREATE_QUESTIONS' }, async (request, reply) => {
    const input = request.body;
    const values = questionValues(input);
    const surveyId = await surveyOfSegmentField(db(), input.segmentId);
    const id = await lockedTreeWrite(db(), surveyId, async (tx) => {
      const order = await openSlot(
        tx,
        { kind: 'segment', segmentId: input.segmentId },
        input.order,
      );
      const [created] = await tx
        .insert(questions)
        .values({ ...values, segmentId: input.segmentId, order })
        .returning({ id: questions.id });
      await syncTypeOptions(tx, { id: created!.id, ...values }, null);
      return created!.id;
    });
    reply.code(201);
    return readQuestion(db(), id);
  });

  registerOperation(app, 'updateQuestion', { auth: 'UPDATE_QUESTIONS' }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    const values = questionValues(input);
    const surveyId = await surveyOfQuestion(db(), id);
    const targetSurveyId = await surveyOfSegmentField(db(), input.segmentId);
    if (targetSurveyId !== surveyId) throw fieldError('segmentId', questionMessages.otherSurvey);
    await lockedTreeWrite(db(), surveyId, async (tx) => {
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
    return readQuestion(db(), id);
  });

  registerOperation(app, 'deleteQuestion', { auth: 'DELETE_QUESTIONS' }, async (request) =>
    deleteItem(db(), questionKind, request.params.id),
  );

  registerOperation(app, 'moveQuestion', { auth: 'UPDATE_QUESTIONS' }, async (request) => {
    await stepItem(db(), questionKind, request.params.id, request.body.direction);
    return readQuestion(db(), request.params.id);
  });
}
