import type { components } from '@anaquel/api/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { fold, qualified as q } from '../db/fold.ts';
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
import { badRequest, fieldError, notFound } from '../http/errors.ts';
import { throwIfAny } from '../resources/named.ts';
import { uniqueIds, type Issues } from '../resources/rules.ts';
import {
  deleteItem,
  hiddenTargetIssues,
  lockedTreeWrite,
  openSlot,
  reorderItem,
  stepItem,
  withLockedItem,
  type TreeItemKind,
} from './editing.ts';
import {
  cascadeFilters,
  checkDescribed,
  joinedSource,
  optionList,
  pagedList,
  readOne,
} from './listing.ts';
import { loadSurveyTree, surveyIdOfOption, surveyIdOfQuestion } from './tree.ts';
import { QuestionType, hasOptions, questionTypeLabel } from './types.ts';

// Multiple options: list, options, read, create, update (locks, skip logic), delete, move.

type OptionRowAnswer = components['schemas']['MultipleOptionRow'];
type OptionInput = components['schemas']['MultipleOptionInput'];

const OPTION_NOT_FOUND = 'La opción no existe.';

const optionMessages = {
  descriptionRequired: 'La descripción es obligatoria',
  descriptionMin: 'La descripción debe tener al menos 2 caracteres',
  descriptionMax: 'La descripción no puede exceder 255 caracteres',
  questionMissing: 'La pregunta no existe.',
  noOptions: (typeLabel: string) => `Las preguntas de tipo ${typeLabel} no tienen opciones.`,
  yesNoFixed: 'Las preguntas Si/No tienen exactamente las opciones Sí y No.',
  otherByFlag: 'La opción "Otro" se agrega y se quita con la opción extra de la pregunta.',
  lockedDescription: 'La descripción de esta opción no se puede cambiar.',
  rankingPoints: 'Las opciones de una pregunta Ranking valen 0 puntos.',
  otherQuestion: 'Una opción no puede cambiar de pregunta.',
  cannotDelete: 'Esta opción no se puede eliminar.',
  otherStaysLast: 'La opción "Otro" siempre va al final.',
  first: 'La opción ya está en la primera posición.',
  last: 'La opción ya está en la última posición.',
};

const hiddenSegmentIdsOf = sql<
  number[]
>`array(select ${q(multipleOptionHiddenSegments.segmentId)} from ${multipleOptionHiddenSegments} where ${q(multipleOptionHiddenSegments.optionId)} = ${q(multipleOptions.id)} order by 1)`;
const hiddenQuestionIdsOf = sql<
  number[]
>`array(select ${q(multipleOptionHiddenQuestions.questionId)} from ${multipleOptionHiddenQuestions} where ${q(multipleOptionHiddenQuestions.optionId)} = ${q(multipleOptions.id)} order by 1)`;

const rowFields = {
  id: multipleOptions.id,
  questionId: multipleOptions.questionId,
  questionDescription: questions.description,
  questionType: questions.type,
  surveyId: segments.surveyId,
  surveyName: surveys.name,
  order: multipleOptions.order,
  description: multipleOptions.description,
  points: multipleOptions.points,
  isOther: multipleOptions.isOther,
  blurredSegmentIds: hiddenSegmentIdsOf,
  blurredQuestionIds: hiddenQuestionIdsOf,
};

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

const toOption = (raw: Record<string, unknown>): OptionRowAnswer => ({
  id: raw.id as number,
  questionId: raw.questionId as number,
  questionDescription: raw.questionDescription as string,
  questionType: raw.questionType as number,
  surveyId: raw.surveyId as number,
  surveyName: raw.surveyName as string,
  order: raw.order as number,
  description: raw.description as string,
  points: Number(raw.points),
  isOther: raw.isOther as boolean,
  blurredSegmentIds: ids(raw.blurredSegmentIds),
  blurredQuestionIds: ids(raw.blurredQuestionIds),
});

const source = (db: Db) =>
  joinedSource(
    db,
    multipleOptions,
    [questions, eq(questions.id, multipleOptions.questionId)],
    [segments, eq(segments.id, questions.segmentId)],
    [surveys, eq(surveys.id, segments.surveyId)],
  );

const readOption = (db: Db, id: number): Promise<OptionRowAnswer> =>
  readOne(source(db), rowFields, eq(multipleOptions.id, id), OPTION_NOT_FOUND, toOption);

function optionValues(input: OptionInput) {
  const issues: Issues = [];
  const description = checkDescribed(issues, input, [2, 255], optionMessages);
  throwIfAny(issues);
  return { description: description!, points: input.points };
}

