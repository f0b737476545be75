// The review calls of spec 1 §7 over the stored visits: the check-in list (paged, a date window
// and a promoter), a visit's surveys and one survey's result tree. Points are read as stored at
// sync time (the survey engine), never recomputed.
import type { components } from '@anaquel/api/schema';
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fold, qualified as q } from '../db/fold.ts';
import {
  answerOptions,
  answerPhotos,
  answers,
  campaigns,
  checkInPhotos,
  checkInSurveySegments,
  checkInSurveys,
  checkIns,
  multipleOptions,
  pointsOfSale,
  products,
  questions,
  segments,
  surveys,
  users,
} from '../db/schema/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Page } from '../resources/contract-types.ts';
import { sortTermsOf, type PageRequest } from '../lists/page-request.ts';
import { readPage } from '../lists/read-page.ts';
import { QuestionType, questionTypeLabel } from '../surveys/types.ts';
import { addDays, startOfMexicoCityDay } from './dates.ts';
import { geoStatusOf, outOfRange } from './geo.ts';

type CheckIn = components['schemas']['CheckIn'];
type CheckInSurvey = components['schemas']['CheckInSurvey'];
type CheckInSurveyResult = components['schemas']['CheckInSurveyResult'];
type ResultSegment = components['schemas']['ResultSegment'];
type ResultAnswer = components['schemas']['ResultAnswer'];

export interface CheckInListQuery {
  page: number;
  pageSize: number;
  sort: unknown;
  promoterId?: number;
  startDate?: string;
  endDate?: string;
  /** 'Solo fuera de rango': only the visits beyond the geofence. */
  outOfRange?: boolean;
  /** GEOFENCE_METERS (env.ts). */
  geofenceMeters: number;
}

const promoterName = sql<string>`${users.name} || ' ' || ${users.lastName}`;

const CHECK_IN_SORT: Record<string, SQL | typeof checkIns.id> = {
  id: checkIns.id,
  user: fold(promoterName),
  pointOfSale: pointsOfSale.nameKey as unknown as SQL,
  campaign: fold(campaigns.name),
  unavailable: checkIns.unavailable as unknown as SQL,
  startDate: checkIns.startDate as unknown as SQL,
  endDate: checkIns.endDate as unknown as SQL,
  syncedAt: checkIns.syncedAt as unknown as SQL,
};

const CHECK_IN_FIELDS = {
  id: checkIns.id,
  uuid: checkIns.uuid,
  userId: checkIns.userId,
  user: promoterName,
  pointOfSaleId: checkIns.pointOfSaleId,
  pointOfSale: pointsOfSale.name,
  campaignId: checkIns.campaignId,
  campaign: campaigns.name,
  unavailable: checkIns.unavailable,
  startDate: checkIns.startDate,
  endDate: checkIns.endDate,
  syncedAt: checkIns.syncedAt,
  checkInLatitude: checkIns.checkInLatitude,
  checkInLongitude: checkIns.checkInLongitude,
  checkOutLatitude: checkIns.checkOutLatitude,
  checkOutLongitude: checkIns.checkOutLongitude,
  checkInDistance: checkIns.checkInDistance,
  checkOutDistance: checkIns.checkOutDistance,
  // The visit's photos in the page query itself (a correlated subquery on the photos' primary
  // key, run for the page's rows only): no second round trip per page.
  photoUrls: sql<
    string[]
  >`(select coalesce(json_agg(${q(checkInPhotos.fileId)} order by ${q(checkInPhotos.order)}), '[]') from ${checkInPhotos} where ${q(checkInPhotos.checkInId)} = ${q(checkIns.id)})`,
};

/** The list's columns with the GeoStatus of a threshold, one object per threshold (readPage). */
const checkInFieldsByGeofence = new Map<number, typeof CHECK_IN_FIELDS & { geoStatus: SQL }>();
function checkInFields(geofenceMeters: number) {
  let fields = checkInFieldsByGeofence.get(geofenceMeters);
  if (!fields) {
    fields = { ...CHECK_IN_FIELDS, geoStatus: geoStatusOf(geofenceMeters) };
    checkInFieldsByGeofence.set(geofenceMeters, fields);
  }
  return fields;
}

