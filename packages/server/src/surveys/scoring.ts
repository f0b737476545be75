// The one scoring engine of the surveys (docs/surveys.md, "Puntuación"). Pure: it works on a plain
// shape of the survey and the answers, touches no database, and is called once, by the visits
// sync, whose stored figures every screen and the export read. Amounts are computed in integer
// cents so that the points of a segment are exactly the sum of its children.
import { QuestionType, choosesOptions } from './types.ts';

/** Types answered by choosing options (each chosen option scores its points). */
export const CHOICE_TYPES: ReadonlySet<number> = new Set([
  QuestionType.YesNo,
  QuestionType.SingleChoice,
  QuestionType.MultipleChoice,
  QuestionType.MaxChoicesCount,
  QuestionType.MinChoicesCount,
  QuestionType.ExactChoicesCount,
  QuestionType.Rating,
]);

/** Types answered with a typed value (text, number, date). */
export const VALUE_TYPES: ReadonlySet<number> = new Set([
  QuestionType.Text,
  QuestionType.Integer,
  QuestionType.Decimal,
  QuestionType.Date,
]);

/** The fixed scale of a Likert matrix: a statement is answered with a level 1..5. */
export const LIKERT_LEVELS = 5;

/* ---------- input ---------- */

export interface ScoringOption {
  id: number;
  points: number;
  /** Segments and questions hidden when this option is chosen (skip logic). */
  hiddenSegmentIds?: readonly number[];
  hiddenQuestionIds?: readonly number[];
}

export interface ScoringQuestion {
  id: number;
  type: number;
  /** Position among the children of its segment (questions and sub-segments share one order). */
  order: number;
  /** The question's points: what it is worth at most. */
  points: number;
  options: readonly ScoringOption[];
}

export interface ScoringSegment {
  id: number;
  order: number;
  segments: readonly ScoringSegment[];
  questions: readonly ScoringQuestion[];
}

export interface ScoringSurvey {
  /** Top-level segments. */
  segments: readonly ScoringSegment[];
}

/** A chosen option; `value` is the Likert level (1..5) or the Ranking position (1..n). */
export interface ScoringChoice {
  optionId: number;
  value?: number | null;
}

/** The answer to one question, as stored (already validated by the sync). */
export interface ScoringAnswer {
  questionId: number;
  isNa?: boolean;
  textValue?: string | null;
  intValue?: number | null;
  decimalValue?: number | null;
  dateValue?: string | null;
  options?: readonly ScoringChoice[];
}

/* ---------- output ---------- */

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

/* ---------- arithmetic ---------- */

/** Points (2 decimals) as integer cents. */
export function toCents(points: number): number {
  return Math.round(points * 100);
}

function fromCents(cents: number): number {
  return cents / 100;
}

/* ---------- rules ---------- */

/** True when the answer carries something for its type (a value, or at least one option). */
export function isAnswered(question: ScoringQuestion, answer: ScoringAnswer | undefined): boolean {
  if (!answer || answer.isNa) return false;
  switch (question.type) {
    case QuestionType.Text:
      return typeof answer.textValue === 'string' && answer.textValue.trim() !== '';
    case QuestionType.Integer:
      return typeof answer.intValue === 'number' && Number.isFinite(answer.intValue);
    case QuestionType.Decimal:
      return typeof answer.decimalValue === 'number' && Number.isFinite(answer.decimalValue);
    case QuestionType.Date:
      return typeof answer.dateValue === 'string' && answer.dateValue !== '';
    default:
      return (answer.options?.length ?? 0) > 0;
  }
}

/** Cents earned by an answer before the cap at the question's points. */
function rawAnswerCents(question: ScoringQuestion, answer: ScoringAnswer): number {
  const questionCents = Math.max(0, toCents(question.points));
  if (VALUE_TYPES.has(question.type)) return questionCents;
  const byId = new Map(question.options.map((option) => [option.id, option]));
  const chosen = answer.options ?? [];
  if (CHOICE_TYPES.has(question.type)) {
    // Each option counts once, however often it is sent.
    const seen = new Set<number>();
    let cents = 0;
    for (const choice of chosen) {
      const option = byId.get(choice.optionId);
      if (!option || seen.has(option.id)) continue;
      seen.add(option.id);
      cents += Math.max(0, toCents(option.points));
    }
    return cents;
  }
  if (question.type === QuestionType.LikertMatrix) {
    // A statement answered at level L scores its points × (L − 1) / 4; rounded once per question.
    let quarterCents = 0;
    const seen = new Set<number>();
    for (const choice of chosen) {
      const option = byId.get(choice.optionId);
      const level = choice.value ?? 0;
      if (!option || seen.has(option.id) || level < 1 || level > LIKERT_LEVELS) continue;
      seen.add(option.id);
      quarterCents += Math.max(0, toCents(option.points)) * (Math.trunc(level) - 1);
    }
    return Math.round(quarterCents / (LIKERT_LEVELS - 1));
  }
  if (question.type === QuestionType.Ranking) {
    // Complete when every option has a distinct position 1..n: then the question's full points.
    const positions = new Set<number>();
    const ranked = new Set<number>();
    for (const choice of chosen) {
      if (!byId.has(choice.optionId) || choice.value == null) continue;
      ranked.add(choice.optionId);
      positions.add(choice.value);
    }
    const n = question.options.length;
    const complete =
      n > 0 &&
      ranked.size === n &&
      positions.size === n &&
      [...positions].every((p) => Number.isInteger(p) && p >= 1 && p <= n);
    return complete ? questionCents : 0;
  }
  return 0;
}

