// The checks of one visit of the sync that need no lock (docs/sync.md, "What is refused"): its
// shape and times, and what it refers to (campaign, point of sale, surveys, products, photos)
// against rows the sync read. Every rule the download (`GET sync/data`, sync-data.ts) implies is
// enforced here: a visit may only refer to what the promoter's phone could have downloaded.
// Pure: the problems come out as Spanish `{ field, message }` pairs.
import type { components } from '@anaquel/api/schema';
import type { ValidationIssue } from '../http/errors.ts';
import { parseInstant } from '../http/input-limits.ts';
import { PRODUCT_SURVEY_TYPE } from '../surveys/types.ts';
import { checkAnswers, type AnswerableSurvey } from './answers.ts';
import { mexicoCityDay } from './dates.ts';
import type { Promoter } from './promoter.ts';

type SyncCheckIn = components['schemas']['SyncCheckIn'];

/** A phone's clock may run ahead a little; a visit starting or ending later than this is refused. */
const FUTURE_TOLERANCE_MS = 60 * 60 * 1000;
/**
 * How far a survey's times may stray outside its visit's. Both come from the same phone clock,
 * so this only absorbs the order in which an app stamps them (the visit closed just before its
 * last survey is saved).
 */
const SURVEY_SLACK_MS = 5 * 60 * 1000;

const VISIT_CHECK_MESSAGES = {
  instant: 'Debe ser una fecha y hora válidas (ISO 8601).',
  startInFuture: 'La fecha de inicio está en el futuro.',
  endInFuture: 'La fecha de fin está en el futuro.',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
  surveyOutsideVisit:
    'El cuestionario se responde durante la visita (con 5 minutos de margen antes de su inicio y después de su fin).',
  campaignInactive: 'La campaña no está activa.',
  pointOfSaleInactive: 'El punto de venta no está activo.',
  surveyInactive: 'El cuestionario no está activo.',
  productInactive: 'El producto no está activo.',
  photoMissing: 'La foto no existe; súbela antes de enviar la visita.',
  photoOfOther: 'La foto la subió otro usuario; solo quien la sube puede enviarla.',
} as const;
const M = VISIT_CHECK_MESSAGES;

/**
 * The visit with its identifiers in their canonical form (lower-case UUIDs), so that the same
 * visit hashes, is looked up and is stored the same whatever case the phone wrote them in.
 */
export function canonicalVisit(visit: SyncCheckIn): SyncCheckIn {
  const lower = (ids: string[]) => ids.map((id) => id.toLowerCase());
  return {
    ...visit,
    uuid: visit.uuid.toLowerCase(),
    ...(visit.photoIds ? { photoIds: lower(visit.photoIds) } : {}),
    surveys: visit.surveys.map((survey) => ({
      ...survey,
      answers: survey.answers.map((a) => (a.photoIds ? { ...a, photoIds: lower(a.photoIds) } : a)),
    })),
  };
}

/** The times of a visit: every date field as an instant, or the issues of those that are not. */
function instantsOf(visit: SyncCheckIn, issues: ValidationIssue[]) {
  const read = (text: string, field: string): Date | null => {
    const instant = parseInstant(text);
    if (!instant) issues.push({ field, message: M.instant });
    return instant;
  };
  const optional = (text: string | null | undefined, field: string) =>
    text == null ? null : read(text, field);
  return {
    start: read(visit.startDate, 'startDate'),
    end: optional(visit.endDate, 'endDate'),
    surveys: visit.surveys.map((s, i) => ({
      start: read(s.startDate, `surveys[${i}].startDate`),
      end: optional(s.endDate, `surveys[${i}].endDate`),
    })),
  };
}

/** What can be checked without the database. */
export function checkVisitShape(visit: SyncCheckIn, now = Date.now()): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  checkTimes(visit, now, issues);
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
  });
  return issues;
}

/**
 * The visit starts and ends in the past (give or take the phone's clock), ends after it starts,
 * and each survey is answered within the visit (give or take SURVEY_SLACK_MS), ending after it
 * starts. A visit without an end bounds its surveys by the clock.
 */
