import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from '../db/client.ts';
import { surveys } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { mapWriteError, type WriteErrorMapping } from '../resources/db-errors.ts';
import {
  closeSlot,
  countItems,
  itemTables,
  setOrder,
  shiftForMove,
  type Container,
  type Item,
} from './sequence.ts';
import { keepingSkipLogicForward } from './skip-logic.ts';

// The write side of a survey's tree (docs/surveys.md "Order", "In use", "Skip logic"):
// every write locks the survey row first (so edits of one survey, and an edit and the visits
// sync, never interleave), refuses content changes of an answered survey, and keeps each
// sibling sequence contiguous 0..n-1 (sequence.ts), refusing a move that breaks skip logic
// (skip-logic.ts).

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

/** The `fields` of item `id` of `table`, read after its survey is locked; `missing`'s 404 when gone. */
export async function itemRow<Fields extends SelectedFields>(
  tx: Tx,
  table: Item['table'],
  fields: Fields,
  id: number,
  missing: string,
): Promise<SelectResultFields<Fields>> {
  const from = itemTables[table];
  const [row] = await tx.select(fields).from(from).where(eq(from.id, id));
  if (!row) throw notFound(missing);
  return row;
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
