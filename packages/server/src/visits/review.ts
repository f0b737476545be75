// The review calls of spec 1 §7 over the stored visits: the check-in list (paged, a date window
// and a promoter), a visit's surveys and one survey's result tree. Points are read as stored at
// sync time (scoring.ts), never recomputed.
import type { components } from '@anaquel/api/schema';
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fold } from '../db/fold.ts';
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
import { readPage, sortTermsOf, type PageRequest } from '../resources/listing.ts';
import { QuestionType, questionTypeLabel } from '../surveys/types.ts';
import { addDays, startOfMexicoCityDay } from './dates.ts';

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
};

interface CheckInRow extends Record<string, unknown> {
  id: number;
  uuid: string;
  userId: number;
  user: string;
  pointOfSaleId: number;
  pointOfSale: string;
  campaignId: number;
  campaign: string;
  unavailable: boolean;
  startDate: Date;
  endDate: Date | null;
  syncedAt: Date;
  checkInLatitude: number | null;
  checkInLongitude: number | null;
  checkOutLatitude: number | null;
  checkOutLongitude: number | null;
}

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

/** A visit's surveys with their survey and product names (the list and a result's header). */
const selectCheckInSurveys = (db: Db) =>
  db
    .select({
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
    })
    .from(checkInSurveys)
    .innerJoin(surveys, eq(surveys.id, checkInSurveys.surveyId))
    .leftJoin(products, eq(products.id, checkInSurveys.productId))
    .$dynamic();

// Module-level (one identity), so readPage reuses the pages it built (resources/listing.ts).
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

export async function listCheckIns(db: Db, query: CheckInListQuery): Promise<Page<CheckIn>> {
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    const message = 'La fecha de fin no puede ser anterior a la fecha de inicio';
    throw badRequest(message, [{ field: 'endDate', message }]);
  }
  const where = and(
    query.promoterId !== undefined ? eq(checkIns.userId, query.promoterId) : undefined,
    query.startDate ? gte(checkIns.startDate, startOfMexicoCityDay(query.startDate)) : undefined,
    query.endDate
      ? lt(checkIns.startDate, startOfMexicoCityDay(addDays(query.endDate, 1)))
      : undefined,
  );
  // Newest first by default; the start date's tie-breaker follows its direction so that the
  // (start_date, id) index serves the page backwards. The shared paged-list reader
  // (resources/listing.ts) gives the capped count, the deferred join and keyset anchors.
  const requested = Array.isArray(query.sort) ? query.sort.map(String) : [];
  const sort = sortTermsOf(requested, CHECK_IN_SORT, ['-startDate', '-id'], checkIns.id);
  const page = await readPage<CheckInRow>({
    db,
    table: checkIns,
    id: checkIns.id,
    source: checkInSource,
    countSource: checkInCountSource,
    fields: CHECK_IN_FIELDS,
    where,
    sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  const rows = page.rows;
  const photos = await photosOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    ...page,
    rows: rows.map((row) => ({
      ...row,
      startDate: row.startDate.toISOString(),
      endDate: iso(row.endDate),
      syncedAt: row.syncedAt.toISOString(),
      photoUrls: photos.get(row.id) ?? [],
    })),
  };
}

async function photosOf(db: Db, checkInIds: number[]): Promise<Map<number, string[]>> {
  if (checkInIds.length === 0) return new Map();
  const rows = await db
    .select({ checkInId: checkInPhotos.checkInId, fileId: checkInPhotos.fileId })
    .from(checkInPhotos)
    .where(inArray(checkInPhotos.checkInId, checkInIds))
    .orderBy(asc(checkInPhotos.checkInId), asc(checkInPhotos.order));
  return groupBy(
    rows,
    (row) => row.checkInId,
    (row) => row.fileId,
  );
}

