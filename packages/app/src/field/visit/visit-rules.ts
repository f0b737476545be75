// What the visit screen does to a stored visit, as pure functions: open a survey, keep an answer,
// add a photo, check out. The hook (use-visit.ts) writes each result to the store at once.
import type { PositionState } from '../use-position';
import type { StoredAnswer, StoredSurvey, StoredVisit } from '../store/db';
import { keptAnswers, surveyState, type SurveyState } from './answers';
import { storedSurvey, surveyKey, type VisitSurvey } from './visit-surveys';

/** The visit with the survey `target` opened (stamped now the first time only). */
export function openSurvey(visit: StoredVisit, target: VisitSurvey, now: Date): StoredVisit {
  if (storedSurvey(visit, target.key)) return visit;
  const survey: StoredSurvey = {
    surveyId: target.survey.id,
    productId: target.product?.id ?? null,
    startDate: now.toISOString(),
    endDate: null,
    answers: [],
  };
  return { ...visit, surveys: [...visit.surveys, survey] };
}

/** The visit with the answers of the survey `key` replaced (the survey must be open). */
export function withSurveyAnswers(
  visit: StoredVisit,
  key: string,
  answers: StoredAnswer[],
): StoredVisit {
  return {
    ...visit,
    surveys: visit.surveys.map((s) =>
      surveyKey(s.surveyId, s.productId) === key ? { ...s, answers } : s,
    ),
  };
}

/** The visit with the survey `key` marked done now ('Listo'). */
export function closeSurvey(visit: StoredVisit, key: string, now: Date): StoredVisit {
  return {
    ...visit,
    surveys: visit.surveys.map((s) =>
      surveyKey(s.surveyId, s.productId) === key ? { ...s, endDate: now.toISOString() } : s,
    ),
  };
}

/** Where a survey of the visit stands, for its row and the summary. */
export interface SurveyProgress {
  target: VisitSurvey;
  /** Null until the promoter opens it. */
  stored: StoredSurvey | null;
  state: SurveyState | null;
}

/** Every survey the visit asks for with its stored answers judged by the engine. */
export function surveysProgress(visit: StoredVisit, targets: VisitSurvey[]): SurveyProgress[] {
  return targets.map((target) => {
    const stored = storedSurvey(visit, target.key) ?? null;
    return {
      target,
      stored,
      state: stored ? surveyState(target.survey, stored.answers) : null,
    };
  });
}

/** Questions with a pending rule over the opened surveys (what blocks the check-out). */
export function pendingCount(progress: readonly SurveyProgress[]): number {
  return progress.reduce((sum, p) => sum + (p.state?.errors.size ?? 0), 0);
}

/**
 * The visit checked out now at `position`: pending for the outbox, every opened survey ended,
 * each keeping only the answers its skip logic shows (the trees are at hand now, maybe not when
 * it is sent).
 */
export function checkOut(
  visit: StoredVisit,
  targets: VisitSurvey[],
  position: PositionState,
  now: Date,
): StoredVisit {
  const at = position.status === 'known' ? position : null;
  const stamp = now.toISOString();
  return {
    ...visit,
    state: 'pending',
    endDate: stamp,
    checkOutLatitude: at?.position.latitude ?? null,
    checkOutLongitude: at?.position.longitude ?? null,
    checkOutAccuracy: at?.accuracy ?? null,
    surveys: visit.surveys.map((survey) => {
      const target = targets.find((t) => t.key === surveyKey(survey.surveyId, survey.productId));
      return {
        ...survey,
        endDate: survey.endDate ?? stamp,
        answers: target ? keptAnswers(target.survey, survey.answers) : survey.answers,
      };
    }),
  };
}
