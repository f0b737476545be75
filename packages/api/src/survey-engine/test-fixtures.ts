// Builders of small survey trees for the engine's tests (not part of the engine's exports).
import type { EngineAnswer, EngineOption, EngineQuestion, EngineSegment } from './model';

let nextId = 1000;
/** A fresh id, unique across every fixture of a test file. */
const freshId = (): number => nextId++;

export interface OptionSpec {
  points: number;
  isOther?: boolean;
  blurredSegmentIds?: number[];
  blurredQuestionIds?: number[];
}

export function question(
  type: number,
  points: number,
  options: OptionSpec[] = [],
  order = 0,
  extra: Partial<Omit<EngineQuestion, 'id' | 'type' | 'points' | 'order'>> = {},
): EngineQuestion {
  const id = freshId();
  return {
    id,
    type,
    order,
    points,
    description: `Pregunta ${id}`,
    acceptsNA: false,
    isOptional: false,
    hasPhoto: false,
    multipleOptionsCount: null,
    multipleOptions: options.map((option, index): EngineOption => ({
      id: freshId(),
      order: index,
      points: option.points,
      isOther: option.isOther ?? false,
      blurredSegmentIds: option.blurredSegmentIds ?? [],
      blurredQuestionIds: option.blurredQuestionIds ?? [],
    })),
    ...extra,
  };
}

export function segment(
  order: number,
  questions: EngineQuestion[],
  children: EngineSegment[] = [],
): EngineSegment {
  return { id: freshId(), order, questions, children };
}

export const optionId = (q: EngineQuestion, index: number): number => q.multipleOptions[index]!.id;

/** The answer choosing the options at these indexes. */
export const choose = (q: EngineQuestion, ...indexes: number[]): EngineAnswer => ({
  questionId: q.id,
  options: indexes.map((i) => ({ optionId: optionId(q, i) })),
});

/** Makes an option hide items after it was built (the items may be built after the option). */
export function hide(
  q: EngineQuestion,
  index: number,
  hidden: { segments?: number[]; questions?: number[] },
): void {
  const option = q.multipleOptions[index] as {
    -readonly [K in keyof EngineOption]: EngineOption[K];
  };
  option.blurredSegmentIds = hidden.segments ?? [];
  option.blurredQuestionIds = hidden.questions ?? [];
}
