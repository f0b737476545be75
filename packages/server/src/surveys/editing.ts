import { and, eq, gte, isNull, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { multipleOptions, questions, segments, surveys } from '../db/schema/index.ts';
import { badRequest, conflict, notFound, type ValidationIssue } from '../http/errors.ts';
import { mapWriteError, type WriteErrorMapping } from '../resources/db-errors.ts';
import { ancestorsOf, questionKey, segmentKey, type SurveyTree } from './tree-model.ts';
import { loadSurveyTree } from './tree.ts';
import { choosesOptions } from './types.ts';

// The write side of a survey's tree (docs/surveys.md "Order", "In use", "Skip logic"):
// every write locks the survey row first (so edits of one survey, and an edit and the visits
// sync, never interleave), refuses content changes of an answered survey, and keeps each
// sibling sequence contiguous 0..n-1.

export const IN_USE_MESSAGE =
  'El cuestionario ya tiene respuestas registradas; duplícalo para modificarlo.';
export const SURVEY_NOT_FOUND = 'El cuestionario no existe.';

export interface LockedSurvey {
  id: number;
  campaignId: number;
  type: number;
  points: number;
  firstAnswerAt: Date | null;
}

/**
 * SELECT ... FOR UPDATE of the survey row. `content: true` (default) refuses an answered survey
 * with the 409 of the in-use rule.
 */
export async function lockSurvey(
  tx: Tx,
  surveyId: number,
  options: { content?: boolean; missing?: () => Error } = {},
): Promise<LockedSurvey> {
  const [row] = await tx
    .select({
      id: surveys.id,
      campaignId: surveys.campaignId,
      type: surveys.type,
      points: surveys.points,
      firstAnswerAt: surveys.firstAnswerAt,
    })
    .from(surveys)
    .where(eq(surveys.id, surveyId))
    .for('update');
  if (!row) throw options.missing?.() ?? notFound(SURVEY_NOT_FOUND);
  if ((options.content ?? true) && row.firstAnswerAt !== null) throw conflict(IN_USE_MESSAGE);
  return row;
}

/** Database errors of a tree write (a row deleted by a concurrent write, answers referencing it). */
const treeWriteErrors: WriteErrorMapping = {
  uniques: {},
  references: {
    survey_id: { field: 'surveyId', message: SURVEY_NOT_FOUND },
    parent_id: { field: 'parentId', message: 'El segmento padre no existe.' },
    segment_id: { field: 'segmentId', message: 'El segmento no existe.' },
    question_id: { field: 'questionId', message: 'La pregunta no existe.' },
  },
  inUse: IN_USE_MESSAGE,
};

/** A write to a survey's tree: one transaction, database errors answered as the envelope. */
export async function treeTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    mapWriteError(error, treeWriteErrors);
  }
}

/** A sibling sequence: top-level segments of a survey, a segment's children, a question's options. */
export type Container =
  | { kind: 'survey'; surveyId: number }
  | { kind: 'segment'; segmentId: number }
  | { kind: 'question'; questionId: number };

/** One item of a sequence. */
export type Item = { table: 'segment' | 'question' | 'option'; id: number };

export const containerOfSegment = (row: {
  surveyId: number;
  parentId: number | null;
}): Container =>
  row.parentId === null
    ? { kind: 'survey', surveyId: row.surveyId }
    : { kind: 'segment', segmentId: row.parentId };

/** The tables and conditions of a sequence, with the item to leave out. */
function members(container: Container, except?: Item) {
  const not = (table: Item['table'], column: AnyColumn) =>
    except && except.table === table ? ne(column, except.id) : undefined;
  switch (container.kind) {
    case 'survey':
      return {
        segments: and(
          eq(segments.surveyId, container.surveyId),
          isNull(segments.parentId),
          not('segment', segments.id),
        ),
      };
    case 'segment':
      return {
        segments: and(eq(segments.parentId, container.segmentId), not('segment', segments.id)),
        questions: and(eq(questions.segmentId, container.segmentId), not('question', questions.id)),
      };
    case 'question':
      return {
        options: and(
          eq(multipleOptions.questionId, container.questionId),
          not('option', multipleOptions.id),
        ),
      };
  }
}

