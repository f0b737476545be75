import type { components } from '@anaquel/api/schema';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import { multipleOptions, questions, segments, surveys } from '../db/schema/index.ts';
import { badRequest, fieldError, notFound } from '../http/errors.ts';
import type { SortMap } from '../resources/contract-types.ts';
import { throwIfAny } from '../resources/named.ts';
import { uniqueIds, type Issues } from '../resources/rules.ts';
import {
  deleteItem,
  itemRow,
  lockedTreeWrite,
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
  questionToSurvey,
  readOne,
  type QueryOf,
} from './listing.ts';
import { openSlot } from './sequence.ts';
import { hiddenQuestionIdsOf, hiddenSegmentIdsOf, saveSkipLogic } from './skip-logic.ts';
import { surveyIdOfOption, surveyIdOfQuestion } from './tree.ts';
import { QuestionType, hasOptions, questionTypeLabel } from './types.ts';

// Multiple options: the lists, read, create, update (locks, skip logic), delete and move, with
// their SQL (the routes in option-routes.ts call these).

type OptionRowAnswer = components['schemas']['MultipleOptionRow'];
type OptionInput = components['schemas']['MultipleOptionInput'];

const OPTION_NOT_FOUND = 'La opción no existe.';

const optionMessages = {
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
    ...questionToSurvey,
  );

/** `GET multipleoptions/{id}`. */
export const readOption = (db: Db, id: number): Promise<OptionRowAnswer> =>
  readOne(source(db), rowFields, eq(multipleOptions.id, id), OPTION_NOT_FOUND, toOption);