function questionCents(
  question: ScoringQuestion,
  answer: ScoringAnswer | undefined,
  hidden: boolean,
): { earned: number; possible: number; answered: boolean; isNa: boolean } {
  const isNa = Boolean(answer?.isNa) && !hidden;
  if (hidden || isNa) return { earned: 0, possible: 0, answered: false, isNa };
  const possible = Math.max(0, toCents(question.points));
  const answered = isAnswered(question, answer);
  const earned = answered ? Math.min(possible, rawAnswerCents(question, answer!)) : 0;
  return { earned, possible, answered, isNa };
}

/**
 * Points of one question's answer (0 when unanswered, NA or hidden is decided by the caller's
 * tree; here: the answer alone). Capped at the question's points.
 */
export function answerPoints(question: ScoringQuestion, answer: ScoringAnswer | undefined): number {
  return fromCents(questionCents(question, answer, false).earned);
}

/** What one question is worth for this answer: its points, or 0 when answered NA. */
export function surveyPoints(question: ScoringQuestion, answer: ScoringAnswer | undefined): number {
  return fromCents(questionCents(question, answer, false).possible);
}

/* ---------- skip logic ---------- */

type Node =
  | { kind: 'segment'; order: number; segment: ScoringSegment }
  | { kind: 'question'; order: number; question: ScoringQuestion };

/** The children of a segment in their one shared order (questions before segments on a tie). */
function childrenOf(segment: ScoringSegment): Node[] {
  const nodes: Node[] = [
    ...segment.questions.map((question) => ({
      kind: 'question' as const,
      order: question.order,
      question,
    })),
    ...segment.segments.map((child) => ({
      kind: 'segment' as const,
      order: child.order,
      segment: child,
    })),
  ];
  return nodes.sort((a, b) => a.order - b.order || (a.kind === 'question' ? -1 : 1));
}

function topLevel(survey: ScoringSurvey): ScoringSegment[] {
  return [...survey.segments].sort((a, b) => a.order - b.order || a.id - b.id);
}

export interface HiddenItems {
  segmentIds: ReadonlySet<number>;
  questionIds: ReadonlySet<number>;
}

/**
 * Segments and questions hidden by the chosen options, walking the survey in order: an option
 * counts only when its question is itself visible (an answer to a hidden question hides
 * nothing), and a hidden segment hides everything inside it.
 */
export function hiddenItems(
  survey: ScoringSurvey,
  answers: ReadonlyMap<number, ScoringAnswer>,
): HiddenItems {
  const segmentIds = new Set<number>();
  const questionIds = new Set<number>();
  const visit = (segment: ScoringSegment, hiddenAbove: boolean): void => {
    const hidden = hiddenAbove || segmentIds.has(segment.id);
    if (hidden) segmentIds.add(segment.id);
    for (const node of childrenOf(segment)) {
      if (node.kind === 'segment') {
        visit(node.segment, hidden);
        continue;
      }
      const question = node.question;
      if (hidden || questionIds.has(question.id)) {
        questionIds.add(question.id);
        continue;
      }
      const answer = answers.get(question.id);
      // Likert statements and Ranking items are all answered: they hide nothing (types.ts).
      if (!answer || answer.isNa || !choosesOptions(question.type)) continue;
      const byId = new Map(question.options.map((option) => [option.id, option]));
      for (const choice of answer.options ?? []) {
        const option = byId.get(choice.optionId);
        for (const id of option?.hiddenSegmentIds ?? []) segmentIds.add(id);
        for (const id of option?.hiddenQuestionIds ?? []) questionIds.add(id);
      }
    }
  };
  for (const segment of topLevel(survey)) visit(segment, false);
  return { segmentIds, questionIds };
}

/* ---------- the survey ---------- */

/**
 * The score of a survey's answers: per question, per segment (the sum of its children) and for
 * the survey (the sum of its top-level segments). `answerPoints` never exceeds `surveyPoints`.
 */
export function scoreSurvey(
  survey: ScoringSurvey,
  answerList: readonly ScoringAnswer[],
): SurveyScore {
  const answers = new Map(answerList.map((answer) => [answer.questionId, answer]));
  const hidden = hiddenItems(survey, answers);

  const scoreSegment = (
    segment: ScoringSegment,
    hiddenAbove: boolean,
  ): { score: SegmentScore; earned: number; possible: number } => {
    const isHidden = hiddenAbove || hidden.segmentIds.has(segment.id);
    let earned = 0;
    let possible = 0;
    const questions: QuestionScore[] = [];
    const segments: SegmentScore[] = [];
    for (const node of childrenOf(segment)) {
      if (node.kind === 'question') {
        const question = node.question;
        const result = questionCents(
          question,
          answers.get(question.id),
          isHidden || hidden.questionIds.has(question.id),
        );
        earned += result.earned;
        possible += result.possible;
        questions.push({
          questionId: question.id,
          answerPoints: fromCents(result.earned),
          surveyPoints: fromCents(result.possible),
          hidden: isHidden || hidden.questionIds.has(question.id),
          isNa: result.isNa,
          answered: result.answered,
        });
      } else {
        const child = scoreSegment(node.segment, isHidden);
        earned += child.earned;
        possible += child.possible;
        segments.push(child.score);
      }
    }
    return {
      earned,
      possible,
      score: {
        segmentId: segment.id,
        answerPoints: fromCents(earned),
        surveyPoints: fromCents(possible),
        hidden: isHidden,
        segments,
        questions,
      },
    };
  };

  let earned = 0;
  let possible = 0;
  const segments: SegmentScore[] = [];
  for (const segment of topLevel(survey)) {
    const result = scoreSegment(segment, false);
    earned += result.earned;
    possible += result.possible;
    segments.push(result.score);
  }
  return { answerPoints: fromCents(earned), surveyPoints: fromCents(possible), segments };
}
