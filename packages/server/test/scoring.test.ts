import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuestionType } from '../src/surveys/types.ts';
import {
  answerPoints,
  hiddenItems,
  scoreSurvey,
  surveyPoints,
  toCents,
  type ScoringAnswer,
  type ScoringQuestion,
  type ScoringSegment,
  type ScoringSurvey,
} from '../src/surveys/scoring.ts';

// docs/surveys.md "Puntuación": one fixture per type and per rule.

let nextId = 1000;
function question(
  type: number,
  points: number,
  options: { points: number; hiddenSegmentIds?: number[]; hiddenQuestionIds?: number[] }[] = [],
  order = 0,
): ScoringQuestion {
  const id = nextId++;
  return {
    id,
    type,
    order,
    points,
    options: options.map((option) => ({ id: nextId++, ...option })),
  };
}
const optionId = (q: ScoringQuestion, index: number): number => q.options[index]!.id;
const choose = (q: ScoringQuestion, ...indexes: number[]): ScoringAnswer => ({
  questionId: q.id,
  options: indexes.map((i) => ({ optionId: optionId(q, i) })),
});

describe('answerPoints and surveyPoints per question type', () => {
  it('Texto, Entero, Decimal and Fecha score their full points when a value is given', () => {
    const text = question(QuestionType.Text, 5);
    expect(answerPoints(text, { questionId: text.id, textValue: 'Anaquel limpio' })).toBe(5);
    expect(answerPoints(text, { questionId: text.id, textValue: '   ' })).toBe(0);
    const integer = question(QuestionType.Integer, 3);
    expect(answerPoints(integer, { questionId: integer.id, intValue: 0 })).toBe(3);
    const decimal = question(QuestionType.Decimal, 2.5);
    expect(answerPoints(decimal, { questionId: decimal.id, decimalValue: 19.9 })).toBe(2.5);
    const date = question(QuestionType.Date, 1);
    expect(answerPoints(date, { questionId: date.id, dateValue: '2026-11-20' })).toBe(1);
    expect(surveyPoints(date, { questionId: date.id, dateValue: '2026-11-20' })).toBe(1);
  });

  it('an unanswered (optional) question is worth its points and scores 0', () => {
    const q = question(QuestionType.Integer, 4);
    expect(answerPoints(q, undefined)).toBe(0);
    expect(surveyPoints(q, undefined)).toBe(4);
  });

  it('Si/No scores the chosen option', () => {
    const q = question(QuestionType.YesNo, 2, [{ points: 2 }, { points: 0 }]);
    expect(answerPoints(q, choose(q, 0))).toBe(2);
    expect(answerPoints(q, choose(q, 1))).toBe(0);
  });

  it('Opción Única and Rating score the chosen option', () => {
    const single = question(QuestionType.SingleChoice, 3, [{ points: 1 }, { points: 3 }]);
    expect(answerPoints(single, choose(single, 1))).toBe(3);
    const rating = question(QuestionType.Rating, 4, [
      { points: 0 },
      { points: 1 },
      { points: 2 },
      { points: 3 },
      { points: 4 },
    ]);
    expect(answerPoints(rating, choose(rating, 3))).toBe(3);
  });

  it('Opción Multiple and the count types add the chosen options, capped at the question', () => {
    const multiple = question(QuestionType.MultipleChoice, 5, [
      { points: 2 },
      { points: 2 },
      { points: 1 },
    ]);
    expect(answerPoints(multiple, choose(multiple, 0, 2))).toBe(3);
    expect(answerPoints(multiple, choose(multiple, 0, 1, 2))).toBe(5);
    const max = question(QuestionType.MaxChoicesCount, 3, [{ points: 2 }, { points: 2 }]);
    // 4 chosen points, the question is worth 3.
    expect(answerPoints(max, choose(max, 0, 1))).toBe(3);
    const min = question(QuestionType.MinChoicesCount, 6, [{ points: 2 }, { points: 2 }]);
    expect(answerPoints(min, choose(min, 0, 1))).toBe(4);
    const exact = question(QuestionType.ExactChoicesCount, 4, [{ points: 1.25 }, { points: 0.5 }]);
    expect(answerPoints(exact, choose(exact, 0, 1))).toBe(1.75);
  });

  it("'Otro' scores its own points like any option", () => {
    const q = question(QuestionType.SingleChoice, 2, [{ points: 2 }, { points: 0.5 }]);
    expect(
      answerPoints(q, {
        questionId: q.id,
        options: [{ optionId: optionId(q, 1) }],
        textValue: 'Exhibidor propio',
      }),
    ).toBe(0.5);
  });

  it('an option sent twice counts once; an unknown option counts nothing', () => {
    const q = question(QuestionType.MultipleChoice, 10, [{ points: 2 }, { points: 3 }]);
    expect(
      answerPoints(q, {
        questionId: q.id,
        options: [{ optionId: optionId(q, 0) }, { optionId: optionId(q, 0) }, { optionId: 1 }],
      }),
    ).toBe(2);
  });

  it('Matriz de Likert: each statement scores points × (level − 1) / 4, rounded to cents', () => {
    const q = question(QuestionType.LikertMatrix, 5, [{ points: 2 }, { points: 3 }]);
    const levels = (a: number, b: number): ScoringAnswer => ({
      questionId: q.id,
      options: [
        { optionId: optionId(q, 0), value: a },
        { optionId: optionId(q, 1), value: b },
      ],
    });
    expect(answerPoints(q, levels(5, 5))).toBe(5);
    expect(answerPoints(q, levels(1, 1))).toBe(0);
    // 2 × 2/4 + 3 × 3/4 = 1 + 2.25
    expect(answerPoints(q, levels(3, 4))).toBe(3.25);
    const odd = question(QuestionType.LikertMatrix, 1, [{ points: 0.33 }]);
    // 0.33 × 1/4 = 0.0825 -> 0.08
    expect(
      answerPoints(odd, {
        questionId: odd.id,
        options: [{ optionId: optionId(odd, 0), value: 2 }],
      }),
    ).toBe(0.08);
  });

  it('Ranking scores its full points only when every option has a distinct position', () => {
    const q = question(QuestionType.Ranking, 4, [{ points: 0 }, { points: 0 }, { points: 0 }]);
    const ranked = (...positions: number[]): ScoringAnswer => ({
      questionId: q.id,
      options: positions.map((value, i) => ({ optionId: optionId(q, i), value })),
    });
    expect(answerPoints(q, ranked(2, 3, 1))).toBe(4);
    expect(answerPoints(q, ranked(1, 1, 2))).toBe(0);
    expect(answerPoints(q, ranked(1, 2))).toBe(0);
  });

  it('NA: the question is worth nothing and scores nothing', () => {
    const q = question(QuestionType.Integer, 4);
    const na = { questionId: q.id, isNa: true };
    expect(answerPoints(q, na)).toBe(0);
    expect(surveyPoints(q, na)).toBe(0);
  });
});

