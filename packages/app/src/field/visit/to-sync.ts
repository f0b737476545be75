// A visit as the device keeps it, turned into what `POST sync/checkins` carries (docs/sync.md §3).
import type { components } from '@anaquel/api/schema';
import type { StoredAnswer, StoredSurvey, StoredVisit } from '../store/db';

type Schemas = components['schemas'];
type SyncCheckIn = Schemas['SyncCheckIn'];
type SyncCheckInSurvey = Schemas['SyncCheckInSurvey'];
type SyncAnswer = Schemas['SyncAnswer'];
/** The id `POST sync/photos` answered for a photo. */
type PhotoServerId = NonNullable<SyncCheckIn['photoIds']>[number];

/**
 * The photos a visit refers to: its own and its answers'. A photo the promoter removed ('Quitar')
 * is still on the phone with the visit's others, and is not one of these.
 */
export function referencedPhotoKeys(visit: StoredVisit): Set<string> {
  const answers = visit.surveys.flatMap((survey) => survey.answers);
  return new Set([...visit.photoKeys, ...answers.flatMap((answer) => answer.photoKeys ?? [])]);
}

function answerToSync(
  { photoKeys, ...answer }: StoredAnswer,
  photoServerId: (photoKey: string) => PhotoServerId,
): SyncAnswer {
  return photoKeys && photoKeys.length > 0
    ? { ...answer, photoIds: photoKeys.map(photoServerId) }
    : answer;
}

function surveyToSync(
  survey: StoredSurvey,
  photoServerId: (photoKey: string) => PhotoServerId,
): SyncCheckInSurvey {
  return {
    surveyId: survey.surveyId,
    productId: survey.productId,
    startDate: survey.startDate,
    endDate: survey.endDate,
    answers: survey.answers.map((answer) => answerToSync(answer, photoServerId)),
  };
}

/** A position the sync accepts: both coordinates or neither (docs/sync.md "Qué se rechaza"). */
function position(
  latitude: number | null,
  longitude: number | null,
): { latitude: number; longitude: number } | null {
  return latitude !== null && longitude !== null ? { latitude, longitude } : null;
}

/**
 * The visit as the sync API takes it. `photoServerId` gives the id each stored photo got when
 * the outbox uploaded it (photos go first). The answers are those kept at check-out: the ones the
 * skip logic hides were dropped then, when the survey trees were at hand. An unavailable visit
 * carries no surveys, as the sync requires.
 */
export function toSyncCheckIn(
  visit: StoredVisit,
  photoServerId: (photoKey: string) => PhotoServerId,
): SyncCheckIn {
  const checkIn = position(visit.checkInLatitude, visit.checkInLongitude);
  const checkOut = position(visit.checkOutLatitude, visit.checkOutLongitude);
  return {
    uuid: visit.uuid,
    campaignId: visit.campaignId,
    pointOfSaleId: visit.pointOfSaleId,
    unavailable: visit.unavailable,
    startDate: visit.startDate,
    endDate: visit.endDate,
    ...(checkIn && { checkInLatitude: checkIn.latitude, checkInLongitude: checkIn.longitude }),
    ...(checkOut && { checkOutLatitude: checkOut.latitude, checkOutLongitude: checkOut.longitude }),
    photoIds: visit.photoKeys.map(photoServerId),
    surveys: visit.unavailable
      ? []
      : visit.surveys.map((survey) => surveyToSync(survey, photoServerId)),
  };
}
