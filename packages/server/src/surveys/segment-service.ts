import type { components } from '@anaquel/api/schema';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import { segments, surveys } from '../db/schema/index.ts';
import { fieldError, notFound } from '../http/errors.ts';
import type { SortMap } from '../resources/contract-types.ts';
import {
  deleteItem,
  itemRow,
  lockSurvey,
  lockedTreeWrite,
  moveToEnd,
  reorderItem,
  stepItem,
  treeTransaction,
  type TreeItemKind,
} from './editing.ts';
import {
  cascadeFilters,
  namedValues,
  optionList,
  pagedList,
  readOne,
  type QueryOf,
} from './listing.ts';
import { containerOfSegment, openSlot } from './sequence.ts';
import { rowsOf } from './tree.ts';

// Segments: the lists, read, create, update (with move and re-parenting), delete and move, with
// their SQL (the routes in segment-routes.ts call these).

type Segment = components['schemas']['Segment'];

const SEGMENT_NOT_FOUND = 'El segmento no existe.';

const parent = alias(segments, 'parent');

const rowFields = {
  id: segments.id,
  surveyId: segments.surveyId,
  surveyName: surveys.name,
  parentId: segments.parentId,
  parentName: parent.name,
  name: segments.name,
  description: segments.description,
  order: segments.order,
  points: segments.points,
};

const toSegment = (raw: Record<string, unknown>): Segment => ({
  id: raw.id as number,
  surveyId: raw.surveyId as number,
  surveyName: raw.surveyName as string,
  parentId: (raw.parentId as number | null) ?? null,
  parentName: (raw.parentName as string | null) ?? null,
  name: raw.name as string,
  description: (raw.description as string | null) ?? null,
  order: raw.order as number,
  points: Number(raw.points),
});

const source = (db: Db) => (fields: Parameters<Db['select']>[0]) =>
  db
    .select(fields)
    .from(segments)
    .innerJoin(surveys, eq(surveys.id, segments.surveyId))
    .leftJoin(parent, eq(parent.id, segments.parentId))
    .$dynamic();

/** `GET segments/{id}`. */
export const readSegment = (db: Db, id: number): Promise<Segment> =>
  readOne(source(db), rowFields, eq(segments.id, id), SEGMENT_NOT_FOUND, toSegment);

/** The segment row, read after the survey is locked. */
const segmentRow = (tx: Tx, id: number) =>
  itemRow(
    tx,
    'segment',
    {
      id: segments.id,
      surveyId: segments.surveyId,
      parentId: segments.parentId,
      order: segments.order,
    },
    id,
    SEGMENT_NOT_FOUND,
  );

/** The survey of a segment (before locking: a segment never changes survey). */
async function surveyOfSegment(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ surveyId: segments.surveyId })
    .from(segments)
    .where(eq(segments.id, id));
  if (!row) throw notFound(SEGMENT_NOT_FOUND);
  return row.surveyId;
}