function segment(
  order: number,
  questions: ScoringQuestion[],
  segments: ScoringSegment[] = [],
): ScoringSegment {
  return { id: nextId++, order, questions, segments };
}

describe('scoreSurvey', () => {
  it('adds questions into segments and segments into the survey, nested', () => {
    const q1 = question(QuestionType.Text, 2, [], 0);
    const q2 = question(QuestionType.YesNo, 3, [{ points: 3 }, { points: 0 }], 1);
    const q3 = question(QuestionType.Integer, 5, [], 0);
    const inner = segment(2, [q3]);
    const outer = segment(0, [q1, q2], [inner]);
    const q4 = question(QuestionType.Decimal, 1, [], 0);
    const second = segment(1, [q4]);
    const survey: ScoringSurvey = { segments: [second, outer] };
    const score = scoreSurvey(survey, [
      { questionId: q1.id, textValue: 'ok' },
      choose(q2, 1),
      { questionId: q3.id, intValue: 7 },
    ]);
    expect(score).toMatchObject({ answerPoints: 7, surveyPoints: 11 });
    expect(score.segments.map((s) => s.segmentId)).toEqual([outer.id, second.id]);
    expect(score.segments[0]).toMatchObject({ answerPoints: 7, surveyPoints: 10 });
    expect(score.segments[0]!.segments[0]).toMatchObject({ answerPoints: 5, surveyPoints: 5 });
    expect(score.segments[1]).toMatchObject({ answerPoints: 0, surveyPoints: 1 });
  });

  it('items hidden by a chosen option are worth nothing, with everything inside them', () => {
    const later = question(QuestionType.Text, 4, [], 0);
    const inner = segment(0, [question(QuestionType.Text, 6, [], 0)]);
    const hiddenSegment = segment(1, [later], [inner]);
    const hiddenQuestion = question(QuestionType.Integer, 3, [], 2);
    const gate = question(
      QuestionType.YesNo,
      1,
      [
        { points: 1 },
        { points: 0, hiddenSegmentIds: [hiddenSegment.id], hiddenQuestionIds: [hiddenQuestion.id] },
      ],
      0,
    );
    const first = segment(0, [gate, hiddenQuestion]);
    const survey: ScoringSurvey = { segments: [first, hiddenSegment] };

    const shown = scoreSurvey(survey, [choose(gate, 0)]);
    expect(shown.surveyPoints).toBe(1 + 3 + 4 + 6);
    const skipped = scoreSurvey(survey, [choose(gate, 1)]);
    expect(skipped).toMatchObject({ answerPoints: 0, surveyPoints: 1 });
    expect(skipped.segments[1]).toMatchObject({ hidden: true, surveyPoints: 0 });
    expect(skipped.segments[1]!.segments[0]).toMatchObject({ hidden: true, surveyPoints: 0 });
    expect(skipped.segments[0]!.questions[1]).toMatchObject({ hidden: true, surveyPoints: 0 });
  });

  it('an answer of a hidden question hides nothing itself', () => {
    const target = question(QuestionType.Text, 2, [], 2);
    const middle = question(
      QuestionType.YesNo,
      1,
      [{ points: 1, hiddenQuestionIds: [target.id] }],
      1,
    );
    const gate = question(
      QuestionType.YesNo,
      1,
      [{ points: 1, hiddenQuestionIds: [middle.id] }],
      0,
    );
    const survey = { segments: [segment(0, [gate, middle, target])] };
    const answers = new Map([
      [gate.id, choose(gate, 0)],
      [middle.id, choose(middle, 0)],
    ]);
    const hidden = hiddenItems(survey, answers);
    expect([...hidden.questionIds]).toEqual([middle.id]);
  });

  it('NA and an unanswered optional question inside a segment', () => {
    const na = question(QuestionType.Integer, 4, [], 0);
    const skipped = question(QuestionType.Text, 2, [], 1);
    const answered = question(QuestionType.Date, 1, [], 2);
    const survey = { segments: [segment(0, [na, skipped, answered])] };
    const score = scoreSurvey(survey, [
      { questionId: na.id, isNa: true },
      { questionId: answered.id, dateValue: '2026-11-01' },
    ]);
    expect(score).toMatchObject({ answerPoints: 1, surveyPoints: 3 });
  });
});

