// The visits sync (docs/sync.md): a batch of visits from a promoter's phone, each stored whole
// in its own transaction or not at all, each answered in order. Idempotent by the phone's UUID:
// a visit already stored is answered as the first time, never stored twice, even when two
// phones (or two retries) send it at the same instant.
import { createHash } from 'node:crypto';
import type { components } from '@anaquel/api/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { qualified as q } from '../db/fold.ts';
import {
  answerOptions,
  answerPhotos,
  answers,
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  checkInPhotos,
  checkInSurveySegments,
  checkInSurveys,
  checkIns,
  files,
  pointsOfSale,
} from '../db/schema/index.ts';
import type { ValidationIssue } from '../http/errors.ts';
import { pgErrorOf } from '../resources/db-errors.ts';
import { touchListedTable } from '../resources/listing.ts';
import { scoreSurvey, toCents, type SegmentScore } from '../surveys/scoring.ts';
import { PRODUCT_SURVEY_TYPE } from '../surveys/types.ts';
import { checkAnswers, questionsOf, toScoringAnswer, type AnswerableSurvey } from './answers.ts';
import { mexicoCityDay } from './dates.ts';
import type { Promoter } from './promoter.ts';
import { loadAnswerableSurveys } from './survey-loader.ts';
import { MAX_ATTEMPTS, backOff, isRetryable, lockAnsweredSurveys } from './sync-locks.ts';

export type SyncCheckIn = components['schemas']['SyncCheckIn'];
export type SyncCheckInResult = components['schemas']['SyncCheckInResult'];

/** A phone's clock may run ahead a little; a visit starting later than this is refused. */
const FUTURE_TOLERANCE_MS = 60 * 60 * 1000;

export const SYNC_MESSAGES = {
  rejected: 'La visita no se guardó: revisa los errores.',
  otherContent: 'La visita ya se sincronizó con otro contenido.',
  otherUser: 'El identificador de la visita pertenece a otro promotor.',
} as const;

/** A refusal of one visit: nothing of it is stored. */
class VisitRejected extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('visit rejected');
  }
}

/** JSON with sorted keys: the same visit hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function payloadHash(visit: SyncCheckIn): string {
  return createHash('sha256').update(canonical(visit)).digest('hex');
}

interface StoredVisit {
  id: number;
  userId: number;
  payloadHash: string;
  syncedAt: Date;
  answerPoints: number;
}

async function findStored(db: Db, uuids: readonly string[]): Promise<Map<string, StoredVisit>> {
  const map = new Map<string, StoredVisit>();
  if (uuids.length === 0) return map;
  const rows = await db
    .select({
      uuid: checkIns.uuid,
      id: checkIns.id,
      userId: checkIns.userId,
      payloadHash: checkIns.payloadHash,
      syncedAt: checkIns.syncedAt,
      answerPoints: sql<string>`coalesce((select sum(${checkInSurveys.answerPoints}) from ${checkInSurveys} where ${checkInSurveys.checkInId} = ${q(checkIns.id)}), 0)`,
    })
    .from(checkIns)
    .where(inArray(checkIns.uuid, [...uuids]));
  for (const row of rows) map.set(row.uuid, { ...row, answerPoints: Number(row.answerPoints) });
  return map;
}

function resultOfStored(
  visit: SyncCheckIn,
  stored: StoredVisit,
  promoter: Promoter,
  hash: string,
): SyncCheckInResult {
  if (stored.userId !== promoter.userId) return rejected(visit.uuid, SYNC_MESSAGES.otherUser);
  if (stored.payloadHash !== hash) return rejected(visit.uuid, SYNC_MESSAGES.otherContent);
  return {
    uuid: visit.uuid,
    status: 'created',
    checkInId: stored.id,
    syncedAt: stored.syncedAt.toISOString(),
    answerPoints: stored.answerPoints,
    errorMessage: null,
    validationErrors: [],
  };
}

function rejected(
  uuid: string,
  message: string,
  issues: ValidationIssue[] = [{ field: 'uuid', message }],
): SyncCheckInResult {
  return {
    uuid,
    status: 'rejected',
    checkInId: null,
    syncedAt: null,
    answerPoints: null,
    errorMessage: message,
    validationErrors: issues,
  };
}

/**
 * What the visits of one batch share, read once per request: surveys whose content can no longer
 * change (answered, so frozen by the in-use rule), campaigns, points of sale, campaign products
 * and which of the batch's photo ids exist.
 */