function optionValues(input: OptionInput) {
  const issues: Issues = [];
  const description = checkDescribed(issues, input, [2, 255]);
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

const optionRow = (tx: Tx, id: number) =>
  itemRow(
    tx,
    'option',
    {
      id: multipleOptions.id,
      questionId: multipleOptions.questionId,
      order: multipleOptions.order,
      description: multipleOptions.description,
      isOther: multipleOptions.isOther,
    },
    id,
    OPTION_NOT_FOUND,
  );

/** Where the regular options end: 'Otro' (when present) is always last. */
async function otherPosition(tx: Tx, questionId: number): Promise<number | null> {
  const [row] = await tx
    .select({ order: multipleOptions.order })
    .from(multipleOptions)
    .where(and(eq(multipleOptions.questionId, questionId), eq(multipleOptions.isOther, true)));
  return row?.order ?? null;
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

type OptionQuestion = NonNullable<Awaited<ReturnType<typeof questionOf>>>;

/** An option's points: 0 in a Ranking question. */
function checkPoints(question: OptionQuestion, points: number): void {
  if (question.type === QuestionType.Ranking && points !== 0) {
    throw fieldError('points', optionMessages.rankingPoints);
  }
}

/** The question a new option goes to: one whose type has editable options. */
async function questionForNewOption(tx: Tx, questionId: number): Promise<OptionQuestion> {
  const question = await questionOf(tx, questionId);
  if (!question) throw fieldError('questionId', optionMessages.questionMissing);
  if (!hasOptions(question.type)) {
    throw fieldError('questionId', optionMessages.noOptions(questionTypeLabel(question.type)));
  }
  if (isYesNoOption(question.type)) throw fieldError('questionId', optionMessages.yesNoFixed);
  return question;
}

/** `GET multipleoptions/paged`, filtered by campaign, survey, segment and question. */
export const listOptions = (db: Db, query: QueryOf<'listMultipleOptions'>) =>
  pagedList(query, {
    source: source(db),
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
    filters: cascadeFilters(query, 4),
    toRow: toOption,
  });

/** `GET multipleoptions/options`. */
export const listOptionOptions = (db: Db, query: QueryOf<'listMultipleOptionOptions'>) =>
  optionList(query, {
    from: (fields) => db.select(fields).from(multipleOptions).$dynamic(),
    id: multipleOptions.id,
    label: multipleOptions.description,
    sortName: fold(multipleOptions.description),
    search: [fold(multipleOptions.description)],
    filters: [
      query.questionId === undefined ? undefined : eq(multipleOptions.questionId, query.questionId),
    ],
  });

/** `POST multipleoptions`: the new option, before 'Otro' (absent `order`: last before it). */
export async function createOption(db: Db, input: OptionInput): Promise<OptionRowAnswer> {
  const values = optionValues(input);
  const surveyId = await surveyIdOfQuestion(db, input.questionId);
  if (surveyId === null) throw fieldError('questionId', optionMessages.questionMissing);
  const id = await lockedTreeWrite(db, surveyId, async (tx) => {
    const question = await questionForNewOption(tx, input.questionId);
    checkPoints(question, values.points);
    const container = { kind: 'question' as const, questionId: question.id };
    const other = await otherPosition(tx, question.id);
    const order = await openSlot(tx, container, input.order, other ?? undefined);
    const [created] = await tx
      .insert(multipleOptions)
      .values({ ...values, questionId: question.id, order })
      .returning({ id: multipleOptions.id });
    await saveSkipLogic(tx, surveyId, created!.id, question, {
      segmentIds: uniqueIds(input.blurredSegmentIds),
      questionIds: uniqueIds(input.blurredQuestionIds),
    });
    return created!.id;
  });
  return readOption(db, id);
}

/** The skip logic an update stores: each list the input names, else the one kept. */
async function updatedSkipLogic(tx: Tx, id: number, input: OptionInput) {
  const [kept] = await tx
    .select({ segmentIds: hiddenSegmentIdsOf, questionIds: hiddenQuestionIdsOf })
    .from(multipleOptions)
    .where(eq(multipleOptions.id, id));
  return {
    segmentIds:
      input.blurredSegmentIds === undefined
        ? ids(kept?.segmentIds)
        : uniqueIds(input.blurredSegmentIds),
    questionIds:
      input.blurredQuestionIds === undefined
        ? ids(kept?.questionIds)
        : uniqueIds(input.blurredQuestionIds),
  };
}

/** `PUT multipleoptions/{id}`: 'Otro' and Si/No options keep their description. */
export async function updateOption(
  db: Db,
  id: number,
  input: OptionInput,
): Promise<OptionRowAnswer> {
  const values = optionValues(input);
  await withLockedItem(db, optionKind, id, async (tx, current, surveyId) => {
    if (input.questionId !== current.questionId) {
      throw fieldError('questionId', optionMessages.otherQuestion);
    }
    const question = (await questionOf(tx, current.questionId))!;
    const locked = current.isOther || isYesNoOption(question.type);
    if (locked && values.description !== current.description) {
      throw fieldError('description', optionMessages.lockedDescription);
    }
    checkPoints(question, values.points);
    await tx.update(multipleOptions).set(values).where(eq(multipleOptions.id, id));
    if (input.blurredSegmentIds !== undefined || input.blurredQuestionIds !== undefined) {
      await saveSkipLogic(tx, surveyId, id, question, await updatedSkipLogic(tx, id, input));
    }
    if (input.order !== undefined && input.order !== current.order && !current.isOther) {
      const container = optionKind.container(current);
      const end = await otherPosition(tx, current.questionId);
      await reorderItem(tx, container, { table: 'option', id }, current.order, input.order, {
        end,
      });
    }
  });
  return readOption(db, id);
}

/** `DELETE multipleoptions/{id}`: 'Otro' goes with its question's flag; Si/No options stay. */
export const deleteOption = (db: Db, id: number) =>
  deleteItem(db, optionKind, id, async (tx, current) => {
    const question = (await questionOf(tx, current.questionId))!;
    if (current.isOther) throw badRequest(optionMessages.otherByFlag);
    if (isYesNoOption(question.type)) throw badRequest(optionMessages.cannotDelete);
  });

/** `POST multipleoptions/{id}/move`: one step up or down, always before 'Otro'. */
export async function moveOption(
  db: Db,
  id: number,
  direction: 'up' | 'down',
): Promise<OptionRowAnswer> {
  await stepItem(db, optionKind, id, direction);
  return readOption(db, id);
}