/* ---------- property: the tree adds up ---------- */

const pointsArb = fc.integer({ min: 0, max: 2000 }).map((cents) => cents / 100);
const typeArb = fc.integer({ min: 0, max: 12 });

interface Generated {
  survey: ScoringSurvey;
  answers: ScoringAnswer[];
}

const generatedArb: fc.Arbitrary<Generated> = fc
  .record({
    shape: fc.array(
      fc.record({
        questions: fc.array(
          fc.record({
            type: typeArb,
            points: pointsArb,
            options: fc.array(pointsArb, { minLength: 1, maxLength: 5 }),
          }),
          { maxLength: 4 },
        ),
        children: fc.array(
          fc.array(
            fc.record({
              type: typeArb,
              points: pointsArb,
              options: fc.array(pointsArb, { minLength: 1, maxLength: 5 }),
            }),
            { maxLength: 3 },
          ),
          { maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  })
  .map(({ shape, seed }) => {
    let cursor = 0;
    const next = (): number => seed[cursor++ % seed.length]!;
    const allQuestions: ScoringQuestion[] = [];
    const allSegments: ScoringSegment[] = [];
    const makeQuestions = (specs: (typeof shape)[number]['questions'], start: number) =>
      specs.map((spec, index) => {
        const q = question(
          spec.type,
          spec.points,
          spec.options.map((points) => ({ points })),
          start + index,
        );
        allQuestions.push(q);
        return q;
      });
    const segments = shape.map((top, topIndex) => {
      const questions = makeQuestions(top.questions, 0);
      const children = top.children.map((childSpecs, childIndex) => {
        const child = segment(questions.length + childIndex, makeQuestions(childSpecs, 0));
        allSegments.push(child);
        return child;
      });
      const made = segment(topIndex, questions, children);
      allSegments.push(made);
      return made;
    });
    // Random skip logic: some options hide some segments or questions.
    for (const q of allQuestions) {
      for (const option of q.options as unknown as {
        hiddenSegmentIds?: number[];
        hiddenQuestionIds?: number[];
      }[]) {
        if (next() % 4 === 0)
          option.hiddenSegmentIds = [allSegments[next() % allSegments.length]!.id];
        if (next() % 4 === 0 && allQuestions.length > 0) {
          option.hiddenQuestionIds = [allQuestions[next() % allQuestions.length]!.id];
        }
      }
    }
    const answers: ScoringAnswer[] = allQuestions.flatMap((q): ScoringAnswer[] => {
      const roll = next() % 5;
      if (roll === 0) return [];
      if (roll === 1) return [{ questionId: q.id, isNa: true }];
      return [
        {
          questionId: q.id,
          textValue: 'x',
          intValue: 1,
          decimalValue: 1.5,
          dateValue: '2026-01-01',
          options: q.options
            .filter(() => next() % 2 === 0)
            .map((option, i) => ({ optionId: option.id, value: (i % 5) + 1 })),
        },
      ];
    });
    return { survey: { segments }, answers };
  });

describe('property: scores add up', () => {
  it('segment points add up to the survey answerPoints and never exceed surveyPoints', () => {
    fc.assert(
      fc.property(generatedArb, ({ survey, answers }) => {
        const score = scoreSurvey(survey, answers);
        const check = (node: {
          answerPoints: number;
          surveyPoints: number;
          segments: { answerPoints: number; surveyPoints: number }[];
          questions?: { answerPoints: number; surveyPoints: number }[];
        }): void => {
          const children = [...node.segments, ...(node.questions ?? [])];
          expect(children.reduce((sum, c) => sum + toCents(c.answerPoints), 0)).toBe(
            toCents(node.answerPoints),
          );
          expect(children.reduce((sum, c) => sum + toCents(c.surveyPoints), 0)).toBe(
            toCents(node.surveyPoints),
          );
          expect(node.answerPoints).toBeLessThanOrEqual(node.surveyPoints);
          expect(node.answerPoints).toBeGreaterThanOrEqual(0);
          for (const child of node.segments) check(child as Parameters<typeof check>[0]);
          for (const q of node.questions ?? []) {
            expect(q.answerPoints).toBeLessThanOrEqual(q.surveyPoints);
          }
        };
        check(score);
      }),
      { numRuns: 300 },
    );
  });
});

/* ---------- edges: exact boundaries, odd shapes, what must not count ---------- */

describe('answered or not (rule 1, 8): an empty or missing value is no answer', () => {
  const answeredOf = (q: ScoringQuestion, answer: ScoringAnswer) =>
    scoreSurvey({ segments: [segment(0, [q])] }, [answer]).segments[0]!.questions[0]!;

  it.each([
    ['Texto without text', QuestionType.Text, {}],
    ['Texto with null', QuestionType.Text, { textValue: null }],
    ['Entero with null', QuestionType.Integer, { intValue: null }],
    ['Entero not finite', QuestionType.Integer, { intValue: Number.POSITIVE_INFINITY }],
    ['Entero NaN', QuestionType.Integer, { intValue: Number.NaN }],
    ['Decimal with null', QuestionType.Decimal, { decimalValue: null }],
    ['Decimal not finite', QuestionType.Decimal, { decimalValue: Number.NEGATIVE_INFINITY }],
    ['Fecha with null', QuestionType.Date, { dateValue: null }],
    ['Fecha without date', QuestionType.Date, {}],
    ['Fecha empty', QuestionType.Date, { dateValue: '' }],
    ['Opción Única without options', QuestionType.SingleChoice, {}],
    ['Opción Única with no option chosen', QuestionType.SingleChoice, { options: [] }],
    ['Likert with no statement', QuestionType.LikertMatrix, { options: [] }],
    ['Ranking with no position', QuestionType.Ranking, { options: [] }],
  ] as const)('%s scores 0 of its points and is not answered', (_name, type, fields) => {
    const q = question(type, 3, [{ points: 3 }, { points: 1 }]);
    const answer: ScoringAnswer = { questionId: q.id, ...fields };
    expect(answerPoints(q, answer)).toBe(0);
    expect(surveyPoints(q, answer)).toBe(3);
    expect(answeredOf(q, answer)).toMatchObject({ answered: false, answerPoints: 0 });
  });

  it('a value or a chosen option is an answer; NA and hidden are not', () => {
    const text = question(QuestionType.Text, 1, [], 0);
    const yesNo = question(QuestionType.YesNo, 1, [{ points: 0 }, { points: 1 }], 1);
    const na = question(QuestionType.Integer, 1, [], 2);
    const score = scoreSurvey({ segments: [segment(0, [text, yesNo, na])] }, [
      { questionId: text.id, textValue: 'sí' },
      choose(yesNo, 0),
      { questionId: na.id, isNa: true, intValue: 4 },
    ]);
    expect(score.segments[0]!.questions).toEqual([
      {
        questionId: text.id,
        answerPoints: 1,
        surveyPoints: 1,
        hidden: false,
        isNa: false,
        answered: true,
      },
      {
        questionId: yesNo.id,
        answerPoints: 0,
        surveyPoints: 1,
        hidden: false,
        isNa: false,
        answered: true,
      },
      {
        questionId: na.id,
        answerPoints: 0,
        surveyPoints: 0,
        hidden: false,
        isNa: true,
        answered: false,
      },
    ]);
  });
});

describe('Likert edges (rule 5)', () => {
  const q = question(QuestionType.LikertMatrix, 10, [{ points: 2 }, { points: 4 }]);
  const levels = (...choices: [number, number | null | undefined][]): ScoringAnswer => ({
    questionId: q.id,
    options: choices.map(([index, value]) => ({
      optionId: index < 0 ? 1 : optionId(q, index),
      value,
    })),
  });

  it('a level outside 1..5 (or none) scores nothing, and 5 scores the statement in full', () => {
    expect(answerPoints(q, levels([0, 0], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, null], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, 6], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, 5], [1, 1]))).toBe(2);
  });

  it('a statement counts once: its first level wins, even level 1', () => {
    expect(answerPoints(q, levels([0, 1], [0, 5]))).toBe(0);
    expect(answerPoints(q, levels([1, 3], [1, 5]))).toBe(2);
  });

  it('an unknown statement scores nothing and breaks nothing', () => {
    expect(answerPoints(q, levels([-1, 5], [0, 5]))).toBe(2);
  });
});

describe('Ranking edges (rule 6)', () => {
  const q = question(QuestionType.Ranking, 4, [{ points: 0 }, { points: 0 }]);
  const ranked = (...choices: [number | 'unknown', number | null][]): ScoringAnswer => ({
    questionId: q.id,
    options: choices.map(([index, value]) => ({
      optionId: index === 'unknown' ? 1 : optionId(q, index),
      value,
    })),
  });

  it('complete: positions exactly 1..n, one per option', () => {
    expect(answerPoints(q, ranked([0, 2], [1, 1]))).toBe(4);
    // An unknown item or an item without a position alongside a complete ranking is ignored.
    expect(answerPoints(q, ranked([0, 1], [1, 2], ['unknown', 3]))).toBe(4);
    expect(answerPoints(q, ranked([0, 1], [1, 2], [0, null]))).toBe(4);
  });

  it.each([
    [
      'a position above n',
      [
        [0, 1],
        [1, 3],
      ],
    ],
    [
      'a position below 1',
      [
        [0, 0],
        [1, 1],
      ],
    ],
    [
      'a fractional position',
      [
        [0, 1],
        [1, 1.5],
      ],
    ],
    [
      'a position far above n',
      [
        [0, 1],
        [1, 7],
      ],
    ],
    [
      'one item ranked twice, the other not',
      [
        [0, 1],
        [0, 2],
      ],
    ],
    [
      'an item without a position',
      [
        [0, 1],
        [1, null],
      ],
    ],
  ] as [string, [number, number | null][]][])('incomplete with %s: 0', (_name, choices) => {
    expect(answerPoints(q, ranked(...choices))).toBe(0);
  });

  it('a Ranking without options scores nothing, whatever is sent', () => {
    const empty = question(QuestionType.Ranking, 4, []);
    expect(
      answerPoints(empty, { questionId: empty.id, options: [{ optionId: 1, value: 1 }] }),
    ).toBe(0);
  });

  it('a question of an unknown type scores nothing, even with every option ranked', () => {
    const odd = question(99, 4, [{ points: 1 }, { points: 1 }]);
    const answer: ScoringAnswer = {
      questionId: odd.id,
      options: [
        { optionId: optionId(odd, 0), value: 1 },
        { optionId: optionId(odd, 1), value: 2 },
      ],
    };
    expect(answerPoints(odd, answer)).toBe(0);
    expect(surveyPoints(odd, answer)).toBe(4);
  });
});

describe('order and skip-logic edges (rule 9)', () => {
  it('questions come out in their order, whatever the order they are given in', () => {
    const second = question(QuestionType.Text, 1, [], 2);
    const first = question(QuestionType.Text, 1, [], 0);
    const third = question(QuestionType.Text, 1, [], 10);
    const innerB = segment(3, [question(QuestionType.Text, 1, [], 0)]);
    const innerA = segment(1, [question(QuestionType.Text, 1, [], 0)]);
    const score = scoreSurvey(
      { segments: [segment(0, [third, second, first], [innerB, innerA])] },
      [],
    );
    expect(score.segments[0]!.questions.map((q) => q.questionId)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
    expect(score.segments[0]!.segments.map((s) => s.segmentId)).toEqual([innerA.id, innerB.id]);
  });

  it('top-level segments on the same order come by id', () => {
    const a = segment(0, [question(QuestionType.Text, 1)]);
    const b = segment(0, [question(QuestionType.Text, 1)]);
    const score = scoreSurvey({ segments: [b, a] }, []);
    expect(score.segments.map((s) => s.segmentId)).toEqual([a.id, b.id]);
  });

  it('walks in order: a later question hiding an earlier one is too late to silence it', () => {
    const target = question(QuestionType.Text, 1, [], 5);
    // `early` (order 1) hides `target`; `late` (order 3) hides `early`, but `early` was answered
    // before it is reached, so its own hiding stands.
    const early = question(
      QuestionType.YesNo,
      1,
      [{ points: 1, hiddenQuestionIds: [target.id] }],
      1,
    );
    const late = question(QuestionType.YesNo, 1, [{ points: 1, hiddenQuestionIds: [early.id] }], 3);
    const survey = { segments: [segment(0, [late, target, early])] };
    const hidden = hiddenItems(
      survey,
      new Map([
        [early.id, choose(early, 0)],
        [late.id, choose(late, 0)],
      ]),
    );
    expect([...hidden.questionIds].sort()).toEqual([early.id, target.id].sort());
  });

  it('on an order tie a question is walked before a sub-segment', () => {
    const target = question(QuestionType.Text, 1, [], 9);
    const gate = question(
      QuestionType.YesNo,
      1,
      [{ points: 1, hiddenQuestionIds: [target.id] }],
      1,
    );
    const insideQuestion = question(
      QuestionType.YesNo,
      1,
      [{ points: 1, hiddenQuestionIds: [gate.id] }],
      0,
    );
    const inner = segment(1, [insideQuestion]);
    const survey = { segments: [segment(0, [gate, target], [inner])] };
    const answers = new Map([
      [gate.id, choose(gate, 0)],
      [insideQuestion.id, choose(insideQuestion, 0)],
    ]);
    // The gate (order 1) comes before the sub-segment (order 1): it hides the target first.
    expect([...hiddenItems(survey, answers).questionIds].sort()).toEqual(
      [gate.id, target.id].sort(),
    );
  });

  it('a hidden segment hides its sub-segments and silences the answers inside it', () => {
    const later = question(QuestionType.Text, 1, [], 0);
    const insideGate = question(
      QuestionType.YesNo,
      1,
      [{ points: 1, hiddenQuestionIds: [later.id] }],
      0,
    );
    const deeper = segment(0, [question(QuestionType.Text, 1)]);
    const hiddenSegment = segment(1, [insideGate], [deeper]);
    const gate = question(
      QuestionType.YesNo,
      1,
      [{ points: 1, hiddenSegmentIds: [hiddenSegment.id] }],
      0,
    );
    const survey = {
      segments: [segment(0, [gate]), hiddenSegment, segment(2, [later])],
    };
    const answers = new Map([
      [gate.id, choose(gate, 0)],
      [insideGate.id, choose(insideGate, 0)],
    ]);
    const hidden = hiddenItems(survey, answers);
    expect([...hidden.segmentIds].sort()).toEqual([hiddenSegment.id, deeper.id].sort());
    expect([...hidden.questionIds].sort()).toEqual([insideGate.id, deeper.questions[0]!.id].sort());
    const score = scoreSurvey(survey, [
      ...answers.values(),
      { questionId: later.id, textValue: 'x' },
    ]);
    expect(score.segments[2]!.questions[0]).toMatchObject({ hidden: false, answerPoints: 1 });
  });

  it('an option hiding nothing, an unknown option and a choice without options hide nothing', () => {
    const target = question(QuestionType.Text, 1, [], 1);
    const gate = question(QuestionType.MultipleChoice, 1, [{ points: 1 }, { points: 0 }], 0);
    const survey = { segments: [segment(0, [gate, target])] };
    for (const answer of [
      choose(gate, 0, 1),
      { questionId: gate.id, options: [{ optionId: 1 }] },
      { questionId: gate.id },
    ]) {
      const hidden = hiddenItems(survey, new Map([[gate.id, answer]]));
      expect([...hidden.segmentIds]).toEqual([]);
      expect([...hidden.questionIds]).toEqual([]);
      expect(scoreSurvey(survey, [answer]).surveyPoints).toBe(2);
    }
  });
});