/** How many items the sequence holds. */
export async function countItems(tx: Tx, container: Container): Promise<number> {
  const where = members(container);
  let total = 0;
  if ('segments' in where) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(segments)
      .where(where.segments);
    total += Number(row?.n ?? 0);
  }
  if ('questions' in where) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(where.questions);
    total += Number(row?.n ?? 0);
  }
  if ('options' in where) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(multipleOptions)
      .where(where.options);
    total += Number(row?.n ?? 0);
  }
  return total;
}

/** Adds `delta` to the order of the items whose order is within [from, to] (but `except`). */
async function shiftRange(
  tx: Tx,
  container: Container,
  from: number,
  to: number,
  delta: number,
  except?: Item,
): Promise<void> {
  if (from > to) return;
  const where = members(container, except);
  const range = (column: AnyColumn): SQL => and(gte(column, from), lte(column, to))!;
  if ('segments' in where) {
    await tx
      .update(segments)
      .set({ order: sql`${segments.order} + ${delta}` })
      .where(and(where.segments, range(segments.order)));
  }
  if ('questions' in where) {
    await tx
      .update(questions)
      .set({ order: sql`${questions.order} + ${delta}` })
      .where(and(where.questions, range(questions.order)));
  }
  if ('options' in where) {
    await tx
      .update(multipleOptions)
      .set({ order: sql`${multipleOptions.order} + ${delta}` })
      .where(and(where.options, range(multipleOptions.order)));
  }
}

const BIG = 2_147_483_647;

/**
 * Makes room at `position` (clamped to 0..n, n = the number of items; absent = n) and answers
 * the position the new item takes.
 */
export async function openSlot(
  tx: Tx,
  container: Container,
  position: number | undefined,
  max?: number,
): Promise<number> {
  const count = await countItems(tx, container);
  const last = Math.min(count, max ?? count);
  const at = Math.min(Math.max(position ?? last, 0), last);
  await shiftRange(tx, container, at, BIG, +1);
  return at;
}

/** Closes the hole an item left at `position` (after it was deleted or moved out). */
export async function closeSlot(tx: Tx, container: Container, position: number): Promise<void> {
  await shiftRange(tx, container, position + 1, BIG, -1);
}

/**
 * Moves an item within its sequence from `from` to `to` (both valid positions): the items
 * between shift by one. The caller then stores `to` as the item's order.
 */
async function shiftForMove(
  tx: Tx,
  container: Container,
  item: Item,
  from: number,
  to: number,
): Promise<void> {
  if (to > from) await shiftRange(tx, container, from + 1, to, -1, item);
  else if (to < from) await shiftRange(tx, container, to, from - 1, +1, item);
}

/** Sets an item's order. */
async function setOrder(tx: Tx, item: Item, order: number): Promise<void> {
  if (item.table === 'segment') {
    await tx.update(segments).set({ order }).where(eq(segments.id, item.id));
  } else if (item.table === 'question') {
    await tx.update(questions).set({ order }).where(eq(questions.id, item.id));
  } else {
    await tx.update(multipleOptions).set({ order }).where(eq(multipleOptions.id, item.id));
  }
}

/** The 400 texts of a step past the first or the last position. */
interface StepTexts {
  first: string;
  last: string;
}

/** One step up or down: the target position, or the 400 at the ends. */
function stepTarget(
  from: number,
  direction: 'up' | 'down',
  count: number,
  texts: StepTexts,
): number {
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0) throw badRequest(texts.first, [{ field: 'direction', message: texts.first }]);
  if (to >= count) throw badRequest(texts.last, [{ field: 'direction', message: texts.last }]);
  return to;
}

/* ---------------------------------------------------------- the item routes */

/**
 * What the move, update and delete routes of segments, questions and options need to know of
 * their item: its table, its survey (read before the lock: an item never changes survey), its
 * row under the lock and the sequence it sits in.
 */
export interface TreeItemKind<Row extends { order: number }> {
  table: Item['table'];
  /** The item's survey; the 404 when the item does not exist. */
  surveyOf: (db: Db, id: number) => Promise<number>;
  /** The item's row, read after the survey is locked; the 404 when it is gone. */
  row: (tx: Tx, id: number) => Promise<Row>;
  container: (row: Row) => Container;
  /**
   * Whether moving the item can break skip logic (segments and questions can; an option's
   * place among its question's options cannot).
   */
  movesSkipTargets: boolean;
  /** The 400 of a step past either end (`POST {resource}/{id}/move`). */
  ends: StepTexts;
  /**
   * Narrows where a step may go (options stay before 'Otro', which itself never moves): the
   * number of positions and the texts of their ends. Default: the whole sequence.
   */
  stepBounds?: (tx: Tx, row: Row, count: number) => Promise<{ count: number; ends: StepTexts }>;
}