interface BatchCache {
  surveys: Map<number, AnswerableSurvey>;
  campaigns: Map<number, { id: number; startDate: string; endDate: string | null } | null>;
  pointsOfSale: Map<string, { id: number; stateId: number; inCampaign: boolean } | null>;
  campaignProducts: Map<number, Set<number>>;
  photos: Set<string>;
}

function photoIdsOf(visit: SyncCheckIn): string[] {
  return [
    ...(visit.photoIds ?? []),
    ...visit.surveys.flatMap((s) => s.answers.flatMap((a) => a.photoIds ?? [])),
  ];
}

/**
 * Stores a batch of visits of one promoter; one result per visit, in order. Never throws for a
 * bad visit (it is `rejected` with its reasons); unexpected failures propagate (500).
 */
export async function syncCheckIns(
  db: Db,
  promoter: Promoter,
  visits: readonly SyncCheckIn[],
): Promise<SyncCheckInResult[]> {
  const stored = await findStored(
    db,
    visits.map((v) => v.uuid),
  );
  const photoIds = [...new Set(visits.flatMap(photoIdsOf))];
  const cache: BatchCache = {
    surveys: new Map(),
    campaigns: new Map(),
    pointsOfSale: new Map(),
    campaignProducts: new Map(),
    photos: new Set(
      photoIds.length === 0
        ? []
        : (await db.select({ id: files.id }).from(files).where(inArray(files.id, photoIds))).map(
            (r) => r.id,
          ),
    ),
  };
  const results: SyncCheckInResult[] = [];
  for (const visit of visits) {
    const hash = payloadHash(visit);
    const known = stored.get(visit.uuid);
    if (known) {
      results.push(resultOfStored(visit, known, promoter, hash));
      continue;
    }
    const result = await syncOne(db, promoter, visit, hash, cache);
    if (result.status === 'created') {
      stored.set(visit.uuid, {
        id: result.checkInId!,
        userId: promoter.userId,
        payloadHash: hash,
        syncedAt: new Date(result.syncedAt!),
        answerPoints: result.answerPoints ?? 0,
      });
    }
    results.push(result);
  }
  return results;
}

async function syncOne(
  db: Db,
  promoter: Promoter,
  visit: SyncCheckIn,
  hash: string,
  cache: BatchCache,
): Promise<SyncCheckInResult> {
  const staticIssues = checkVisitShape(visit);
  if (staticIssues.length > 0) {
    return rejected(visit.uuid, SYNC_MESSAGES.rejected, staticIssues);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await db.transaction((tx) => storeVisit(tx, promoter, visit, hash, cache));
      // The review list's keyset anchors of this process are stale now (resources/listing.ts).
      touchListedTable(checkIns);
      return {
        uuid: visit.uuid,
        status: 'created',
        checkInId: created.id,
        syncedAt: created.syncedAt.toISOString(),
        answerPoints: created.answerPoints,
        errorMessage: null,
        validationErrors: [],
      };
    } catch (error) {
      if (error instanceof VisitRejected) {
        return rejected(visit.uuid, SYNC_MESSAGES.rejected, error.issues);
      }
      const pg = pgErrorOf(error);
      if (pg?.code === '23505' && pg.constraint === 'check_ins_uuid_key') {
        // Stored meanwhile by another request (the same visit sent twice at once).
        const stored = (await findStored(db, [visit.uuid])).get(visit.uuid);
        if (stored) return resultOfStored(visit, stored, promoter, hash);
      }
      if (isRetryable(pg) && attempt < MAX_ATTEMPTS) {
        await backOff(attempt);
        continue;
      }
      throw error;
    }
  }
}

