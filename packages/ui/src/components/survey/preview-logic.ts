// The survey preview's rules, pure so they are unit-tested apart from the inputs: which items the
// skip logic hides, what each question type requires of an answer, and the running score.
// Scoring follows the team's decisions (docs/decisions.md, "Survey preview"): Likert statement =
// option points x (level - 1) / 4; Rating = the chosen step's points; Ranking = the question's
// points once every option is ordered; choice types = the chosen options' points (at most the
// question's); Text, Integer, Decimal and Date = the question's points once answered; 'No aplica'
// scores nothing and leaves the question out of the maximum.
import type { Key } from 'react-aria-components';
import { QuestionType } from './question-types';
import { sortSegmentItems } from './segment-items';
import type {
  SurveyOptionView,
  SurveyTreeQuestion,
  SurveyTreeSegment,
  SurveyTreeView,
} from './types';

/** The fixed Likert scale (level 1..5). */
export const LIKERT_LEVELS = [
  'Totalmente en desacuerdo',
  'En desacuerdo',
  'Ni de acuerdo ni en desacuerdo',
  'De acuerdo',
  'Totalmente de acuerdo',
] as const;

/** What a promoter entered for one question in the preview. */
export interface PreviewAnswer {
  /** 'No aplica' (only where the question accepts it); other values are then ignored. */
  na?: boolean;
  /** Text answer. */
  text?: string;
  /** Integer or decimal answer. */
  number?: number | null;
  /** Date answer, 'YYYY-MM-DD'. */
  date?: string | null;
  /** Chosen option ids; for Ranking, in ranking order (first = position 1). */
  selected?: readonly Key[];
  /** Text of the chosen 'Otro' option. */
  otherText?: string;
  /** Likert: level 1..5 per statement (option id as string). */
  levels?: Readonly<Record<string, number>>;
}

/** Answers by question id (as string). */
export type PreviewAnswers = Readonly<Record<string, PreviewAnswer>>;

const key = (id: Key) => String(id);

/** Options of a question sorted by order. */
export function sortedOptions(question: SurveyTreeQuestion): SurveyOptionView[] {
  return [...(question.multipleOptions ?? [])].sort((a, b) => a.order - b.order);
}

/** Top-level segments sorted by order. */
export function sortedSegments(segments: readonly SurveyTreeSegment[]): SurveyTreeSegment[] {
  return [...segments].sort((a, b) => a.order - b.order);
}

/** The segment's questions and sub-segments in their one shared order (spec 2 §2). */
export function segmentItems(segment: SurveyTreeSegment) {
  return sortSegmentItems(segment.questions ?? [], segment.children ?? []);
}

/** Every question of the survey in survey order (depth first), with its ancestor segment ids. */
export function questionsInOrder(
  survey: Pick<SurveyTreeView, 'segments'>,
): { question: SurveyTreeQuestion; ancestors: string[] }[] {
  const out: { question: SurveyTreeQuestion; ancestors: string[] }[] = [];
  const walk = (segment: SurveyTreeSegment, ancestors: string[]) => {
    const path = [...ancestors, key(segment.id)];
    for (const item of segmentItems(segment)) {
      if (item.kind === 'question') out.push({ question: item.item, ancestors: path });
      else walk(item.item, path);
    }
  };
  for (const segment of sortedSegments(survey.segments)) walk(segment, []);
  return out;
}

/** Whether the answer is 'No aplica' on a question that accepts it (otherwise NA is ignored). */
export function isNA(question: SurveyTreeQuestion, answer: PreviewAnswer | undefined): boolean {
  return Boolean(answer?.na && question.acceptsNA);
}

/** The chosen option ids that count (none when answered NA). */
function chosenIds(question: SurveyTreeQuestion, answer: PreviewAnswer | undefined): string[] {
  if (!answer || isNA(question, answer)) return [];
  return (answer.selected ?? []).map(key);
}

/** Segments and questions the skip logic hides, by id as string. */
export interface HiddenItems {
  segments: ReadonlySet<string>;
  questions: ReadonlySet<string>;
}

/**
 * Items hidden by the options chosen so far. The survey is walked in order, so an option of a
 * question that is itself hidden hides nothing (its answer no longer counts), and a chain of
 * skips resolves in one pass (skip logic only points forward: decisions, "Skip logic").
 */