/** A row of the page as read: the contract's CheckIn with its instants still Dates. */
type CheckInRow = Omit<CheckIn, 'startDate' | 'endDate' | 'syncedAt'> & {
  startDate: Date;
  endDate: Date | null;
  syncedAt: Date;
};

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Rows grouped by `key`, each group in the rows' order (photos by visit or answer...). */
function groupBy<Row, Key, Value>(
  rows: readonly Row[],
  key: (row: Row) => Key,
  value: (row: Row) => Value,
): Map<Key, Value[]> {
  const groups = new Map<Key, Value[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}

const CHECK_IN_SURVEY_FIELDS = {
  id: checkInSurveys.id,
  checkInId: checkInSurveys.checkInId,
  surveyId: checkInSurveys.surveyId,
  survey: surveys.name,
  productId: checkInSurveys.productId,
  product: products.name,
  startDate: checkInSurveys.startDate,
  endDate: checkInSurveys.endDate,
  answerPoints: checkInSurveys.answerPoints,
  surveyPoints: checkInSurveys.surveyPoints,
};

/** A visit's surveys with their survey and product names (the list and a result's header). */
const selectCheckInSurveys = <Extra extends Record<string, SQL>>(db: Db, extra: Extra) =>
  db
    .select({ ...CHECK_IN_SURVEY_FIELDS, ...extra })
    .from(checkInSurveys)
    .innerJoin(surveys, eq(surveys.id, checkInSurveys.surveyId))
    .leftJoin(products, eq(products.id, checkInSurveys.productId))
    .$dynamic();

// Module-level (one identity), so readPage reuses the pages it built (lists/page-queries.ts).
const checkInSource: PageRequest['source'] = (database, fields) =>
  database
    .select(fields)
    .from(checkIns)
    .innerJoin(users, eq(users.id, checkIns.userId))
    .innerJoin(pointsOfSale, eq(pointsOfSale.id, checkIns.pointOfSaleId))
    .innerJoin(campaigns, eq(campaigns.id, checkIns.campaignId))
    .$dynamic();
const checkInCountSource: PageRequest['source'] = (database, fields) =>
  database.select(fields).from(checkIns).$dynamic();

/** The list's filters (the map's too, visits/map.ts): promoter, days, 'Solo fuera de rango'. */
export type CheckInFilter = Pick<
  CheckInListQuery,
  'promoterId' | 'startDate' | 'endDate' | 'outOfRange' | 'geofenceMeters'
>;

/** The visits of a filter, on check_ins' columns only; 400 for an end before the start. */
export function checkInFilterWhere(query: CheckInFilter): SQL | undefined {
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    const message = 'La fecha de fin no puede ser anterior a la fecha de inicio';
    throw badRequest(message, [{ field: 'endDate', message }]);
  }
  return and(
    query.promoterId !== undefined ? eq(checkIns.userId, query.promoterId) : undefined,
    query.startDate ? gte(checkIns.startDate, startOfMexicoCityDay(query.startDate)) : undefined,
    query.endDate
      ? lt(checkIns.startDate, startOfMexicoCityDay(addDays(query.endDate, 1)))
      : undefined,
    query.outOfRange ? outOfRange(query.geofenceMeters) : undefined,
  );
}