/** What can be checked without the database. */
function checkVisitShape(visit: SyncCheckIn): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const start = new Date(visit.startDate);
  const end = visit.endDate ? new Date(visit.endDate) : null;
  if (start.getTime() > Date.now() + FUTURE_TOLERANCE_MS) {
    issues.push({ field: 'startDate', message: 'La fecha de inicio está en el futuro.' });
  }
  if (end && end < start) {
    issues.push({
      field: 'endDate',
      message: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
    });
  }
  const pairs: [string, number | null | undefined, number | null | undefined][] = [
    ['checkIn', visit.checkInLatitude, visit.checkInLongitude],
    ['checkOut', visit.checkOutLatitude, visit.checkOutLongitude],
  ];
  for (const [name, latitude, longitude] of pairs) {
    if ((latitude == null) !== (longitude == null)) {
      issues.push({
        field: `${name}Latitude`,
        message: 'La latitud y la longitud se envían juntas.',
      });
    }
  }
  if (visit.unavailable && visit.surveys.length > 0) {
    issues.push({ field: 'surveys', message: 'Una visita no disponible no lleva encuestas.' });
  }
  const photos = visit.photoIds ?? [];
  if (new Set(photos).size !== photos.length) {
    issues.push({ field: 'photoIds', message: 'Una foto se repite.' });
  }
  const pairsSeen = new Set<string>();
  visit.surveys.forEach((survey, index) => {
    const key = `${survey.surveyId}/${survey.productId ?? ''}`;
    if (pairsSeen.has(key)) {
      issues.push({
        field: `surveys[${index}]`,
        message: 'El cuestionario se respondió más de una vez para el mismo producto.',
      });
    }
    pairsSeen.add(key);
    const surveyStart = new Date(survey.startDate);
    if (survey.endDate && new Date(survey.endDate) < surveyStart) {
      issues.push({
        field: `surveys[${index}].endDate`,
        message: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
      });
    }
  });
  return issues;
}

interface Created {
  id: number;
  syncedAt: Date;
  answerPoints: number;
}