function checkTimes(visit: SyncCheckIn, now: number, issues: ValidationIssue[]): void {
  const times = instantsOf(visit, issues);
  const latest = now + FUTURE_TOLERANCE_MS;
  const { start, end } = times;
  if (start && start.getTime() > latest) {
    issues.push({ field: 'startDate', message: M.startInFuture });
  }
  if (end && end.getTime() > latest) issues.push({ field: 'endDate', message: M.endInFuture });
  if (start && end && end < start) issues.push({ field: 'endDate', message: M.endBeforeStart });
  const from = start ? start.getTime() - SURVEY_SLACK_MS : -Infinity;
  const to = end ? end.getTime() + SURVEY_SLACK_MS : latest;
  times.surveys.forEach((survey, index) => {
    const at = `surveys[${index}]`;
    for (const [key, instant] of [
      ['startDate', survey.start],
      ['endDate', survey.end],
    ] as const) {
      const time = instant?.getTime();
      if (time !== undefined && (time < from || time > to)) {
        issues.push({ field: `${at}.${key}`, message: M.surveyOutsideVisit });
      }
    }
    if (survey.start && survey.end && survey.end < survey.start) {
      issues.push({ field: `${at}.endDate`, message: M.endBeforeStart });
    }
  });
}

export interface CampaignRow {
  id: number;
  isActive: boolean;
  startDate: string;
  endDate: string | null;
}

export interface PointOfSaleRow {
  id: number;
  stateId: number;
  isActive: boolean;
  inCampaign: boolean;
  /** Where the point of sale is (null when it has no coordinates): the visit's distances. */
  latitude: number | null;
  longitude: number | null;
}

/** The campaign (active, running on the visit's day) and the point of sale of a visit. */
export function checkPlace(
  visit: SyncCheckIn,
  campaign: CampaignRow,
  pointOfSale: PointOfSaleRow | null,
  promoter: Promoter,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!campaign.isActive) issues.push({ field: 'campaignId', message: M.campaignInactive });
  const day = mexicoCityDay(new Date(visit.startDate));
  if (day < campaign.startDate || (campaign.endDate !== null && day > campaign.endDate)) {
    issues.push({
      field: 'startDate',
      message: 'La visita está fuera de las fechas de la campaña.',
    });
  }
  const add = (message: string) => issues.push({ field: 'pointOfSaleId', message });
  if (!pointOfSale) {
    add('El punto de venta no existe.');
    return issues;
  }
  if (!pointOfSale.isActive) add(M.pointOfSaleInactive);
  if (!pointOfSale.inCampaign) add('El punto de venta no está asignado a la campaña.');
  if (!promoter.stateIds.has(pointOfSale.stateId)) {
    add('El punto de venta no está en las regiones del promotor.');
  }
  return issues;
}

export interface SurveyContext {
  campaignId: number;
  /** The campaign's products: id to whether the product is active. */
  products: ReadonlyMap<number, boolean>;
  /** The photos that exist: id to the user who uploaded it (null: not through the sync). */
  photos: ReadonlyMap<string, number | null>;
  promoterId: number;
  surveyOf: (id: number) => AnswerableSurvey | undefined;
}

/** The visit's photos, then each survey: its campaign, product and answers. */
export function checkSurveys(visit: SyncCheckIn, context: SurveyContext): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const checkPhotos = (ids: readonly string[] | undefined, field: string) => {
    (ids ?? []).forEach((id, index) => {
      const owner = context.photos.get(id);
      const message =
        owner === undefined ? M.photoMissing : owner !== context.promoterId ? M.photoOfOther : null;
      if (message) issues.push({ field: `${field}[${index}]`, message });
    });
  };
  checkPhotos(visit.photoIds, 'photoIds');
  visit.surveys.forEach((sent, index) => {
    const at = `surveys[${index}]`;
    const survey = context.surveyOf(sent.surveyId);
    if (!survey) {
      issues.push({ field: `${at}.surveyId`, message: 'El cuestionario no existe.' });
      return;
    }
    if (survey.campaignId !== context.campaignId) {
      issues.push({
        field: `${at}.surveyId`,
        message: 'El cuestionario no pertenece a la campaña.',
      });
      return;
    }
    if (!survey.isActive) issues.push({ field: `${at}.surveyId`, message: M.surveyInactive });
    const productIssue = checkProduct(survey, sent.productId, context.products);
    if (productIssue) issues.push({ field: `${at}.productId`, message: productIssue });
    sent.answers.forEach((answer, answerIndex) =>
      checkPhotos(answer.photoIds, `${at}.answers[${answerIndex}].photoIds`),
    );
    issues.push(...checkAnswers(survey, sent.answers, at));
  });
  return issues;
}

function checkProduct(
  survey: AnswerableSurvey,
  productId: number | null | undefined,
  products: ReadonlyMap<number, boolean>,
): string | null {
  if (survey.type !== PRODUCT_SURVEY_TYPE) {
    return productId == null ? null : 'Un cuestionario de punto de venta no lleva producto.';
  }
  if (productId == null) return 'Un cuestionario de producto se responde por producto.';
  const active = products.get(productId);
  if (active === undefined) return 'El producto no está asignado a la campaña.';
  return active ? null : M.productInactive;
}