export async function listCheckIns(db: Db, query: CheckInListQuery): Promise<Page<CheckIn>> {
  const where = checkInFilterWhere(query);
  // Newest first by default; the start date's tie-breaker follows its direction so that the
  // (start_date, id) index serves the page backwards. The shared paged-list reader
  // (lists/read-page.ts) gives the capped count, the deferred join and keyset anchors.
  const requested = Array.isArray(query.sort) ? query.sort.map(String) : [];
  const sort = sortTermsOf(requested, CHECK_IN_SORT, ['-startDate', '-id'], checkIns.id);
  const page = await readPage<CheckInRow>({
    db,
    table: checkIns,
    id: checkIns.id,
    source: checkInSource,
    countSource: checkInCountSource,
    fields: checkInFields(query.geofenceMeters),
    where,
    sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { ...page, rows: page.rows.map(checkInOf) };
}

/** A row as the contract gives it: instants as ISO text. */
const checkInOf = (row: CheckInRow): CheckIn => ({
  ...row,
  startDate: row.startDate.toISOString(),
  endDate: iso(row.endDate),
  syncedAt: row.syncedAt.toISOString(),
});

/** One visit as the list shows it (the header of its surveys screen). */
export async function getCheckIn(
  db: Db,
  checkInId: number,
  geofenceMeters: number,
): Promise<CheckIn> {
  const [row] = await checkInSource(db, checkInFields(geofenceMeters)).where(
    eq(checkIns.id, checkInId),
  );
  if (!row) throw notFound('La visita no existe.');
  return checkInOf(row as CheckInRow);
}

export async function listCheckInSurveys(db: Db, checkInId: number): Promise<CheckInSurvey[]> {
  const [checkIn] = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(eq(checkIns.id, checkInId));
  if (!checkIn) throw notFound('La visita no existe.');
  const rows = await selectCheckInSurveys(db, {})
    .where(eq(checkInSurveys.checkInId, checkInId))
    .orderBy(
      sql`${checkInSurveys.productId} is not null`,
      asc(fold(surveys.name)),
      asc(products.nameKey),
      asc(checkInSurveys.id),
    );
  const ids = rows.map((r) => r.id);
  const photoRows =
    ids.length === 0
      ? []
      : await db
          .select({ checkInSurveyId: answers.checkInSurveyId, fileId: answerPhotos.fileId })
          .from(answerPhotos)
          .innerJoin(answers, eq(answers.id, answerPhotos.answerId))
          .where(inArray(answers.checkInSurveyId, ids))
          .orderBy(asc(answers.id), asc(answerPhotos.order));
  const photos = groupBy(
    photoRows,
    (row) => row.checkInSurveyId,
    (row) => row.fileId,
  );
  return rows.map((row) => ({
    ...row,
    startDate: row.startDate.toISOString(),
    endDate: iso(row.endDate),
    photoUrls: photos.get(row.id) ?? [],
  }));
}

/** json_agg of `value` in `order`, '[]' when there is no row (a JSON array either way). */
const jsonList = (value: SQL, order: SQL) =>
  sql`coalesce(json_agg(${value} order by ${order}), '[]')`;

// A survey's result in one statement: the header with its shown segments and its answers, each
// answer with its chosen options (a ranking by its positions) and its photos, aggregated as JSON
// by PostgreSQL through the primary keys and the answers' (check_in_survey_id, question_id) key.
// The JSON keys are the contract's; only the nesting of segments and the type's label are left.
const resultSegments = sql`(select ${jsonList(
  sql`json_build_object('id', ${q(segments.id)}, 'parentId', ${q(segments.parentId)},
    'segment', ${q(segments.name)}, 'order', ${q(segments.order)},
    'points', ${q(checkInSurveySegments.answerPoints)},
    'surveyPoints', ${q(checkInSurveySegments.surveyPoints)})`,
  sql`${q(segments.order)}, ${q(segments.id)}`,
)} from ${checkInSurveySegments}
  join ${segments} on ${q(segments.id)} = ${q(checkInSurveySegments.segmentId)}
  where ${q(checkInSurveySegments.checkInSurveyId)} = ${q(checkInSurveys.id)}
    and not ${q(checkInSurveySegments.hidden)})`;

const selectedOptions = sql`(select ${jsonList(
  sql`json_build_object('id', ${q(multipleOptions.id)},
    'description', ${q(multipleOptions.description)}, 'points', ${q(multipleOptions.points)},
    'isOther', ${q(multipleOptions.isOther)}, 'value', ${q(answerOptions.value)},
    'otherText', ${q(answerOptions.otherText)})`,
  sql`case when ${q(questions.type)} = ${sql.raw(String(QuestionType.Ranking))}
      then coalesce(${q(answerOptions.value)}, 0) else 0 end,
    ${q(multipleOptions.order)}, ${q(multipleOptions.id)}`,
)} from ${answerOptions}
  join ${multipleOptions} on ${q(multipleOptions.id)} = ${q(answerOptions.optionId)}
  where ${q(answerOptions.answerId)} = ${q(answers.id)})`;

const answerPhotoIds = sql`(select ${jsonList(
  sql`${q(answerPhotos.fileId)}`,
  sql`${q(answerPhotos.order)}`,
)} from ${answerPhotos} where ${q(answerPhotos.answerId)} = ${q(answers.id)})`;

const resultAnswers = sql`(select ${jsonList(
  sql`json_build_object('id', ${q(answers.id)}, 'questionId', ${q(answers.questionId)},
    'segmentId', ${q(questions.segmentId)}, 'question', ${q(questions.description)},
    'type', ${q(questions.type)}, 'order', ${q(questions.order)}, 'isNa', ${q(answers.isNa)},
    'textValue', ${q(answers.textValue)}, 'intValue', ${q(answers.intValue)},
    'decimalValue', ${q(answers.decimalValue)}, 'dateValue', ${q(answers.dateValue)},
    'selectedOptions', ${selectedOptions}, 'points', ${q(answers.points)},
    'surveyPoints', ${q(answers.surveyPoints)}, 'photoUrls', ${answerPhotoIds})`,
  sql`${q(questions.order)}, ${q(questions.id)}`,
)} from ${answers}
  join ${questions} on ${q(questions.id)} = ${q(answers.questionId)}
  where ${q(answers.checkInSurveyId)} = ${q(checkInSurveys.id)})`;

type SegmentNode = Omit<ResultSegment, 'questions' | 'segments'> & { parentId: number | null };
type AnswerNode = Omit<ResultAnswer, 'typeDescription'> & { segmentId: number };

/** The result query, prepared (a named statement: parsed and planned once per connection). */
const resultQueries = new WeakMap<Db, ReturnType<typeof prepareResultQuery>>();
const prepareResultQuery = (db: Db) =>
  selectCheckInSurveys(db, {
    segments: sql<SegmentNode[]>`${resultSegments}`,
    answers: sql<AnswerNode[]>`${resultAnswers}`,
  })
    .where(eq(checkInSurveys.id, sql.placeholder('id')))
    .prepare('check_in_survey_result');

export async function getCheckInSurveyResult(
  db: Db,
  checkInSurveyId: number,
): Promise<CheckInSurveyResult> {
  let query = resultQueries.get(db);
  if (!query) {
    query = prepareResultQuery(db);
    resultQueries.set(db, query);
  }
  const [row] = await query.execute({ id: checkInSurveyId });
  if (!row) throw notFound('La encuesta de la visita no existe.');
  const { segments: segmentRows, answers: answerRows, ...header } = row;

  const answersOf = new Map<number, ResultAnswer[]>();
  for (const { segmentId, ...answer } of answerRows) {
    const shown = { ...answer, typeDescription: questionTypeLabel(answer.type) };
    const group = answersOf.get(segmentId);
    if (group) group.push(shown);
    else answersOf.set(segmentId, [shown]);
  }
  // Segments shown at the visit (the query leaves out those the skip logic hid), nested.
  const nodes = new Map<number, ResultSegment>();
  for (const { parentId: _parentId, ...segment } of segmentRows) {
    nodes.set(segment.id, { ...segment, questions: answersOf.get(segment.id) ?? [], segments: [] });
  }
  const top: ResultSegment[] = [];
  for (const { id, parentId } of segmentRows) {
    const node = nodes.get(id)!;
    if (parentId === null) top.push(node);
    else nodes.get(parentId)?.segments.push(node);
  }
  return {
    ...header,
    startDate: header.startDate.toISOString(),
    endDate: iso(header.endDate),
    segments: top,
  };
}
