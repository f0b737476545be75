// The survey as the engine reads it: the contract's survey tree (what `GET surveys/{id}` and the
// sync download answer), reduced to the fields the rules use, and the phone's answers exactly as
// `POST sync/checkins` carries them. The server maps its loaded tree onto it, the designer's
// preview its view, and the field app uses the downloaded tree as it is.
import type { components } from '../generated/schema';

type Schemas = components['schemas'];

export type EngineOption = Pick<
  Schemas['MultipleOption'],
  'id' | 'order' | 'points' | 'isOther' | 'blurredSegmentIds' | 'blurredQuestionIds'
>;

export type EngineQuestion = Pick<
  Schemas['QuestionNode'],
  | 'id'
  | 'type'
  | 'order'
  | 'description'
  | 'points'
  | 'acceptsNA'
  | 'isOptional'
  | 'hasPhoto'
  | 'multipleOptionsCount'
> & { multipleOptions: readonly EngineOption[] };

export type EngineSegment = Pick<Schemas['SegmentNode'], 'id' | 'order'> & {
  children: readonly EngineSegment[];
  questions: readonly EngineQuestion[];
};

export interface EngineSurvey {
  /** Top-level segments. */
  segments: readonly EngineSegment[];
}

/** One answer as the phone sends it. */
export type EngineAnswer = Schemas['SyncAnswer'];
export type EngineChoice = Schemas['SyncAnswerOption'];

/** A segment's children in their one shared order (a question before a segment on a tie). */
export type SegmentItem =
  { kind: 'question'; question: EngineQuestion } | { kind: 'segment'; segment: EngineSegment };

const byOrder = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

export function itemsOf(segment: EngineSegment): SegmentItem[] {
  const items = [
    ...segment.questions.map((question) => ({
      order: question.order,
      id: question.id,
      item: { kind: 'question' as const, question },
    })),
    ...segment.children.map((child) => ({
      order: child.order,
      id: child.id,
      item: { kind: 'segment' as const, segment: child },
    })),
  ];
  return items
    .sort(
      (a, b) =>
        a.order - b.order ||
        (a.item.kind === b.item.kind ? a.id - b.id : a.item.kind === 'question' ? -1 : 1),
    )
    .map(({ item }) => item);
}

/** Top-level segments in order. */
export function rootsOf(survey: EngineSurvey): EngineSegment[] {
  return [...survey.segments].sort(byOrder);
}

/**
 * A survey's reading order, each segment's items sorted once: the walks of one judgement (skip
 * logic, refusals, points) share it instead of sorting every segment again. Made per call, never
 * kept: the designer's preview edits its survey in place.
 */
export interface SurveyOrder {
  roots: readonly EngineSegment[];
  items: (segment: EngineSegment) => readonly SegmentItem[];
}

export function surveyOrder(survey: EngineSurvey): SurveyOrder {
  const sorted = new Map<EngineSegment, SegmentItem[]>();
  return {
    roots: rootsOf(survey),
    items: (segment) => {
      let items = sorted.get(segment);
      if (!items) sorted.set(segment, (items = itemsOf(segment)));
      return items;
    },
  };
}

/** Every question in reading order (depth first), with the ids of the segments around it. */
export function questionsInOrder(
  survey: EngineSurvey,
  order: SurveyOrder = surveyOrder(survey),
): { question: EngineQuestion; segmentIds: readonly number[] }[] {
  const out: { question: EngineQuestion; segmentIds: readonly number[] }[] = [];
  const walk = (segment: EngineSegment, above: readonly number[]) => {
    const around = [...above, segment.id];
    for (const item of order.items(segment)) {
      if (item.kind === 'question') out.push({ question: item.question, segmentIds: around });
      else walk(item.segment, around);
    }
  };
  for (const segment of order.roots) walk(segment, []);
  return out;
}

/** Points (at most 2 decimals) as integer cents: sums in cents are exact. */
export function toCents(points: number): number {
  return Math.round(points * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