/** A parent must be a segment of the same survey, and not the segment or one inside it. */
async function checkParent(
  tx: Tx,
  surveyId: number,
  parentId: number | null,
  selfId?: number,
): Promise<void> {
  if (parentId === null) return;
  const [row] = await tx
    .select({ surveyId: segments.surveyId })
    .from(segments)
    .where(eq(segments.id, parentId));
  if (!row || row.surveyId !== surveyId) {
    throw fieldError('parentId', 'El segmento padre no pertenece al cuestionario.');
  }
  if (selfId === undefined) return;
  // Walk up from the new parent: meeting the segment itself would make a loop.
  const result = await tx.execute<{ id: number }>(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from ${segments} where id = ${parentId}
      union
      select s.id, s.parent_id from ${segments} s join up on s.id = up.parent_id
    )
    select id from up where id = ${selfId}`);
  const rows = rowsOf<{ id: number }>(result);
  if (rows.length > 0) {
    throw fieldError('parentId', 'Un segmento no puede quedar dentro de sí mismo.');
  }
}

const segmentKind: TreeItemKind<Awaited<ReturnType<typeof segmentRow>>> = {
  table: 'segment',
  surveyOf: surveyOfSegment,
  row: segmentRow,
  container: containerOfSegment,
  movesSkipTargets: true,
  ends: {
    first: 'El segmento ya está en la primera posición.',
    last: 'El segmento ya está en la última posición.',
  },
};

type SegmentInput = components['schemas']['SegmentInput'];

/** `GET segments/paged`, filtered by campaign and survey. */
export const listSegments = (db: Db, query: QueryOf<'listSegments'>) =>
  pagedList(query, {
    source: source(db),
    rowFields,
    search: [
      fold(segments.name),
      fold(segments.description),
      fold(surveys.name),
      fold(parent.name),
    ],
    sort: {
      id: segments.id,
      surveyName: fold(surveys.name),
      parentName: fold(parent.name),
      name: fold(segments.name),
      description: fold(segments.description),
      order: segments.order,
      points: segments.points,
    } satisfies SortMap<'/segments/paged'>,
    defaultSort: ['surveyName', 'order'],
    tieBreaker: segments.id,
    filters: cascadeFilters(query, 2),
    toRow: toSegment,
  });

/** `GET segments/options`. */
export const listSegmentOptions = (db: Db, query: QueryOf<'listSegmentOptions'>) =>
  optionList(query, {
    from: (fields) =>
      db
        .select(fields)
        .from(segments)
        .innerJoin(surveys, eq(surveys.id, segments.surveyId))
        .$dynamic(),
    id: segments.id,
    label: segments.name,
    sortName: fold(segments.name),
    search: [fold(segments.name)],
    filters: cascadeFilters(query, 2),
  });

/** `POST segments`: the new segment, at `order` among its siblings (absent: last). */
export async function createSegment(db: Db, input: SegmentInput): Promise<Segment> {
  const values = namedValues(input);
  const parentId = input.parentId ?? null;
  const id = await treeTransaction(db, async (tx) => {
    await lockSurvey(tx, input.surveyId, {
      missing: () => fieldError('surveyId', 'El cuestionario no existe.'),
    });
    await checkParent(tx, input.surveyId, parentId);
    const container = containerOfSegment({ surveyId: input.surveyId, parentId });
    const order = await openSlot(tx, container, input.order);
    const [created] = await tx
      .insert(segments)
      .values({ ...values, surveyId: input.surveyId, parentId, order })
      .returning({ id: segments.id });
    return created!.id;
  });
  return readSegment(db, id);
}

/** `PUT segments/{id}`: a new parent moves it to the end of its new siblings. */
export async function updateSegment(db: Db, id: number, input: SegmentInput): Promise<Segment> {
  const values = namedValues(input);
  const surveyId = await surveyOfSegment(db, id);
  if (input.surveyId !== surveyId) {
    throw fieldError('surveyId', 'Un segmento no puede cambiar de cuestionario.');
  }
  const parentId = input.parentId ?? null;
  await lockedTreeWrite(db, surveyId, async (tx) => {
    const current = await segmentRow(tx, id);
    await tx.update(segments).set(values).where(eq(segments.id, id));
    const item = { table: 'segment' as const, id };
    const from = { container: containerOfSegment(current), order: current.order };
    if (parentId !== current.parentId) {
      await checkParent(tx, surveyId, parentId, id);
      const to = containerOfSegment({ surveyId, parentId });
      await moveToEnd(tx, surveyId, item, from, to, () =>
        tx.update(segments).set({ parentId, order: 0 }).where(eq(segments.id, id)),
      );
    } else if (input.order !== undefined && input.order !== current.order) {
      await reorderItem(tx, from.container, item, current.order, input.order, { surveyId });
    }
  });
  return readSegment(db, id);
}

/** `DELETE segments/{id}`. */
export const deleteSegment = (db: Db, id: number) => deleteItem(db, segmentKind, id);

/** `POST segments/{id}/move`: one step up or down. */
export async function moveSegment(db: Db, id: number, direction: 'up' | 'down'): Promise<Segment> {
  await stepItem(db, segmentKind, id, direction);
  return readSegment(db, id);
}