async function questionOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: questions.id, segmentId: questions.segmentId, type: questions.type })
    .from(questions)
    .where(eq(questions.id, id));
  return row ?? null;
}

async function optionRow(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: multipleOptions.id,
      questionId: multipleOptions.questionId,
      order: multipleOptions.order,
      description: multipleOptions.description,
      isOther: multipleOptions.isOther,
    })
    .from(multipleOptions)
    .where(eq(multipleOptions.id, id));
  if (!row) throw notFound(OPTION_NOT_FOUND);
  return row;
}

/** Where the regular options end: 'Otro' (when present) is always last. */
async function otherPosition(tx: Tx, questionId: number): Promise<number | null> {
  const [row] = await tx
    .select({ order: multipleOptions.order })
    .from(multipleOptions)
    .where(and(eq(multipleOptions.questionId, questionId), eq(multipleOptions.isOther, true)));
  return row?.order ?? null;
}

/** Checks and stores an option's skip logic (replacing what it had). */
async function saveSkipLogic(
  tx: Tx,
  surveyId: number,
  optionId: number,
  question: { id: number; segmentId: number; type: number },
  segmentIds: number[],
  questionIds: number[],
): Promise<void> {
  if (segmentIds.length + questionIds.length > 0) {
    const tree = await loadSurveyTree(tx, surveyId);
    const issues = tree ? hiddenTargetIssues(tree, question, segmentIds, questionIds) : [];
    if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
  }
  await tx
    .delete(multipleOptionHiddenSegments)
    .where(eq(multipleOptionHiddenSegments.optionId, optionId));
  await tx
    .delete(multipleOptionHiddenQuestions)
    .where(eq(multipleOptionHiddenQuestions.optionId, optionId));
  if (segmentIds.length > 0) {
    await tx
      .insert(multipleOptionHiddenSegments)
      .values(segmentIds.map((segmentId) => ({ optionId, segmentId })));
  }
  if (questionIds.length > 0) {
    await tx
      .insert(multipleOptionHiddenQuestions)
      .values(questionIds.map((questionId) => ({ optionId, questionId })));
  }
}

const optionKind: TreeItemKind<Awaited<ReturnType<typeof optionRow>>> = {
  table: 'option',
  surveyOf: async (db, id) => {
    const surveyId = await surveyIdOfOption(db, id);
    if (surveyId === null) throw notFound(OPTION_NOT_FOUND);
    return surveyId;
  },
  row: optionRow,
  container: (row) => ({ kind: 'question', questionId: row.questionId }),
  movesSkipTargets: false,
  ends: { first: optionMessages.first, last: optionMessages.last },
  // 'Otro' is always last: it never moves, and the others stay before it.
  stepBounds: async (tx, row, count) => {
    if (row.isOther) throw fieldError('direction', optionMessages.otherStaysLast);
    const other = await otherPosition(tx, row.questionId);
    return {
      count: other ?? count,
      ends: {
        first: optionMessages.first,
        last: other === null ? optionMessages.last : optionMessages.otherStaysLast,
      },
    };
  },
};

const isYesNoOption = (type: number) => type === QuestionType.YesNo;