async function storeVisit(
  tx: Tx,
  promoter: Promoter,
  visit: SyncCheckIn,
  hash: string,
  cache: BatchCache,
): Promise<Created> {
  const db = tx as unknown as Db;
  const issues: ValidationIssue[] = [];

  // The campaign and the point of sale.
  if (!cache.campaigns.has(visit.campaignId)) {
    const [row] = await db
      .select({ id: campaigns.id, startDate: campaigns.startDate, endDate: campaigns.endDate })
      .from(campaigns)
      .where(eq(campaigns.id, visit.campaignId));
    cache.campaigns.set(visit.campaignId, row ?? null);
  }
  const campaign = cache.campaigns.get(visit.campaignId);
  if (!campaign) {
    throw new VisitRejected([{ field: 'campaignId', message: 'La campaña no existe.' }]);
  }
  const day = mexicoCityDay(new Date(visit.startDate));
  if (day < campaign.startDate || (campaign.endDate !== null && day > campaign.endDate)) {
    issues.push({
      field: 'startDate',
      message: 'La visita está fuera de las fechas de la campaña.',
    });
  }
  const placeKey = `${campaign.id}/${visit.pointOfSaleId}`;
  if (!cache.pointsOfSale.has(placeKey)) {
    const [row] = await db
      .select({
        id: pointsOfSale.id,
        stateId: pointsOfSale.stateId,
        inCampaign: sql<boolean>`exists (select 1 from ${campaignPointsOfSale} where ${campaignPointsOfSale.campaignId} = ${campaign.id} and ${campaignPointsOfSale.pointOfSaleId} = ${q(pointsOfSale.id)})`,
      })
      .from(pointsOfSale)
      .where(eq(pointsOfSale.id, visit.pointOfSaleId));
    cache.pointsOfSale.set(placeKey, row ?? null);
  }
  const pointOfSale = cache.pointsOfSale.get(placeKey);
  if (!pointOfSale) {
    issues.push({ field: 'pointOfSaleId', message: 'El punto de venta no existe.' });
  } else {
    if (!pointOfSale.inCampaign) {
      issues.push({
        field: 'pointOfSaleId',
        message: 'El punto de venta no está asignado a la campaña.',
      });
    }
    if (!promoter.stateIds.has(pointOfSale.stateId)) {
      issues.push({
        field: 'pointOfSaleId',
        message: 'El punto de venta no está en las regiones del promotor.',
      });
    }
  }

  // The surveys: marked in use and locked so that a designer edit never interleaves
  // (docs/surveys.md, in-use rule; sync-locks.ts), then their content is read.
  const surveyIds = [...new Set(visit.surveys.map((s) => s.surveyId))].sort((a, b) => a - b);
  const answeredBefore = await lockAnsweredSurveys(db, surveyIds);
  const toLoad = surveyIds.filter((id) => !(answeredBefore.has(id) && cache.surveys.has(id)));
  const loaded = await loadAnswerableSurveys(db, toLoad);
  for (const [id, survey] of loaded) if (answeredBefore.has(id)) cache.surveys.set(id, survey);
  const surveyOf = (id: number) => loaded.get(id) ?? cache.surveys.get(id);

  const needsProducts = visit.surveys.some((sent) => sent.productId != null);
  if (needsProducts && !cache.campaignProducts.has(campaign.id)) {
    const rows = await db
      .select({ productId: campaignProducts.productId })
      .from(campaignProducts)
      .where(eq(campaignProducts.campaignId, campaign.id));
    cache.campaignProducts.set(campaign.id, new Set(rows.map((r) => r.productId)));
  }
  const campaignProductIds = cache.campaignProducts.get(campaign.id) ?? new Set<number>();
  const existingPhotos = cache.photos;
  const checkPhotos = (ids: readonly string[] | undefined, field: string) => {
    (ids ?? []).forEach((id, index) => {
      if (!existingPhotos.has(id)) {
        issues.push({
          field: `${field}[${index}]`,
          message: 'La foto no existe; súbela antes de enviar la visita.',
        });
      }
    });
  };
  checkPhotos(visit.photoIds, 'photoIds');

  visit.surveys.forEach((sent, index) => {
    const at = `surveys[${index}]`;
    const survey = surveyOf(sent.surveyId);
    if (!survey) {
      issues.push({ field: `${at}.surveyId`, message: 'El cuestionario no existe.' });
      return;
    }
    if (survey.campaignId !== campaign.id) {
      issues.push({
        field: `${at}.surveyId`,
        message: 'El cuestionario no pertenece a la campaña.',
      });
      return;
    }
    if (survey.type === PRODUCT_SURVEY_TYPE) {
      if (sent.productId == null) {
        issues.push({
          field: `${at}.productId`,
          message: 'Un cuestionario de producto se responde por producto.',
        });
      } else if (!campaignProductIds.has(sent.productId)) {
        issues.push({
          field: `${at}.productId`,
          message: 'El producto no está asignado a la campaña.',
        });
      }
    } else if (sent.productId != null) {
      issues.push({
        field: `${at}.productId`,
        message: 'Un cuestionario de punto de venta no lleva producto.',
      });
    }
    sent.answers.forEach((answer, answerIndex) =>
      checkPhotos(answer.photoIds, `${at}.answers[${answerIndex}].photoIds`),
    );
    issues.push(...checkAnswers(survey, sent.answers, at));
  });
  if (issues.length > 0) throw new VisitRejected(issues);

  // Everything checks: score and store.
  const [checkIn] = await db
    .insert(checkIns)
    .values({
      uuid: visit.uuid,
      payloadHash: hash,
      userId: promoter.userId,
      pointOfSaleId: visit.pointOfSaleId,
      campaignId: visit.campaignId,
      unavailable: visit.unavailable,
      startDate: new Date(visit.startDate),
      endDate: visit.endDate ? new Date(visit.endDate) : null,
      checkInLatitude: visit.checkInLatitude ?? null,
      checkInLongitude: visit.checkInLongitude ?? null,
      checkOutLatitude: visit.checkOutLatitude ?? null,
      checkOutLongitude: visit.checkOutLongitude ?? null,
    })
    .returning({ id: checkIns.id, syncedAt: checkIns.syncedAt });
  const checkInId = checkIn!.id;
  if ((visit.photoIds ?? []).length > 0) {
    await db
      .insert(checkInPhotos)
      .values(visit.photoIds!.map((fileId, order) => ({ checkInId, fileId, order })));
  }

  let totalCents = 0;
  if (visit.surveys.length > 0) {
    const scored = visit.surveys.map((sent) => {
      const survey = surveyOf(sent.surveyId)!;
      return { sent, survey, score: scoreSurvey(survey, sent.answers.map(toScoringAnswer)) };
    });
    const inserted = await db
      .insert(checkInSurveys)
      .values(
        scored.map(({ sent, score }) => ({
          checkInId,
          surveyId: sent.surveyId,
          productId: sent.productId ?? null,
          startDate: new Date(sent.startDate),
          endDate: sent.endDate ? new Date(sent.endDate) : null,
          answerPoints: score.answerPoints,
          surveyPoints: score.surveyPoints,
        })),
      )
      .returning({
        id: checkInSurveys.id,
        surveyId: checkInSurveys.surveyId,
        productId: checkInSurveys.productId,
      });
    const idOf = new Map(inserted.map((r) => [`${r.surveyId}/${r.productId ?? ''}`, r.id]));

    const segmentRows: (typeof checkInSurveySegments.$inferInsert)[] = [];
    const answerRows: (typeof answers.$inferInsert)[] = [];
    for (const { sent, survey, score } of scored) {
      const checkInSurveyId = idOf.get(`${sent.surveyId}/${sent.productId ?? ''}`)!;
      totalCents += toCents(score.answerPoints);
      const flatten = (segment: SegmentScore): void => {
        segmentRows.push({
          checkInSurveyId,
          segmentId: segment.segmentId,
          answerPoints: segment.answerPoints,
          surveyPoints: segment.surveyPoints,
          hidden: segment.hidden,
        });
        segment.segments.forEach(flatten);
      };
      score.segments.forEach(flatten);
      const questionScores = new Map(
        flattenQuestions(score.segments).map((q) => [q.questionId, q]),
      );
      const questionById = questionsOf(survey);
      for (const answer of sent.answers) {
        const question = questionById.get(answer.questionId)!;
        const questionScore = questionScores.get(question.id);
        answerRows.push({
          checkInSurveyId,
          questionId: answer.questionId,
          textValue: answer.isNa ? null : blankToNull(answer.textValue),
          intValue: answer.isNa ? null : (answer.intValue ?? null),
          decimalValue: answer.isNa ? null : (answer.decimalValue ?? null),
          dateValue: answer.isNa ? null : (answer.dateValue ?? null),
          isNa: answer.isNa ?? false,
          points: questionScore?.answerPoints ?? 0,
          surveyPoints: questionScore?.surveyPoints ?? 0,
        });
      }
    }
    if (segmentRows.length > 0) await db.insert(checkInSurveySegments).values(segmentRows);
    if (answerRows.length > 0) {
      const answerIds = await db.insert(answers).values(answerRows).returning({
        id: answers.id,
        checkInSurveyId: answers.checkInSurveyId,
        questionId: answers.questionId,
      });
      const answerIdOf = new Map(
        answerIds.map((r) => [`${r.checkInSurveyId}/${r.questionId}`, r.id]),
      );
      const optionRows: (typeof answerOptions.$inferInsert)[] = [];
      const photoRows: (typeof answerPhotos.$inferInsert)[] = [];
      for (const sent of visit.surveys) {
        const checkInSurveyId = idOf.get(`${sent.surveyId}/${sent.productId ?? ''}`)!;
        for (const answer of sent.answers) {
          const answerId = answerIdOf.get(`${checkInSurveyId}/${answer.questionId}`)!;
          for (const option of answer.options ?? []) {
            optionRows.push({
              answerId,
              optionId: option.optionId,
              value: option.value ?? null,
              otherText: blankToNull(option.otherText),
            });
          }
          (answer.photoIds ?? []).forEach((fileId, order) =>
            photoRows.push({ answerId, fileId, order }),
          );
        }
      }
      if (optionRows.length > 0) await db.insert(answerOptions).values(optionRows);
      if (photoRows.length > 0) await db.insert(answerPhotos).values(photoRows);
    }
  }
  return { id: checkInId, syncedAt: checkIn!.syncedAt, answerPoints: totalCents / 100 };
}

function flattenQuestions(segments: readonly SegmentScore[]): SegmentScore['questions'] {
  return segments.flatMap((s) => [...s.questions, ...flattenQuestions(s.segments)]);
}

function blankToNull(value: string | null | undefined): string | null {
  if (value == null) return null;
  return value.trim() === '' ? null : value;
}
