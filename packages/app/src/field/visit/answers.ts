// The runner's answers on the one survey engine: what the device stores is the contract's answer
// (what the sync will carry), the inputs work with the ui's PreviewAnswer, and the engine decides
// what is hidden, what is refused (its Spanish messages) and what it scores, as the server will.
import {
  judgeSurvey,
  shownAnswers,
  type EngineAnswer,
  type EngineQuestion,
  type EngineSurvey,
} from '@anaquel/api/survey-engine';
import { QUESTION_TYPE } from '@anaquel/api/rules';
import { toEngineAnswer, type PreviewAnswer } from '@anaquel/ui';
import type { StoredAnswer } from '../store/db';

/** What an input shows for a stored answer (the reverse of the ui's `toEngineAnswer`). */
export function toPreviewAnswer(question: EngineQuestion, answer: StoredAnswer): PreviewAnswer {
  if (answer.isNa) return { na: true };
  if (typeof answer.textValue === 'string') return { text: answer.textValue };
  if (typeof answer.intValue === 'number') return { number: answer.intValue };
  if (typeof answer.decimalValue === 'number') return { number: answer.decimalValue };
  if (typeof answer.dateValue === 'string') return { date: answer.dateValue };
  const options = answer.options ?? [];
  if (question.type === QUESTION_TYPE.LikertMatrix) {
    return {
      levels: Object.fromEntries(options.map((o) => [String(o.optionId), o.value ?? 0])),
    };
  }
  if (question.type === QUESTION_TYPE.Ranking) {
    const ranked = [...options].sort((a, b) => (a.value ?? 0) - (b.value ?? 0));
    return { selected: ranked.map((o) => o.optionId) };
  }
  const other = options.find((o) => typeof o.otherText === 'string');
  return {
    selected: options.map((o) => o.optionId),
    ...(other && { otherText: other.otherText ?? '' }),
  };
}

/**
 * The stored answer for what the input holds and the question's photos; null when nothing is
 * given. 'No aplica' carries no photos (the sync refuses them), the photos stay on the device.
 */
export function toStoredAnswer(
  question: EngineQuestion,
  input: PreviewAnswer | undefined,
  photoKeys: readonly string[],
): StoredAnswer | null {
  const answer = toEngineAnswer(question, input);
  if (answer?.isNa) return answer;
  if (photoKeys.length === 0) return answer;
  return { ...(answer ?? { questionId: question.id }), photoKeys: [...photoKeys] };
}

/** The answer the engine checks: the device's photo keys stand for the ids they will get. */
function toEngine({ photoKeys, ...answer }: StoredAnswer): EngineAnswer {
  return photoKeys && photoKeys.length > 0 ? { ...answer, photoIds: photoKeys } : answer;
}

/** What the runner shows for a survey's answers. */
export interface SurveyState {
  /** Segments and questions the skip logic hides now. */
  hiddenSegments: ReadonlySet<number>;
  hiddenQuestions: ReadonlySet<number>;
  /** The engine's Spanish messages by question (required, refusals), for shown questions. */
  errors: ReadonlyMap<number, readonly string[]>;
  /** Points earned by the acceptable answers, and what the shown questions can give. */
  points: number;
  maxPoints: number;
}

/** Hides, checks and scores a survey's stored answers with the engine, photos included. */
export function surveyState(survey: EngineSurvey, answers: readonly StoredAnswer[]): SurveyState {
  const { issues, hidden, score } = judgeSurvey(survey, answers.map(toEngine));
  const errors = new Map<number, string[]>();
  for (const issue of issues) {
    if (issue.questionId === null) continue;
    errors.set(issue.questionId, [...(errors.get(issue.questionId) ?? []), issue.message]);
  }
  return {
    hiddenSegments: hidden.segmentIds,
    hiddenQuestions: hidden.questionIds,
    errors,
    points: score.answerPoints,
    maxPoints: score.surveyPoints,
  };
}

/** The answers a finished survey keeps: those of shown questions (the engine's `shownAnswers`). */
export function keptAnswers(
  survey: EngineSurvey,
  answers: readonly StoredAnswer[],
): StoredAnswer[] {
  const shown = new Set(shownAnswers(survey, answers.map(toEngine)).map((a) => a.questionId));
  return answers.filter((answer) => shown.has(answer.questionId));
}

/** Puts `answer` (or removes the question's answer when null) in the survey's list. */
export function withAnswer(
  answers: readonly StoredAnswer[],
  questionId: number,
  answer: StoredAnswer | null,
): StoredAnswer[] {
  const others = answers.filter((a) => a.questionId !== questionId);
  return answer ? [...others, answer] : others;
}
