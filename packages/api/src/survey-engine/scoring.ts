// Points (docs/surveys.md, "Puntuación"): every question, segment and the survey, computed in
// integer cents so that a segment's points are exactly the sum of its children. Hidden questions
// and questions answered 'No aplica' are worth nothing and count nowhere.
import { LIKERT_LEVELS, QUESTION_TYPE, VALUE_FIELD_OF_TYPE, choosesOptions } from '../rules';
import {
  type EngineAnswer,
  type EngineQuestion,
  type EngineSegment,
  type EngineSurvey,
  type SurveyOrder,
  fromCents,
  surveyOrder,
  toCents,
} from './model';
import { answersByQuestion, hiddenItems, type HiddenItems } from './visibility';

export interface QuestionScore {
  questionId: number;
  answerPoints: number;
  surveyPoints: number;
  /** Hidden by the skip logic of a chosen option: worth nothing, counted nowhere. */
  hidden: boolean;
  /** Answered "no aplica": worth nothing, counted nowhere. */
  isNa: boolean;
  answered: boolean;
}

export interface SegmentScore {
  segmentId: number;
  answerPoints: number;
  surveyPoints: number;
  hidden: boolean;
  segments: SegmentScore[];
  questions: QuestionScore[];
}

export interface SurveyScore {
  answerPoints: number;
  surveyPoints: number;
  segments: SegmentScore[];
}

/** True when the answer carries something for its type (a value, or at least one option). */
export function isAnswered(question: EngineQuestion, answer: EngineAnswer | undefined): boolean {
  if (!answer || answer.isNa) return false;
  switch (VALUE_FIELD_OF_TYPE[question.type]) {
    case 'textValue':
      return typeof answer.textValue === 'string' && answer.textValue.trim() !== '';
    case 'intValue':
      return typeof answer.intValue === 'number' && Number.isFinite(answer.intValue);
    case 'decimalValue':
      return typeof answer.decimalValue === 'number' && Number.isFinite(answer.decimalValue);
    case 'dateValue':
      return typeof answer.dateValue === 'string' && answer.dateValue !== '';
    default:
      return (answer.options ?? []).length > 0;
  }
}

const positiveCents = (points: number) => Math.max(0, toCents(points));

/** Cents earned by an answer before the cap at the question's points. */
function rawCents(question: EngineQuestion, answer: EngineAnswer): number {
  const questionCents = positiveCents(question.points);
  if (VALUE_FIELD_OF_TYPE[question.type]) return questionCents;
  const byId = new Map(question.multipleOptions.map((option) => [option.id, option]));
  const seen = new Set<number>();
  const chosen = (answer.options ?? []).filter((choice) => {
    const fresh = byId.has(choice.optionId) && !seen.has(choice.optionId);
    seen.add(choice.optionId);
    return fresh;
  });
  if (choosesOptions(question.type)) {
    // Each option counts once, however often it is sent.
    return chosen.reduce(
      (cents, choice) => cents + positiveCents(byId.get(choice.optionId)!.points),
      0,
    );
  }
  if (question.type === QUESTION_TYPE.LikertMatrix) {
    // A statement answered at level L scores its points × (L − 1) / 4; rounded once per question.
    let quarterCents = 0;
    for (const choice of chosen) {
      const level = choice.value ?? 0;
      if (level < 1 || level > LIKERT_LEVELS) continue;
      quarterCents += positiveCents(byId.get(choice.optionId)!.points) * (Math.trunc(level) - 1);
    }
    return Math.round(quarterCents / (LIKERT_LEVELS - 1));
  }
  if (question.type === QUESTION_TYPE.Ranking) {
    // Complete when every option has a distinct position 1..n: then the question's full points.
    const n = question.multipleOptions.length;
    const positions = new Set(chosen.map((choice) => choice.value));
    const complete =
      n > 0 &&
      chosen.length === n &&
      positions.size === n &&
      [...positions].every((p) => Number.isInteger(p) && p! >= 1 && p! <= n);
    return complete ? questionCents : 0;
  }
  return 0;
}

function questionCents(
  question: EngineQuestion,
  answer: EngineAnswer | undefined,
  hidden: boolean,
): { earned: number; possible: number; answered: boolean; isNa: boolean } {
  const isNa = Boolean(answer?.isNa) && !hidden;
  if (hidden || isNa) return { earned: 0, possible: 0, answered: false, isNa };
  const possible = positiveCents(question.points);
  const answered = isAnswered(question, answer);
  const earned = answered ? Math.min(possible, rawCents(question, answer!)) : 0;
  return { earned, possible, answered, isNa };
}

/** Points of one shown question's answer (0 when unanswered or NA), capped at its points. */
export function answerPoints(question: EngineQuestion, answer: EngineAnswer | undefined): number {
  return fromCents(questionCents(question, answer, false).earned);
}

/** What one shown question is worth for this answer: its points, or 0 when answered NA. */
export function surveyPoints(question: EngineQuestion, answer: EngineAnswer | undefined): number {
  return fromCents(questionCents(question, answer, false).possible);
}

/**
 * The score of a survey's answers: per question, per segment (the sum of its children) and for
 * the survey (the sum of its top-level segments). `answerPoints` never exceeds `surveyPoints`.
 * Answers are scored as given: the sync scores only accepted ones (surveyIssues empty), and the
 * preview and the field app pass the answers that have no issue.
 */
export function scoreSurvey(
  survey: EngineSurvey,
  answerList: readonly EngineAnswer[],
): SurveyScore {
  const answers = answersByQuestion(answerList);
  const order = surveyOrder(survey);
  return scoreInOrder(order, answers, hiddenItems(survey, answers, order));
}

/**
 * `scoreSurvey` of answers by question whose skip logic a judgement has already walked
 * (`hidden` must be `hiddenItems` of the same answers).
 */
export function scoreInOrder(
  order: SurveyOrder,
  answers: ReadonlyMap<number, EngineAnswer>,
  hidden: HiddenItems,
): SurveyScore {
  const scoreSegment = (segment: EngineSegment, hiddenAbove: boolean) => {
    const isHidden = hiddenAbove || hidden.segmentIds.has(segment.id);
    let earned = 0;
    let possible = 0;
    const questions: QuestionScore[] = [];
    const segments: SegmentScore[] = [];
    for (const item of order.items(segment)) {
      if (item.kind === 'segment') {
        const child = scoreSegment(item.segment, isHidden);
        earned += child.earned;
        possible += child.possible;
        segments.push(child.score);
        continue;
      }
      const { question } = item;
      const questionHidden = isHidden || hidden.questionIds.has(question.id);
      const result = questionCents(question, answers.get(question.id), questionHidden);
      earned += result.earned;
      possible += result.possible;
      questions.push({
        questionId: question.id,
        answerPoints: fromCents(result.earned),
        surveyPoints: fromCents(result.possible),
        hidden: questionHidden,
        isNa: result.isNa,
        answered: result.answered,
      });
    }
    const score: SegmentScore = {
      segmentId: segment.id,
      answerPoints: fromCents(earned),
      surveyPoints: fromCents(possible),
      hidden: isHidden,
      segments,
      questions,
    };
    return { earned, possible, score };
  };

  let earned = 0;
  let possible = 0;
  const segments: SegmentScore[] = [];
  for (const segment of order.roots) {
    const result = scoreSegment(segment, false);
    earned += result.earned;
    possible += result.possible;
    segments.push(result.score);
  }
  return { answerPoints: fromCents(earned), surveyPoints: fromCents(possible), segments };
}