export async function listCheckInSurveys(db: Db, checkInId: number): Promise<CheckInSurvey[]> {
  const [checkIn] = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(eq(checkIns.id, checkInId));
  if (!checkIn) throw notFound('La visita no existe.');
  const rows = await selectCheckInSurveys(db)
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

export async function getCheckInSurveyResult(
  db: Db,
  checkInSurveyId: number,
): Promise<CheckInSurveyResult> {
  const [header] = await selectCheckInSurveys(db).where(eq(checkInSurveys.id, checkInSurveyId));
  if (!header) throw notFound('La encuesta de la visita no existe.');

  const [segmentRows, answerRows, optionRows, photoRows] = await Promise.all([
    db
      .select({
        id: segments.id,
        parentId: segments.parentId,
        name: segments.name,
        order: segments.order,
        points: checkInSurveySegments.answerPoints,
        surveyPoints: checkInSurveySegments.surveyPoints,
        hidden: checkInSurveySegments.hidden,
      })
      .from(checkInSurveySegments)
      .innerJoin(segments, eq(segments.id, checkInSurveySegments.segmentId))
      .where(eq(checkInSurveySegments.checkInSurveyId, checkInSurveyId))
      .orderBy(asc(segments.order), asc(segments.id)),
    db
      .select({
        id: answers.id,
        questionId: answers.questionId,
        segmentId: questions.segmentId,
        question: questions.description,
        type: questions.type,
        order: questions.order,
        isNa: answers.isNa,
        textValue: answers.textValue,
        intValue: answers.intValue,
        decimalValue: answers.decimalValue,
        dateValue: answers.dateValue,
        points: answers.points,
        surveyPoints: answers.surveyPoints,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.checkInSurveyId, checkInSurveyId))
      .orderBy(asc(questions.order), asc(questions.id)),
    db
      .select({
        answerId: answerOptions.answerId,
        id: multipleOptions.id,
        description: multipleOptions.description,
        points: multipleOptions.points,
        isOther: multipleOptions.isOther,
        order: multipleOptions.order,
        value: answerOptions.value,
        otherText: answerOptions.otherText,
      })
      .from(answerOptions)
      .innerJoin(answers, eq(answers.id, answerOptions.answerId))
      .innerJoin(multipleOptions, eq(multipleOptions.id, answerOptions.optionId))
      .where(eq(answers.checkInSurveyId, checkInSurveyId))
      .orderBy(asc(multipleOptions.order), asc(multipleOptions.id)),
    db
      .select({ answerId: answerPhotos.answerId, fileId: answerPhotos.fileId })
      .from(answerPhotos)
      .innerJoin(answers, eq(answers.id, answerPhotos.answerId))
      .where(eq(answers.checkInSurveyId, checkInSurveyId))
      .orderBy(asc(answerPhotos.answerId), asc(answerPhotos.order)),
  ]);

  const optionsOf = groupBy(
    optionRows,
    (row) => row.answerId,
    (row) => row,
  );
  const photosOf = groupBy(
    photoRows,
    (row) => row.answerId,
    (row) => row.fileId,
  );

  const toResultAnswer = (row: (typeof answerRows)[number]): ResultAnswer => {
    let chosen = optionsOf.get(row.id) ?? [];
    if (row.type === QuestionType.Ranking) {
      chosen = [...chosen].sort((a, b) => (a.value ?? 0) - (b.value ?? 0));
    }
    return {
      id: row.id,
      questionId: row.questionId,
      question: row.question,
      type: row.type,
      typeDescription: questionTypeLabel(row.type),
      order: row.order,
      isNa: row.isNa,
      textValue: row.textValue,
      intValue: row.intValue,
      decimalValue: row.decimalValue,
      dateValue: row.dateValue,
      selectedOptions: chosen.map((o) => ({
        id: o.id,
        description: o.description,
        points: o.points,
        isOther: o.isOther,
        value: o.value,
        otherText: o.otherText,
      })),
      points: row.points,
      surveyPoints: row.surveyPoints,
      photoUrls: photosOf.get(row.id) ?? [],
    };
  };
  const answersOf = groupBy(answerRows, (row) => row.segmentId, toResultAnswer);

  // Segments shown at the visit, nested; those the skip logic hid are left out.
  const nodes = new Map<number, ResultSegment & { parentId: number | null }>();
  for (const row of segmentRows) {
    if (row.hidden) continue;
    nodes.set(row.id, {
      id: row.id,
      segment: row.name,
      order: row.order,
      points: row.points,
      surveyPoints: row.surveyPoints,
      questions: answersOf.get(row.id) ?? [],
      segments: [],
      parentId: row.parentId,
    });
  }
  const top: ResultSegment[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (node.parentId === null) top.push(node);
    else parent?.segments.push(node);
  }
  const strip = (node: ResultSegment & { parentId?: number | null }): ResultSegment => {
    const { parentId: _parentId, ...rest } = node;
    return { ...rest, segments: rest.segments.map(strip) };
  };
  return {
    ...header,
    startDate: header.startDate.toISOString(),
    endDate: iso(header.endDate),
    segments: top.map(strip),
  };
}