export function hiddenItems(survey: Pick<SurveyTreeView, 'segments'>, answers: PreviewAnswers) {
  const segments = new Set<string>();
  const questions = new Set<string>();
  for (const { question, ancestors } of questionsInOrder(survey)) {
    if (questions.has(key(question.id)) || ancestors.some((id) => segments.has(id))) continue;
    const chosen = new Set(chosenIds(question, answers[key(question.id)]));
    for (const option of question.multipleOptions ?? []) {
      if (!chosen.has(key(option.id))) continue;
      for (const id of option.blurredSegmentIds ?? []) segments.add(key(id));
      for (const id of option.blurredQuestionIds ?? []) questions.add(key(id));
    }
  }
  return { segments, questions } satisfies HiddenItems;
}

/** The questions a promoter sees with these answers, in order. */
export function visibleQuestions(
  survey: Pick<SurveyTreeView, 'segments'>,
  answers: PreviewAnswers,
  hidden: HiddenItems = hiddenItems(survey, answers),
): SurveyTreeQuestion[] {
  return questionsInOrder(survey)
    .filter(
      ({ question, ancestors }) =>
        !hidden.questions.has(key(question.id)) && !ancestors.some((id) => hidden.segments.has(id)),
    )
    .map(({ question }) => question);
}

// Spanish messages of the preview's answer rules.
export const ANSWER_REQUIRED = 'Esta pregunta es obligatoria.';
export const ANSWER_NOT_INTEGER = 'Escribe un número entero.';
export const ANSWER_OTHER_TEXT = 'Escribe el texto de la opción Otro.';
export const ANSWER_LIKERT_INCOMPLETE = 'Responde todas las afirmaciones.';
export const ANSWER_RANKING_INCOMPLETE = 'Ordena todas las opciones.';
export const ANSWER_ONE_ONLY = 'Elige solo una opción.';

const options = (n: number) => `${n} ${n === 1 ? 'opción' : 'opciones'}`;
/** 'Elige como máximo N opciones.' */
export const answerAtMost = (n: number) => `Elige como máximo ${options(n)}.`;
/** 'Elige al menos N opciones.' */
export const answerAtLeast = (n: number) => `Elige al menos ${options(n)}.`;
/** 'Elige exactamente N opciones.' */
export const answerExactly = (n: number) => `Elige exactamente ${options(n)}.`;

/** Types answered by choosing options (everything from Si/No to Rating). */
export function isOptionType(type: number): boolean {
  return type >= QuestionType.YesNo && type <= QuestionType.Rating;
}

/** Whether the promoter has entered anything for the question (NA counts as an answer). */
export function isAnswered(question: SurveyTreeQuestion, answer: PreviewAnswer | undefined) {
  if (!answer) return false;
  if (isNA(question, answer)) return true;
  switch (question.type) {
    case QuestionType.Text:
      return (answer.text ?? '').trim() !== '';
    case QuestionType.Integer:
    case QuestionType.Decimal:
      return answer.number != null && Number.isFinite(answer.number);
    case QuestionType.Date:
      return Boolean(answer.date);
    case QuestionType.LikertMatrix:
      return Object.keys(answer.levels ?? {}).length > 0;
    default:
      return (answer.selected?.length ?? 0) > 0;
  }
}

/**
 * What is wrong with an answer, in Spanish (empty when it is acceptable): required questions,
 * integer values, the option counts of types 7, 8 and 9 (checked once something is chosen, so an
 * optional question may stay empty), one choice for Si/No, Opción Única and Rating, the text of
 * 'Otro', every Likert statement and every Ranking position.
 */
