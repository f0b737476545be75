// Stores one visit that passed every check (sync.ts): the check-in, its photos, its surveys with
// the points the survey engine gives them, per segment and per answer, the chosen options and the
// answers' photos, in the caller's transaction.
import { distanceMeters } from '@anaquel/api/rules';
import type { components } from '@anaquel/api/schema';
import { scoreSurvey, toCents, type SegmentScore } from '@anaquel/api/survey-engine';
import type { Db } from '../db/client.ts';
import {
  answerOptions,
  answerPhotos,
  answers,
  checkInPhotos,
  checkIns,
  checkInSurveys,
  checkInSurveySegments,
} from '../db/schema/index.ts';
import type { AnswerableSurvey } from './answers.ts';

type SyncCheckIn = components['schemas']['SyncCheckIn'];
type SentSurvey = SyncCheckIn['surveys'][number];

export interface CreatedVisit {
  id: number;
  syncedAt: Date;
  answerPoints: number;
}

/** Where the visited point of sale is; null coordinates when it has none. */
interface Place {
  latitude: number | null;
  longitude: number | null;
}

/**
 * Whole metres from a position of the visit to its point of sale (the shared haversine, so the
 * phone and the review agree); null when either side has no coordinates (docs/geo.md).
 */
function metresTo(
  place: Place,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): number | null {
  const { latitude: placeLatitude, longitude: placeLongitude } = place;
  if (placeLatitude === null || placeLongitude === null) return null;
  if (latitude == null || longitude == null) return null;
  const to = { latitude: placeLatitude, longitude: placeLongitude };
  return Math.round(distanceMeters({ latitude, longitude }, to));
}

/** Inserts the visit of `userId` (its surveys found by `surveyOf`); answers its id and points. */
export async function insertVisit(
  db: Db,
  userId: number,
  visit: SyncCheckIn,
  hash: string,
  surveyOf: (id: number) => AnswerableSurvey | undefined,
  place: Place,
): Promise<CreatedVisit> {
  const [checkIn] = await db
    .insert(checkIns)
    .values({
      uuid: visit.uuid,
      payloadHash: hash,
      userId,
      pointOfSaleId: visit.pointOfSaleId,
      campaignId: visit.campaignId,
      unavailable: visit.unavailable,
      startDate: new Date(visit.startDate),
      endDate: visit.endDate ? new Date(visit.endDate) : null,
      checkInLatitude: visit.checkInLatitude ?? null,
      checkInLongitude: visit.checkInLongitude ?? null,
      checkOutLatitude: visit.checkOutLatitude ?? null,
      checkOutLongitude: visit.checkOutLongitude ?? null,
      checkInDistance: metresTo(place, visit.checkInLatitude, visit.checkInLongitude),
      checkOutDistance: metresTo(place, visit.checkOutLatitude, visit.checkOutLongitude),
    })
    .returning({ id: checkIns.id, syncedAt: checkIns.syncedAt });
  const checkInId = checkIn!.id;
  if ((visit.photoIds ?? []).length > 0) {
    await db
      .insert(checkInPhotos)
      .values(visit.photoIds!.map((fileId, order) => ({ checkInId, fileId, order })));
  }
  const answerPoints =
    visit.surveys.length > 0 ? await insertSurveys(db, checkInId, visit.surveys, surveyOf) : 0;
  return { id: checkInId, syncedAt: checkIn!.syncedAt, answerPoints };
}

/**
 * The visit's surveys with their points (per survey, segment and answer) and what each answer
 * chose or photographed; answers the points earned over them.
 */
async function insertSurveys(
  db: Db,
  checkInId: number,
  sentSurveys: SyncCheckIn['surveys'],
  surveyOf: (id: number) => AnswerableSurvey | undefined,
): Promise<number> {
  const scored = sentSurveys.map((sent) => ({
    sent,
    score: scoreSurvey(surveyOf(sent.surveyId)!, sent.answers),
  }));
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
  const surveyIdOf = (sent: SentSurvey) => idOf.get(`${sent.surveyId}/${sent.productId ?? ''}`)!;

  let totalCents = 0;
  const segmentRows: (typeof checkInSurveySegments.$inferInsert)[] = [];
  const answerRows: (typeof answers.$inferInsert)[] = [];
  for (const { sent, score } of scored) {
    const checkInSurveyId = surveyIdOf(sent);
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
    const questionScores = new Map(flattenQuestions(score.segments).map((q) => [q.questionId, q]));
    for (const answer of sent.answers) {
      const questionScore = questionScores.get(answer.questionId);
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
  if (answerRows.length > 0) await insertChoices(db, answerRows, sentSurveys, surveyIdOf);
  return totalCents / 100;
}

/** The answers' rows, then the options each chose and the photos each took. */
async function insertChoices(
  db: Db,
  answerRows: (typeof answers.$inferInsert)[],
  sentSurveys: SyncCheckIn['surveys'],
  surveyIdOf: (sent: SentSurvey) => number,
): Promise<void> {
  const answerIds = await db.insert(answers).values(answerRows).returning({
    id: answers.id,
    checkInSurveyId: answers.checkInSurveyId,
    questionId: answers.questionId,
  });
  const answerIdOf = new Map(answerIds.map((r) => [`${r.checkInSurveyId}/${r.questionId}`, r.id]));
  const optionRows: (typeof answerOptions.$inferInsert)[] = [];
  const photoRows: (typeof answerPhotos.$inferInsert)[] = [];
  for (const sent of sentSurveys) {
    const checkInSurveyId = surveyIdOf(sent);
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

function flattenQuestions(segments: readonly SegmentScore[]): SegmentScore['questions'] {
  return segments.flatMap((s) => [...s.questions, ...flattenQuestions(s.segments)]);
}

function blankToNull(value: string | null | undefined): string | null {
  if (value == null) return null;
  return value.trim() === '' ? null : value;
}