/** A write to a survey's tree under the survey's lock (with the in-use rule). */
export function lockedTreeWrite<T>(
  db: Db,
  surveyId: number,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return treeTransaction(db, async (tx) => {
    await lockSurvey(tx, surveyId);
    return work(tx);
  });
}

/** Locks the item's survey, reads the item and runs `work` in one tree transaction. */
export async function withLockedItem<Row extends { order: number }, T>(
  db: Db,
  kind: TreeItemKind<Row>,
  id: number,
  work: (tx: Tx, row: Row, surveyId: number) => Promise<T>,
): Promise<T> {
  const surveyId = await kind.surveyOf(db, id);
  return lockedTreeWrite(db, surveyId, async (tx) => work(tx, await kind.row(tx, id), surveyId));
}

const itemTables = { segment: segments, question: questions, option: multipleOptions } as const;

/**
 * Moves an item within its sequence from `from` to `to` (the items between shift by one);
 * with `surveyId`, refused when it breaks skip logic (keepingSkipLogicForward).
 */
async function moveItem(
  tx: Tx,
  container: Container,
  item: Item,
  from: number,
  to: number,
  surveyId?: number,
): Promise<void> {
  const move = async () => {
    await shiftForMove(tx, container, item, from, to);
    await setOrder(tx, item, to);
  };
  if (surveyId === undefined) await move();
  else await keepingSkipLogicForward(tx, surveyId, move);
}

/**
 * An update's new order within the same sequence, clamped to the last position (or to before
 * `end`, e.g. 'Otro'); nothing happens when it stays where it is.
 */
export async function reorderItem(
  tx: Tx,
  container: Container,
  item: Item,
  from: number,
  requested: number,
  options: { end?: number | null; surveyId?: number } = {},
): Promise<void> {
  const count = await countItems(tx, container);
  const target = Math.min(requested, (options.end ?? count) - 1);
  if (target !== from) await moveItem(tx, container, item, from, target, options.surveyId);
}

/**
 * Re-parenting: the item leaves its sequence (`detach` stores its new parent with order 0, the
 * hole it left closes) and goes to the end of `to`; refused when it breaks skip logic.
 */
export async function moveToEnd(
  tx: Tx,
  surveyId: number,
  item: Item,
  from: { container: Container; order: number },
  to: Container,
  detach: () => Promise<unknown>,
): Promise<void> {
  await keepingSkipLogicForward(tx, surveyId, async () => {
    await detach();
    await closeSlot(tx, from.container, from.order);
    const count = await countItems(tx, to); // includes the item itself
    await setOrder(tx, item, count - 1);
  });
}

/** `POST {resource}/{id}/move`: one step up or down in one transaction; the 400 at the ends. */
export async function stepItem<Row extends { order: number }>(
  db: Db,
  kind: TreeItemKind<Row>,
  id: number,
  direction: 'up' | 'down',
): Promise<void> {
  await withLockedItem(db, kind, id, async (tx, row, surveyId) => {
    const container = kind.container(row);
    const count = await countItems(tx, container);
    const bounds = kind.stepBounds
      ? await kind.stepBounds(tx, row, count)
      : { count, ends: kind.ends };
    const target = stepTarget(row.order, direction, bounds.count, bounds.ends);
    const item = { table: kind.table, id };
    await moveItem(
      tx,
      container,
      item,
      row.order,
      target,
      kind.movesSkipTargets ? surveyId : undefined,
    );
  });
}

/**
 * `DELETE {resource}/{id}`: `check` may refuse (locked options), then the row goes and its
 * sequence closes the hole, in one transaction under the survey's lock.
 */
export async function deleteItem<Row extends { order: number }>(
  db: Db,
  kind: TreeItemKind<Row>,
  id: number,
  check?: (tx: Tx, row: Row) => Promise<void>,
): Promise<{ id: number }> {
  await withLockedItem(db, kind, id, async (tx, row) => {
    await check?.(tx, row);
    const table = itemTables[kind.table];
    await tx.delete(table).where(eq(table.id, id));
    await closeSlot(tx, kind.container(row), row.order);
  });
  return { id };
}