export function answerErrors(
  question: SurveyTreeQuestion,
  answer: PreviewAnswer | undefined,
): string[] {
  if (isNA(question, answer)) return [];
  if (!isAnswered(question, answer)) return question.isOptional ? [] : [ANSWER_REQUIRED];
  const errors: string[] = [];
  const all = sortedOptions(question);
  const chosen = chosenIds(question, answer);
  const count = question.multipleOptionsCount ?? 0;
  switch (question.type) {
    case QuestionType.Integer:
      if (!Number.isInteger(answer?.number)) errors.push(ANSWER_NOT_INTEGER);
      break;
    case QuestionType.YesNo:
    case QuestionType.SingleChoice:
    case QuestionType.Rating:
      if (chosen.length > 1) errors.push(ANSWER_ONE_ONLY);
      break;
    case QuestionType.MaxChoicesCount:
      if (count > 0 && chosen.length > count) errors.push(answerAtMost(count));
      break;
    case QuestionType.MinChoicesCount:
      if (chosen.length < count) errors.push(answerAtLeast(count));
      break;
    case QuestionType.ExactChoicesCount:
      if (chosen.length !== count) errors.push(answerExactly(count));
      break;
    case QuestionType.LikertMatrix: {
      const levels = answer?.levels ?? {};
      if (all.some((option) => !(levels[key(option.id)]! >= 1))) {
        errors.push(ANSWER_LIKERT_INCOMPLETE);
      }
      break;
    }
    case QuestionType.Ranking:
      if (new Set(chosen).size < all.length) errors.push(ANSWER_RANKING_INCOMPLETE);
      break;
  }
  const other = all.find((option) => option.isOther);
  if (other && chosen.includes(key(other.id)) && (answer?.otherText ?? '').trim() === '') {
    errors.push(ANSWER_OTHER_TEXT);
  }
  return errors;
}

/** Points an acceptable answer earns (0 for an empty, NA or unacceptable one). */
export function answerPoints(question: SurveyTreeQuestion, answer: PreviewAnswer | undefined) {
  if (!answer || isNA(question, answer) || !isAnswered(question, answer)) return 0;
  if (answerErrors(question, answer).length > 0) return 0;
  const all = sortedOptions(question);
  const chosen = new Set(chosenIds(question, answer));
  const pointsOf = (option: SurveyOptionView) => Number(option.points) || 0;
  switch (question.type) {
    case QuestionType.Text:
    case QuestionType.Integer:
    case QuestionType.Decimal:
    case QuestionType.Date:
    case QuestionType.Ranking:
      return question.points;
    case QuestionType.LikertMatrix: {
      const levels = answer.levels ?? {};
      const sum = all.reduce(
        (total, option) => total + (pointsOf(option) * ((levels[key(option.id)] ?? 1) - 1)) / 4,
        0,
      );
      return round2(Math.min(sum, question.points));
    }
    default: {
      const sum = all.filter((o) => chosen.has(key(o.id))).reduce((t, o) => t + pointsOf(o), 0);
      return round2(Math.min(sum, question.points));
    }
  }
}

function round2(value: number) {
  return Math.round(value * 100) / 100;
}

/** The running score of the preview. */
export interface PreviewScore {
  /** Points earned by the visible questions' acceptable answers. */
  points: number;
  /** Points the visible questions can give (NA-answered ones left out). */
  maxPoints: number;
  /** Visible questions whose answer is missing or breaks a rule. */
  pending: number;
}

/** Score of the preview: only visible questions count, so hidden answers never add points. */
export function previewScore(
  survey: Pick<SurveyTreeView, 'segments'>,
  answers: PreviewAnswers,
): PreviewScore {
  let points = 0;
  let maxPoints = 0;
  let pending = 0;
  for (const question of visibleQuestions(survey, answers)) {
    const answer = answers[key(question.id)];
    if (answerErrors(question, answer).length > 0) pending += 1;
    if (isNA(question, answer)) continue;
    maxPoints += Number(question.points) || 0;
    points += answerPoints(question, answer);
  }
  return { points: round2(points), maxPoints: round2(maxPoints), pending };
}

/** A segment or question an option's skip logic may hide, with the name the designer shows. */
export interface SkipTarget {
  id: Key;
  name: string;
}

/**
 * What an option of `questionId` may hide (decisions, "Skip logic"): the segments and questions
 * after its question in survey order, never the question itself nor a segment containing it.
 */
export function skipTargets(
  survey: Pick<SurveyTreeView, 'segments'>,
  questionId: Key,
): { segments: SkipTarget[]; questions: SkipTarget[] } {
  const segments: SkipTarget[] = [];
  const questions: SkipTarget[] = [];
  let found = false;
  const walk = (segment: SurveyTreeSegment) => {
    // A segment entered after the question starts after it (ancestors were entered before).
    if (found)
      segments.push({ id: segment.id, name: segment.name?.trim() || 'Segmento sin nombre' });
    for (const item of segmentItems(segment)) {
      if (item.kind === 'segment') {
        walk(item.item);
      } else if (found) {
        questions.push({ id: item.item.id, name: item.item.description });
      } else if (key(item.item.id) === key(questionId)) {
        found = true;
      }
    }
  };
  for (const segment of sortedSegments(survey.segments)) walk(segment);
  return { segments, questions };
}
