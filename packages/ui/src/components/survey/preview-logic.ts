// The designer's and the preview's walks of a survey view: items in their shared order, the
// preview's form state and hints, and what an option's skip logic may hide. What the skip logic
// hides, what an answer must be and what it scores are the survey engine's (preview-engine.ts).
import type { Key } from 'react-aria-components';
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

/** Whether the answer is 'No aplica' on a question that accepts it (otherwise NA is ignored). */
export function isNA(question: SurveyTreeQuestion, answer: PreviewAnswer | undefined): boolean {
  return Boolean(answer?.na && question.acceptsNA);
}

const options = (n: number) => `${n} ${n === 1 ? 'opción' : 'opciones'}`;
/** The hint of a 'Número Máximo de Opciones' question: 'Elige como máximo N opciones.' */
export const answerAtMost = (n: number) => `Elige como máximo ${options(n)}.`;
/** The hint of a 'Número Mínimo de Opciones' question: 'Elige al menos N opciones.' */
export const answerAtLeast = (n: number) => `Elige al menos ${options(n)}.`;
/** The hint of a 'Número Exacto de Opciones' question: 'Elige exactamente N opciones.' */
export const answerExactly = (n: number) => `Elige exactamente ${options(n)}.`;

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
