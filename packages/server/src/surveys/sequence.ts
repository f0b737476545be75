import { and, eq, gte, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { multipleOptions, questions, segments } from '../db/schema/index.ts';

// The sibling sequences of a survey's tree (docs/surveys.md "Order"): each one is kept contiguous
// 0..n-1 by opening a slot before an insert, closing it after a delete and shifting the items
// between on a move. A segment's questions and sub-segments share one sequence.

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

/** The table of each kind of item. */
export const itemTables = {
  segment: segments,
  question: questions,
  option: multipleOptions,
} as const;

type ItemTable = (typeof itemTables)[Item['table']];

/** The tables a sequence spans, each with the condition of its members (but the item left out). */
function members(container: Container, except?: Item): { table: ItemTable; where?: SQL }[] {
  const member = (kind: Item['table'], ...conditions: SQL[]) => {
    const table = itemTables[kind];
    const not = except && except.table === kind ? ne(table.id, except.id) : undefined;
    return { table, where: and(...conditions, not) };
  };
  switch (container.kind) {
    case 'survey':
      return [
        member('segment', eq(segments.surveyId, container.surveyId), isNull(segments.parentId)),
      ];
    case 'segment':
      return [
        member('segment', eq(segments.parentId, container.segmentId)),
        member('question', eq(questions.segmentId, container.segmentId)),
      ];
    case 'question':
      return [member('option', eq(multipleOptions.questionId, container.questionId))];
  }
}

/** How many items the sequence holds. */
export async function countItems(tx: Tx, container: Container): Promise<number> {
  let total = 0;
  for (const { table, where } of members(container)) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where);
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
  for (const { table, where } of members(container, except)) {
    await tx
      .update(table)
      .set({ order: sql`${table.order} + ${delta}` })
      .where(and(where, gte(table.order, from), lte(table.order, to)));
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
export async function shiftForMove(
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
export async function setOrder(tx: Tx, item: Item, order: number): Promise<void> {
  const table = itemTables[item.table];
  await tx.update(table).set({ order }).where(eq(table.id, item.id));
}