/* ---------------------------------------------------------------- skip logic */

const skipLogicMessages = {
  notInSurvey: (what: 'segmento' | 'pregunta', id: number) =>
    what === 'segmento'
      ? `El segmento ${id} no pertenece al cuestionario.`
      : `La pregunta ${id} no pertenece al cuestionario.`,
  itself: 'Una opción no puede ocultar su propia pregunta.',
  ancestor: 'Una opción no puede ocultar un segmento que contiene a su pregunta.',
  backwards: 'Solo se pueden ocultar segmentos y preguntas posteriores a la pregunta.',
  nonChoice: 'Las opciones de este tipo de pregunta no pueden ocultar segmentos ni preguntas.',
  brokenByMove: (option: string, question: string) =>
    `No se puede mover: la opción "${option}" de la pregunta "${question}" oculta un elemento que quedaría antes de su pregunta o la contendría. Quita esa regla de salto primero.`,
};

/** The 400 issues of an option's hidden segments and questions (forward only, same survey). */
export function hiddenTargetIssues(
  tree: SurveyTree,
  question: { id: number; segmentId: number; type: number },
  segmentIds: readonly number[],
  questionIds: readonly number[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (segmentIds.length + questionIds.length === 0) return issues;
  if (!choosesOptions(question.type)) {
    const field = segmentIds.length > 0 ? 'blurredSegmentIds' : 'blurredQuestionIds';
    return [{ field, message: skipLogicMessages.nonChoice }];
  }
  const own = tree.position.get(questionKey(question.id)) ?? -1;
  const ancestors = new Set(ancestorsOf(tree, question.segmentId).map((s) => s.id));
  for (const id of segmentIds) {
    const field = 'blurredSegmentIds';
    if (!tree.segments.has(id)) {
      issues.push({ field, message: skipLogicMessages.notInSurvey('segmento', id) });
    } else if (ancestors.has(id)) issues.push({ field, message: skipLogicMessages.ancestor });
    else if ((tree.position.get(segmentKey(id)) ?? -1) < own) {
      issues.push({ field, message: skipLogicMessages.backwards });
    }
  }
  for (const id of questionIds) {
    const field = 'blurredQuestionIds';
    if (!tree.questions.has(id)) {
      issues.push({ field, message: skipLogicMessages.notInSurvey('pregunta', id) });
    } else if (id === question.id) issues.push({ field, message: skipLogicMessages.itself });
    else if ((tree.position.get(questionKey(id)) ?? -1) < own) {
      issues.push({ field, message: skipLogicMessages.backwards });
    }
  }
  // One message per rule and field is enough.
  return issues.filter(
    (issue, index) =>
      issues.findIndex((i) => i.field === issue.field && i.message === issue.message) === index,
  );
}

/** The options of a tree whose skip logic does not point forward (see hiddenTargetIssues). */
function brokenSkipRules(tree: SurveyTree | null): Map<number, string> {
  const broken = new Map<number, string>();
  if (!tree) return broken;
  for (const question of tree.questions.values()) {
    for (const option of question.options) {
      if (option.hiddenSegmentIds.length + option.hiddenQuestionIds.length === 0) continue;
      const issues = hiddenTargetIssues(
        tree,
        question,
        option.hiddenSegmentIds,
        option.hiddenQuestionIds,
      );
      if (issues.length > 0) {
        broken.set(
          option.id,
          skipLogicMessages.brokenByMove(option.description, question.description),
        );
      }
    }
  }
  return broken;
}

/**
 * Runs a move (or a change of parent or segment) and then checks that it broke no skip-logic
 * rule: a rule the move would make point backwards (or at a segment now holding its question)
 * refuses the move with a 409 naming the option, and the caller's transaction rolls back
 * (docs/surveys.md: refused rather than silently dropped). Rules already broken before are not
 * the move's fault and do not block it.
 */
async function keepingSkipLogicForward<T>(
  tx: Tx,
  surveyId: number,
  move: () => Promise<T>,
): Promise<T> {
  const before = brokenSkipRules(await loadSurveyTree(tx, surveyId));
  const result = await move();
  const after = brokenSkipRules(await loadSurveyTree(tx, surveyId));
  for (const [optionId, message] of after) {
    if (!before.has(optionId)) throw conflict(message);
  }
  return result;
}