export function registerOptionRoutes(app: FastifyInstance): void {
  const db = () => app.services.db;
  const filtersOf = (query: Parameters<typeof cascadeFilters>[0]) => cascadeFilters(query, 4);

  registerOperation(app, 'listMultipleOptions', { auth: 'VIEW_MULTIPLEOPTIONS' }, async (request) =>
    pagedList(request.query, {
      source: source(db()),
      rowFields,
      search: [fold(multipleOptions.description), fold(questions.description), fold(surveys.name)],
      sort: {
        id: multipleOptions.id,
        surveyName: fold(surveys.name),
        questionDescription: fold(questions.description),
        order: multipleOptions.order,
        description: fold(multipleOptions.description),
        points: multipleOptions.points,
        isOther: multipleOptions.isOther,
      } satisfies SortMap<'/multipleoptions/paged'>,
      defaultSort: ['questionDescription', 'order'],
      tieBreaker: multipleOptions.id,
      filters: filtersOf(request.query),
      toRow: toOption,
    }),
  );

  registerOperation(app, 'listMultipleOptionOptions', { auth: 'authenticated' }, async (request) =>
    optionList(request.query, {
      from: (fields) => db().select(fields).from(multipleOptions).$dynamic(),
      id: multipleOptions.id,
      label: multipleOptions.description,
      sortName: fold(multipleOptions.description),
      search: [fold(multipleOptions.description)],
      filters: [
        request.query.questionId === undefined
          ? undefined
          : eq(multipleOptions.questionId, request.query.questionId),
      ],
    }),
  );

  registerOperation(app, 'getMultipleOption', { auth: 'VIEW_MULTIPLEOPTIONS' }, async (request) =>
    readOption(db(), request.params.id),
  );

  registerOperation(
    app,
    'createMultipleOption',
    { auth: 'CREATE_MULTIPLEOPTIONS' },
    async (request, reply) => {
      const input = request.body;
      const values = optionValues(input);
      const surveyId = await surveyIdOfQuestion(db(), input.questionId);
      if (surveyId === null) throw fieldError('questionId', optionMessages.questionMissing);
      const id = await lockedTreeWrite(db(), surveyId, async (tx) => {
        const question = await questionOf(tx, input.questionId);
        if (!question) throw fieldError('questionId', optionMessages.questionMissing);
        if (!hasOptions(question.type)) {
          throw fieldError(
            'questionId',
            optionMessages.noOptions(questionTypeLabel(question.type)),
          );
        }
        if (isYesNoOption(question.type)) throw fieldError('questionId', optionMessages.yesNoFixed);
        if (question.type === QuestionType.Ranking && values.points !== 0) {
          throw fieldError('points', optionMessages.rankingPoints);
        }
        const container = { kind: 'question' as const, questionId: question.id };
        const other = await otherPosition(tx, question.id);
        const order = await openSlot(tx, container, input.order, other ?? undefined);
        const [created] = await tx
          .insert(multipleOptions)
          .values({ ...values, questionId: question.id, order })
          .returning({ id: multipleOptions.id });
        await saveSkipLogic(
          tx,
          surveyId,
          created!.id,
          question,
          uniqueIds(input.blurredSegmentIds),
          uniqueIds(input.blurredQuestionIds),
        );
        return created!.id;
      });
      reply.code(201);
      return readOption(db(), id);
    },
  );

  registerOperation(
    app,
    'updateMultipleOption',
    { auth: 'UPDATE_MULTIPLEOPTIONS' },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const values = optionValues(input);
      await withLockedItem(db(), optionKind, id, async (tx, current, surveyId) => {
        if (input.questionId !== current.questionId) {
          throw fieldError('questionId', optionMessages.otherQuestion);
        }
        const question = (await questionOf(tx, current.questionId))!;
        const locked = current.isOther || isYesNoOption(question.type);
        if (locked && values.description !== current.description) {
          throw fieldError('description', optionMessages.lockedDescription);
        }
        if (question.type === QuestionType.Ranking && values.points !== 0) {
          throw fieldError('points', optionMessages.rankingPoints);
        }
        await tx.update(multipleOptions).set(values).where(eq(multipleOptions.id, id));
        if (input.blurredSegmentIds !== undefined || input.blurredQuestionIds !== undefined) {
          const [kept] = await tx
            .select({ segmentIds: hiddenSegmentIdsOf, questionIds: hiddenQuestionIdsOf })
            .from(multipleOptions)
            .where(eq(multipleOptions.id, id));
          await saveSkipLogic(
            tx,
            surveyId,
            id,
            question,
            input.blurredSegmentIds === undefined
              ? ids(kept?.segmentIds)
              : uniqueIds(input.blurredSegmentIds),
            input.blurredQuestionIds === undefined
              ? ids(kept?.questionIds)
              : uniqueIds(input.blurredQuestionIds),
          );
        }
        if (input.order !== undefined && input.order !== current.order && !current.isOther) {
          const container = optionKind.container(current);
          const end = await otherPosition(tx, current.questionId);
          await reorderItem(tx, container, { table: 'option', id }, current.order, input.order, {
            end,
          });
        }
      });
      return readOption(db(), id);
    },
  );

  registerOperation(
    app,
    'deleteMultipleOption',
    { auth: 'DELETE_MULTIPLEOPTIONS' },
    async (request) =>
      deleteItem(db(), optionKind, request.params.id, async (tx, current) => {
        const question = (await questionOf(tx, current.questionId))!;
        if (current.isOther) throw badRequest(optionMessages.otherByFlag);
        if (isYesNoOption(question.type)) throw badRequest(optionMessages.cannotDelete);
      }),
  );

  registerOperation(
    app,
    'moveMultipleOption',
    { auth: 'UPDATE_MULTIPLEOPTIONS' },
    async (request) => {
      await stepItem(db(), optionKind, request.params.id, request.body.direction);
      return readOption(db(), request.params.id);
    },
  );
}
