// The answers of one survey of a visit, checked by the one survey engine
// (@anaquel/api/survey-engine: types, option counts, 'Otro', NA, photos, skip logic, required
// questions; docs/sync.md "What is refused"), with the engine's problems placed on the fields of
// the visit as sent (`surveys[0].answers[3].options`).
import { surveyIssues, type EngineAnswer, type EngineSurvey } from '@anaquel/api/survey-engine';
import type { ValidationIssue } from '../http/errors.ts';

/** A survey as the sync checks and scores it: the engine's tree and what the visit checks read. */
export interface AnswerableSurvey extends EngineSurvey {
  id: number;
  campaignId: number;
  /** The download offers active surveys only; a visit may answer no other. */
  isActive: boolean;
  /** 1 point of sale, 2 product. */
  type: number;
}

/**
 * Problems of the answers of one survey (empty when they can be stored). `path` prefixes the
 * fields, e.g. `surveys[0]`.
 */
export function checkAnswers(
  survey: AnswerableSurvey,
  sent: readonly EngineAnswer[],
  path: string,
): ValidationIssue[] {
  return surveyIssues(survey, sent).map(({ answerIndex, field, message }) => {
    const at = answerIndex === null ? `${path}.answers` : `${path}.answers[${answerIndex}]`;
    return { field: field ? `${at}.${field}` : at, message };
  });
}
