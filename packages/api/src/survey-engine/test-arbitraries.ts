// fast-check arbitraries of the engine's property tests: random survey trees (every question
// type, segments nested up to depth 3, forward-only skip logic) and random answer sets, either
// garbage or valid by construction. The tests' own model of reading order and skip logic lives
// here too, written independently of the engine so the engine is checked against it.
import fc from 'fast-check';
import { QUESTION_TYPE as T, allowsOther, choosesOptions, hasOptions, needsCount } from '../rules';
import type {
  EngineAnswer,
  EngineChoice,
  EngineOption,
  EngineQuestion,
  EngineSegment,
  EngineSurvey,
} from './model';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A tiny deterministic generator: the random choices a seed drives (shrinks with the seed). */
export function rng(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return n <= 0 ? 0 : state % n;
  };
}

export function shuffle<V>(items: readonly V[], next: (n: number) => number): V[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const pointsArb = fc.integer({ min: 0, max: 2000 }).map((cents) => cents / 100);

const questionSpecArb = fc.record({
  type: fc.integer({ min: 0, max: 12 }),
  points: pointsArb,
  optionPoints: fc.array(pointsArb, { minLength: 2, maxLength: 5 }),
  otherPoints: fc.option(pointsArb, { nil: undefined }),
  acceptsNA: fc.boolean(),
  isOptional: fc.boolean(),
  hasPhoto: fc.boolean(),
  count: fc.nat(),
  rank: fc.nat(),
});
type QuestionSpec = typeof questionSpecArb extends fc.Arbitrary<infer V> ? V : never;

interface SegmentSpec {
  rank: number;
  questions: QuestionSpec[];
  children: SegmentSpec[];
}

const segmentSpecArb = (depth: number): fc.Arbitrary<SegmentSpec> =>
  fc.record({
    rank: fc.nat(),
    questions: fc.array(questionSpecArb, { maxLength: 3 }),
    children: depth < 3 ? fc.array(segmentSpecArb(depth + 1), { maxLength: 2 }) : fc.constant([]),
  });

function optionsOf(spec: QuestionSpec, newId: () => number): Mutable<EngineOption>[] {
  if (!hasOptions(spec.type)) return [];
  const points = spec.type === T.YesNo ? spec.optionPoints.slice(0, 2) : spec.optionPoints;
  const withOther =
    allowsOther(spec.type) && spec.otherPoints !== undefined
      ? [...points, spec.otherPoints]
      : points;
  return withOther.map((optionPoints, index) => ({
    id: newId(),
    order: index,
    points: optionPoints,
    isOther: index >= points.length,
    blurredSegmentIds: [],
    blurredQuestionIds: [],
  }));
}

/** Builds the tree; the orders inside a segment are a permutation of its items (no ties). */
function build(specs: SegmentSpec[], next: (n: number) => number): EngineSurvey {
  let id = 1;
  const newId = () => id++;
  const question = (spec: QuestionSpec): EngineQuestion => {
    const multipleOptions = optionsOf(spec, newId);
    return {
      id: newId(),
      type: spec.type,
      order: 0,
      description: `Pregunta ${id}`,
      points: spec.points,
      acceptsNA: spec.acceptsNA,
      isOptional: spec.isOptional,
      hasPhoto: spec.hasPhoto,
      multipleOptionsCount: needsCount(spec.type)
        ? 1 + (spec.count % multipleOptions.length)
        : null,
      multipleOptions,
    };
  };
  const segment = (spec: SegmentSpec): EngineSegment => {
    const questions = spec.questions.map(question);
    const children = spec.children.map(segment);
    const ranked = [
      ...spec.questions.map((q, i) => ({ rank: q.rank, item: questions[i]! })),
      ...spec.children.map((c, i) => ({ rank: c.rank, item: children[i]! })),
    ].sort((a, b) => a.rank - b.rank);
    ranked.forEach(({ item }, order) => ((item as { order: number }).order = order));
    return { id: newId(), order: 0, questions, children };
  };
  const segments = specs.map(segment);
  shuffle(segments, next).forEach((s, order) => ((s as { order: number }).order = order));
  return { segments };
}

/** A node of the test's own reading order (depth first, items by their distinct orders). */
export interface ReadNode {
  kind: 'segment' | 'question';
  id: number;
  question?: EngineQuestion;
  /** The ids of the segments around it, outermost first (itself included for a segment). */
  path: number[];
}

export function readingOrder(survey: EngineSurvey): ReadNode[] {
  const out: ReadNode[] = [];
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const walk = (segment: EngineSegment, above: number[]) => {
    const path = [...above, segment.id];
    out.push({ kind: 'segment', id: segment.id, path });
    const items = [
      ...segment.questions.map((q) => ({ order: q.order, q, s: undefined })),
      ...segment.children.map((s) => ({ order: s.order, q: undefined, s })),
    ].sort(byOrder);
    for (const { q, s } of items) {
      if (q) out.push({ kind: 'question', id: q.id, question: q, path });
      else walk(s!, path);
    }
  };
  for (const segment of [...survey.segments].sort(byOrder)) walk(segment, []);
  return out;
}

/** Random forward-only skip logic on the options of the types that choose. */
function addSkipLogic(survey: EngineSurvey, next: (n: number) => number): void {
  const nodes = readingOrder(survey);
  nodes.forEach((node, position) => {
    const later = nodes.slice(position + 1);
    if (!node.question || !choosesOptions(node.question.type) || later.length === 0) return;
    for (const option of node.question.multipleOptions as Mutable<EngineOption>[]) {
      if (next(3) !== 0) continue;
      const picks = [
        ...new Set(Array.from({ length: 1 + next(2) }, () => later[next(later.length)]!)),
      ];
      option.blurredSegmentIds = picks.filter((n) => n.kind === 'segment').map((n) => n.id);
      option.blurredQuestionIds = picks.filter((n) => n.kind === 'question').map((n) => n.id);
    }
  });
}

export const surveyArb: fc.Arbitrary<EngineSurvey> = fc
  .record({
    specs: fc.array(segmentSpecArb(1), { minLength: 1, maxLength: 3 }),
    seed: fc.nat(),
  })
  .map(({ specs, seed }) => {
    const next = rng(seed);
    const survey = build(specs, next);
    addSkipLogic(survey, next);
    return survey;
  });

/**
 * The test's model of the skip logic: walking in reading order, a shown question's first answer
 * (not NA, of a type that chooses) hides what its chosen options name.
 */
export function modelHidden(survey: EngineSurvey, answers: readonly EngineAnswer[]): Set<number> {
  const first = new Map<number, EngineAnswer>();
  for (const a of answers) if (!first.has(a.questionId)) first.set(a.questionId, a);
  const hidden = new Set<number>();
  for (const node of readingOrder(survey)) {
    if (node.path.some((id) => hidden.has(id)) || hidden.has(node.id)) {
      hidden.add(node.id);
      continue;
    }
    const answer = node.question && first.get(node.id);
    if (!node.question || !answer || answer.isNa || !choosesOptions(node.question.type)) continue;
    const chosen = new Set((answer.options ?? []).map((c) => c.optionId));
    for (const option of node.question.multipleOptions) {
      if (!chosen.has(option.id)) continue;
      for (const id of [...option.blurredSegmentIds, ...option.blurredQuestionIds]) hidden.add(id);
    }
  }
  return hidden;
}

/** A correct answer to the question (whatever the skip logic says). */
export function validAnswer(q: EngineQuestion, next: (n: number) => number): EngineAnswer {
  const answer: EngineAnswer = { questionId: q.id };
  if (q.hasPhoto) answer.photoIds = [`foto-${q.id}`, `foto-${q.id}-b`].slice(0, 1 + next(2));
  const pick = (k: number): EngineChoice[] =>
    shuffle(q.multipleOptions, next)
      .slice(0, k)
      .map((o) =>
        o.isOther ? { optionId: o.id, otherText: 'Exhibidor propio' } : { optionId: o.id },
      );
  const n = q.multipleOptions.length;
  const count = q.multipleOptionsCount ?? 0;
  switch (q.type) {
    case T.Text:
      return { ...answer, textValue: ['Sí', ' limpio ', 'Anaquel'][next(3)] };
    case T.Integer:
      return { ...answer, intValue: next(2001) - 1000 };
    case T.Decimal:
      return { ...answer, decimalValue: (next(200001) - 100000) / 100 };
    case T.Date:
      return { ...answer, dateValue: `20${10 + next(20)}-0${1 + next(9)}-${10 + next(19)}` };
    case T.MultipleChoice:
      return { ...answer, options: pick(1 + next(n)) };
    case T.MaxChoicesCount:
      return { ...answer, options: pick(1 + next(count)) };
    case T.MinChoicesCount:
      return { ...answer, options: pick(count + next(n - count + 1)) };
    case T.ExactChoicesCount:
      return { ...answer, options: pick(count) };
    case T.LikertMatrix:
      return { ...answer, options: pick(n).map((c) => ({ ...c, value: 1 + next(5) })) };
    case T.Ranking: {
      const positions = shuffle(
        Array.from({ length: n }, (_, i) => i + 1),
        next,
      );
      return { ...answer, options: pick(n).map((c, i) => ({ ...c, value: positions[i] })) };
    }
    default:
      return { ...answer, options: pick(1) };
  }
}

/**
 * A valid answer set: walking in reading order, each shown question answered correctly, or NA
 * where accepted, or left empty when optional; hidden questions are not answered.
 */
export function validAnswers(survey: EngineSurvey, next: (n: number) => number): EngineAnswer[] {
  const answers: EngineAnswer[] = [];
  for (const node of readingOrder(survey)) {
    const q = node.question;
    if (!q || modelHidden(survey, answers).has(q.id)) continue;
    const roll = next(4);
    if (q.acceptsNA && roll === 0) answers.push({ questionId: q.id, isNa: true });
    else if (!(q.isOptional && roll === 1)) answers.push(validAnswer(q, next));
  }
  return answers;
}

const maybe = <V>(arb: fc.Arbitrary<V>) => fc.option(arb, { nil: undefined });

/** Garbage answers: any field, any option of any question, unknown questions and repeats. */
export function garbageAnswersArb(survey: EngineSurvey): fc.Arbitrary<EngineAnswer[]> {
  const questions = readingOrder(survey).flatMap((n) => (n.question ? [n.question] : []));
  const optionIds = questions.flatMap((q) => q.multipleOptions.map((o) => o.id));
  const idArb = (ids: number[]) =>
    ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.nat(200)) : fc.nat(200);
  const numberArb = fc.oneof(fc.integer({ min: -3, max: 8 }), fc.double());
  const choiceArb = fc.record(
    {
      optionId: idArb(optionIds),
      value: maybe(fc.oneof(numberArb, fc.constant(null))),
      otherText: maybe(fc.oneof(fc.constant(null), fc.string({ maxLength: 3 }))),
    },
    { requiredKeys: ['optionId'] },
  );
  const answerArb = fc.record(
    {
      questionId: idArb(questions.map((q) => q.id)),
      isNa: fc.boolean(),
      textValue: fc.oneof(fc.constant(null), fc.string({ maxLength: 3 })),
      intValue: fc.oneof(fc.constant(null), numberArb),
      decimalValue: fc.oneof(fc.constant(null), numberArb),
      dateValue: fc.oneof(fc.constant(null), fc.constantFrom('', '2026-02-29', '2024-02-29', 'x')),
      options: fc.array(choiceArb, { maxLength: 6 }),
      photoIds: fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 }),
    },
    { requiredKeys: ['questionId'] },
  ) as fc.Arbitrary<EngineAnswer>;
  return fc.array(answerArb, { maxLength: questions.length + 3 });
}
