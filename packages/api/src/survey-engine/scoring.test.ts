import { describe, expect, it } from 'vitest';
import { QUESTION_TYPE as T } from '../rules';
import {
  type EngineAnswer,
  type EngineQuestion,
  type EngineSurvey,
  questionsInOrder,
} from './model';
import { answerPoints, isAnswered, scoreSurvey, surveyPoints } from './scoring';
import { choose, hide, optionId, question, segment } from './test-fixtures';
import { answersByQuestion, hiddenItems } from './visibility';

// docs/surveys.md "Puntuación": one fixture per type and per rule (ported from the server's
// test/scoring.test.ts; the tree-adds-up property lives in properties.test.ts).

describe('answerPoints and surveyPoints per question type', () => {
  it('Texto, Entero, Decimal and Fecha score their full points when a value is given', () => {
    const text = question(T.Text, 5);
    expect(answerPoints(text, { questionId: text.id, textValue: 'Anaquel limpio' })).toBe(5);
    expect(answerPoints(text, { questionId: text.id, textValue: '   ' })).toBe(0);
    const integer = question(T.Integer, 3);
    expect(answerPoints(integer, { questionId: integer.id, intValue: 0 })).toBe(3);
    const decimal = question(T.Decimal, 2.5);
    expect(answerPoints(decimal, { questionId: decimal.id, decimalValue: 19.9 })).toBe(2.5);
    const date = question(T.Date, 1);
    expect(answerPoints(date, { questionId: date.id, dateValue: '2026-11-20' })).toBe(1);
    expect(surveyPoints(date, { questionId: date.id, dateValue: '2026-11-20' })).toBe(1);
  });

  it('an unanswered (optional) question is worth its points and scores 0', () => {
    const q = question(T.Integer, 4);
    expect(answerPoints(q, undefined)).toBe(0);
    expect(surveyPoints(q, undefined)).toBe(4);
  });

  it('Si/No scores the chosen option', () => {
    const q = question(T.YesNo, 2, [{ points: 2 }, { points: 0 }]);
    expect(answerPoints(q, choose(q, 0))).toBe(2);
    expect(answerPoints(q, choose(q, 1))).toBe(0);
  });

  it('Opción Única and Rating score the chosen option', () => {
    const single = question(T.SingleChoice, 3, [{ points: 1 }, { points: 3 }]);
    expect(answerPoints(single, choose(single, 1))).toBe(3);
    const rating = question(
      T.Rating,
      4,
      [0, 1, 2, 3, 4].map((points) => ({ points })),
    );
    expect(answerPoints(rating, choose(rating, 3))).toBe(3);
  });

  it('Opción Multiple and the count types add the chosen options, capped at the question', () => {
    const multiple = question(T.MultipleChoice, 5, [{ points: 2 }, { points: 2 }, { points: 1 }]);
    expect(answerPoints(multiple, choose(multiple, 0, 2))).toBe(3);
    expect(answerPoints(multiple, choose(multiple, 0, 1, 2))).toBe(5);
    const max = question(T.MaxChoicesCount, 3, [{ points: 2 }, { points: 2 }]);
    // 4 chosen points, the question is worth 3.
    expect(answerPoints(max, choose(max, 0, 1))).toBe(3);
    const min = question(T.MinChoicesCount, 6, [{ points: 2 }, { points: 2 }]);
    expect(answerPoints(min, choose(min, 0, 1))).toBe(4);
    const exact = question(T.ExactChoicesCount, 4, [{ points: 1.25 }, { points: 0.5 }]);
    expect(answerPoints(exact, choose(exact, 0, 1))).toBe(1.75);
  });

  it("'Otro' scores its own points like any option; its text scores nothing extra", () => {
    const q = question(T.SingleChoice, 2, [{ points: 2 }, { points: 0.5, isOther: true }]);
    const answer: EngineAnswer = {
      questionId: q.id,
      options: [{ optionId: optionId(q, 1), otherText: 'Exhibidor propio' }],
    };
    expect(answerPoints(q, answer)).toBe(0.5);
  });

  it('an option sent twice counts once; an unknown option counts nothing', () => {
    const q = question(T.MultipleChoice, 10, [{ points: 2 }, { points: 3 }]);
    const answer: EngineAnswer = {
      questionId: q.id,
      options: [{ optionId: optionId(q, 0) }, { optionId: optionId(q, 0) }, { optionId: 1 }],
    };
    expect(answerPoints(q, answer)).toBe(2);
  });

  it('Matriz de Likert: each statement scores points × (level − 1) / 4, rounded to cents', () => {
    const q = question(T.LikertMatrix, 5, [{ points: 2 }, { points: 3 }]);
    const levels = (a: number, b: number): EngineAnswer => ({
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
    const odd = question(T.LikertMatrix, 1, [{ points: 0.33 }]);
    // 0.33 × 1/4 = 0.0825 -> 0.08
    const oddAnswer = { questionId: odd.id, options: [{ optionId: optionId(odd, 0), value: 2 }] };
    expect(answerPoints(odd, oddAnswer)).toBe(0.08);
  });

  it('Matriz de Likert rounds once per question, not once per statement', () => {
    // 0.03 × 2/4 = 0.015 per statement: rounded each it would be 0.02 + 0.02, once it is 0.03.
    const q = question(T.LikertMatrix, 1, [{ points: 0.03 }, { points: 0.03 }]);
    const answer = {
      questionId: q.id,
      options: [0, 1].map((i) => ({ optionId: optionId(q, i), value: 3 })),
    };
    expect(answerPoints(q, answer)).toBe(0.03);
  });

  it('Ranking scores its full points only when every option has a distinct position', () => {
    const q = question(T.Ranking, 4, [{ points: 0 }, { points: 0 }, { points: 0 }]);
    const ranked = (...positions: number[]): EngineAnswer => ({
      questionId: q.id,
      options: positions.map((value, i) => ({ optionId: optionId(q, i), value })),
    });
    expect(answerPoints(q, ranked(2, 3, 1))).toBe(4);
    expect(answerPoints(q, ranked(1, 1, 2))).toBe(0);
    expect(answerPoints(q, ranked(1, 2))).toBe(0);
  });

  it('NA: the question is worth nothing and scores nothing', () => {
    const q = question(T.Integer, 4);
    const na = { questionId: q.id, isNa: true };
    expect(answerPoints(q, na)).toBe(0);
    expect(surveyPoints(q, na)).toBe(0);
  });

  it('negative points (never saved, but possible in a hand-made tree) count as 0', () => {
    const q = question(T.MultipleChoice, -3, [{ points: -2 }, { points: 1 }]);
    expect(surveyPoints(q, choose(q, 0, 1))).toBe(0);
    expect(answerPoints(q, choose(q, 0, 1))).toBe(0);
    const wide = question(T.MultipleChoice, 5, [{ points: -2 }, { points: 1 }]);
    expect(answerPoints(wide, choose(wide, 0, 1))).toBe(1);
    const likert = question(T.LikertMatrix, 5, [{ points: -4 }, { points: 4 }]);
    const levels = {
      questionId: likert.id,
      options: [0, 1].map((i) => ({ optionId: optionId(likert, i), value: 5 })),
    };
    expect(answerPoints(likert, levels)).toBe(4);
  });
});

describe('scoreSurvey', () => {
  it('adds questions into segments and segments into the survey, nested', () => {
    const q1 = question(T.Text, 2, [], 0);
    const q2 = question(T.YesNo, 3, [{ points: 3 }, { points: 0 }], 1);
    const q3 = question(T.Integer, 5, [], 0);
    const inner = segment(2, [q3]);
    const outer = segment(0, [q1, q2], [inner]);
    const q4 = question(T.Decimal, 1, [], 0);
    const second = segment(1, [q4]);
    const survey: EngineSurvey = { segments: [second, outer] };
    const score = scoreSurvey(survey, [
      { questionId: q1.id, textValue: 'ok' },
      choose(q2, 1),
      { questionId: q3.id, intValue: 7 },
    ]);
    expect(score).toMatchObject({ answerPoints: 7, surveyPoints: 11 });
    expect(score.segments.map((s) => s.segmentId)).toEqual([outer.id, second.id]);
    expect(score.segments[0]).toMatchObject({ answerPoints: 7, surveyPoints: 10, hidden: false });
    expect(score.segments[0]!.segments[0]).toMatchObject({ answerPoints: 5, surveyPoints: 5 });
    expect(score.segments[1]).toMatchObject({ answerPoints: 0, surveyPoints: 1 });
  });

  it('items hidden by a chosen option are worth nothing, with everything inside them', () => {
    const later = question(T.Text, 4, [], 0);
    const inner = segment(0, [question(T.Text, 6, [], 0)]);
    const hiddenSegment = segment(1, [later], [inner]);
    const hiddenQuestion = question(T.Integer, 3, [], 2);
    const gate = question(T.YesNo, 1, [{ points: 1 }, { points: 0 }], 0);
    hide(gate, 1, { segments: [hiddenSegment.id], questions: [hiddenQuestion.id] });
    const first = segment(0, [gate, hiddenQuestion]);
    const survey: EngineSurvey = { segments: [first, hiddenSegment] };

    const shown = scoreSurvey(survey, [choose(gate, 0)]);
    expect(shown.surveyPoints).toBe(1 + 3 + 4 + 6);
    const skipped = scoreSurvey(survey, [
      choose(gate, 1),
      { questionId: later.id, textValue: 'x' },
      { questionId: hiddenQuestion.id, intValue: 2 },
    ]);
    expect(skipped).toMatchObject({ answerPoints: 0, surveyPoints: 1 });
    expect(skipped.segments[1]).toMatchObject({ hidden: true, surveyPoints: 0, answerPoints: 0 });
    expect(skipped.segments[1]!.segments[0]).toMatchObject({ hidden: true, surveyPoints: 0 });
    expect(skipped.segments[1]!.questions[0]).toEqual({
      questionId: later.id,
      answerPoints: 0,
      surveyPoints: 0,
      hidden: true,
      isNa: false,
      answered: false,
    });
    expect(skipped.segments[0]!.questions[1]).toMatchObject({ hidden: true, surveyPoints: 0 });
  });

  it('a hidden question answered NA is hidden, not NA', () => {
    const target = question(T.Integer, 2, [], 1, { acceptsNA: true });
    const gate = question(T.YesNo, 1, [{ points: 1 }, { points: 0 }], 0);
    hide(gate, 0, { questions: [target.id] });
    const survey = { segments: [segment(0, [gate, target])] };
    const score = scoreSurvey(survey, [choose(gate, 0), { questionId: target.id, isNa: true }]);
    expect(score.segments[0]!.questions[1]).toMatchObject({ hidden: true, isNa: false });
  });

  it('an answer of a hidden question hides nothing itself', () => {
    const target = question(T.Text, 2, [], 2);
    const middle = question(T.YesNo, 1, [{ points: 1, blurredQuestionIds: [target.id] }], 1);
    const gate = question(T.YesNo, 1, [{ points: 1, blurredQuestionIds: [middle.id] }], 0);
    const survey = { segments: [segment(0, [gate, middle, target])] };
    const answers = new Map([
      [gate.id, choose(gate, 0)],
      [middle.id, choose(middle, 0)],
    ]);
    expect([...hiddenItems(survey, answers).questionIds]).toEqual([middle.id]);
  });

  it('NA and an unanswered optional question inside a segment', () => {
    const na = question(T.Integer, 4, [], 0);
    const skipped = question(T.Text, 2, [], 1);
    const answered = question(T.Date, 1, [], 2);
    const survey = { segments: [segment(0, [na, skipped, answered])] };
    const score = scoreSurvey(survey, [
      { questionId: na.id, isNa: true },
      { questionId: answered.id, dateValue: '2026-11-01' },
    ]);
    expect(score).toMatchObject({ answerPoints: 1, surveyPoints: 3 });
  });

  it('the first answer of a question is the one scored', () => {
    const q = question(T.Integer, 4);
    const survey = { segments: [segment(0, [q])] };
    const score = scoreSurvey(survey, [
      { questionId: q.id, isNa: true },
      { questionId: q.id, intValue: 3 },
    ]);
    expect(score).toMatchObject({ answerPoints: 0, surveyPoints: 0 });
    expect(
      answersByQuestion([
        { questionId: 1, intValue: 1 },
        { questionId: 1, intValue: 2 },
      ]).get(1),
    ).toEqual({ questionId: 1, intValue: 1 });
  });
});

/* ---------- edges: exact boundaries, odd shapes, what must not count ---------- */

describe('answered or not (rule 1, 8): an empty or missing value is no answer', () => {
  const answeredOf = (q: EngineQuestion, answer: EngineAnswer) =>
    scoreSurvey({ segments: [segment(0, [q])] }, [answer]).segments[0]!.questions[0]!;

  it.each([
    ['Texto without text', T.Text, {}],
    ['Texto with null', T.Text, { textValue: null }],
    ['Entero with null', T.Integer, { intValue: null }],
    ['Entero not finite', T.Integer, { intValue: Number.POSITIVE_INFINITY }],
    ['Entero NaN', T.Integer, { intValue: Number.NaN }],
    ['Decimal with null', T.Decimal, { decimalValue: null }],
    ['Decimal not finite', T.Decimal, { decimalValue: Number.NEGATIVE_INFINITY }],
    ['Fecha with null', T.Date, { dateValue: null }],
    ['Fecha without date', T.Date, {}],
    ['Fecha empty', T.Date, { dateValue: '' }],
    ['Opción Única without options', T.SingleChoice, {}],
    ['Opción Única with no option chosen', T.SingleChoice, { options: [] }],
    ['Likert with no statement', T.LikertMatrix, { options: [] }],
    ['Ranking with no position', T.Ranking, { options: [] }],
  ] as [string, number, Partial<EngineAnswer>][])(
    '%s scores 0 of its points and is not answered',
    (_name, type, fields) => {
      const q = question(type, 3, [{ points: 3 }, { points: 1 }]);
      const answer: EngineAnswer = { questionId: q.id, ...fields };
      expect(answerPoints(q, answer)).toBe(0);
      expect(surveyPoints(q, answer)).toBe(3);
      expect(isAnswered(q, answer)).toBe(false);
      expect(answeredOf(q, answer)).toMatchObject({ answered: false, answerPoints: 0 });
    },
  );

  it.each([
    ['Texto', T.Text, { textValue: ' x ' }],
    ['Entero 0', T.Integer, { intValue: 0 }],
    ['Decimal 0', T.Decimal, { decimalValue: 0 }],
    ['Fecha', T.Date, { dateValue: '2026-11-20' }],
  ] as [string, number, Partial<EngineAnswer>][])('%s is answered', (_name, type, fields) => {
    const q = question(type, 3);
    expect(isAnswered(q, { questionId: q.id, ...fields })).toBe(true);
    expect(isAnswered(q, { questionId: q.id, isNa: true, ...fields })).toBe(false);
    expect(isAnswered(q, undefined)).toBe(false);
  });

  it('a value or a chosen option is an answer; NA and hidden are not', () => {
    const text = question(T.Text, 1, [], 0);
    const yesNo = question(T.YesNo, 1, [{ points: 0 }, { points: 1 }], 1);
    const na = question(T.Integer, 1, [], 2);
    const score = scoreSurvey({ segments: [segment(0, [text, yesNo, na])] }, [
      { questionId: text.id, textValue: 'sí' },
      choose(yesNo, 0),
      { questionId: na.id, isNa: true, intValue: 4 },
    ]);
    const row = (questionId: number, points: number, answered: boolean, isNa: boolean) => ({
      questionId,
      answerPoints: points === 1 && answered ? 1 : 0,
      surveyPoints: points,
      hidden: false,
      isNa,
      answered,
    });
    expect(score.segments[0]!.questions).toEqual([
      row(text.id, 1, true, false),
      { ...row(yesNo.id, 1, true, false), answerPoints: 0 },
      row(na.id, 0, false, true),
    ]);
  });
});

describe('Likert edges (rule 5)', () => {
  const q = question(T.LikertMatrix, 10, [{ points: 2 }, { points: 4 }]);
  const levels = (...choices: [number, number | null | undefined][]): EngineAnswer => ({
    questionId: q.id,
    options: choices.map(([index, value]) => ({
      optionId: index < 0 ? 1 : optionId(q, index),
      value,
    })),
  });

  it('a level outside 1..5 (or none) scores nothing, and 5 scores the statement in full', () => {
    expect(answerPoints(q, levels([0, 0], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, null], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, undefined], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, 6], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, -3], [1, 5]))).toBe(4);
    expect(answerPoints(q, levels([0, 5], [1, 1]))).toBe(2);
  });

  it('a fractional level counts as its whole part', () => {
    // 4 × (3 − 1) / 4 = 2
    expect(answerPoints(q, levels([1, 3.5]))).toBe(2);
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
  const q = question(T.Ranking, 4, [{ points: 0 }, { points: 0 }]);
  const ranked = (...choices: [number | 'unknown', number | null][]): EngineAnswer => ({
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
    const empty = question(T.Ranking, 4, []);
    const answer = { questionId: empty.id, options: [{ optionId: 1, value: 1 }] };
    expect(answerPoints(empty, answer)).toBe(0);
  });

  it('a question of an unknown type scores nothing, even with every option ranked', () => {
    const odd = question(99, 4, [{ points: 1 }, { points: 1 }]);
    const answer: EngineAnswer = {
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
    const second = question(T.Text, 1, [], 2);
    const first = question(T.Text, 1, [], 0);
    const third = question(T.Text, 1, [], 10);
    const innerB = segment(3, [question(T.Text, 1, [], 0)]);
    const innerA = segment(1, [question(T.Text, 1, [], 0)]);
    const score = scoreSurvey(
      { segments: [segment(0, [third, second, first], [innerB, innerA])] },
      [],
    );
    const ids = (items: { questionId: number }[]) => items.map((q) => q.questionId);
    expect(ids(score.segments[0]!.questions)).toEqual([first.id, second.id, third.id]);
    expect(score.segments[0]!.segments.map((s) => s.segmentId)).toEqual([innerA.id, innerB.id]);
  });

  it('top-level segments, questions and sub-segments on the same order come by id', () => {
    const a = segment(0, [question(T.Text, 1)]);
    const b = segment(0, [question(T.Text, 1)]);
    expect(scoreSurvey({ segments: [b, a] }, []).segments.map((s) => s.segmentId)).toEqual([
      a.id,
      b.id,
    ]);
    const q1 = question(T.Text, 1, [], 4);
    const q2 = question(T.Text, 1, [], 4);
    const s1 = segment(4, []);
    const s2 = segment(4, []);
    const score = scoreSurvey({ segments: [segment(0, [q2, q1], [s2, s1])] }, []);
    expect(score.segments[0]!.questions.map((q) => q.questionId)).toEqual([q1.id, q2.id]);
    expect(score.segments[0]!.segments.map((s) => s.segmentId)).toEqual([s1.id, s2.id]);
  });

  it('questionsInOrder lists every question depth first, with the segments around it', () => {
    const deep = question(T.Text, 1, [], 0);
    const last = question(T.Text, 1, [], 2);
    const first = question(T.Text, 1, [], 0);
    const inner = segment(1, [deep]);
    const outer = segment(0, [last, first], [inner]);
    const second = segment(1, [question(T.Text, 1)]);
    expect(questionsInOrder({ segments: [second, outer] })).toEqual([
      { question: first, segmentIds: [outer.id] },
      { question: deep, segmentIds: [outer.id, inner.id] },
      { question: last, segmentIds: [outer.id] },
      { question: second.questions[0], segmentIds: [second.id] },
    ]);
  });

  it('walks in order: a later question hiding an earlier one is too late to silence it', () => {
    const target = question(T.Text, 1, [], 5);
    // `early` (order 1) hides `target`; `late` (order 3) hides `early`, but `early` was answered
    // before it is reached, so its own hiding stands.
    const early = question(T.YesNo, 1, [{ points: 1, blurredQuestionIds: [target.id] }], 1);
    const late = question(T.YesNo, 1, [{ points: 1, blurredQuestionIds: [early.id] }], 3);
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
    const target = question(T.Text, 1, [], 9);
    const gate = question(T.YesNo, 1, [{ points: 1, blurredQuestionIds: [target.id] }], 1);
    const insideQuestion = question(T.YesNo, 1, [{ points: 1, blurredQuestionIds: [gate.id] }], 0);
    // A lower id than the gate's: the tie is broken by kind, not by id.
    const inner = { id: 1, order: 1, questions: [insideQuestion], children: [] };
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
    const later = question(T.Text, 1, [], 0);
    const insideGate = question(T.YesNo, 1, [{ points: 1, blurredQuestionIds: [later.id] }], 0);
    const deeper = segment(0, [question(T.Text, 1)]);
    const hiddenSegment = segment(1, [insideGate], [deeper]);
    const gate = question(T.YesNo, 1, [{ points: 1, blurredSegmentIds: [hiddenSegment.id] }], 0);
    const survey = { segments: [segment(0, [gate]), hiddenSegment, segment(2, [later])] };
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

  it('NA, Likert and Ranking answers hide nothing, even choosing an option that hides', () => {
    const target = question(T.Text, 1, [], 1);
    const hides = [{ points: 0, blurredQuestionIds: [target.id] }, { points: 0 }];
    for (const type of [T.YesNo, T.LikertMatrix, T.Ranking]) {
      const gate = question(type, 1, hides, 0, { acceptsNA: true });
      const survey = { segments: [segment(0, [gate, target])] };
      const na = { questionId: gate.id, isNa: true, options: [{ optionId: optionId(gate, 0) }] };
      expect([...hiddenItems(survey, new Map([[gate.id, na]])).questionIds]).toEqual([]);
      if (type === T.YesNo) continue;
      const all = {
        questionId: gate.id,
        options: [0, 1].map((i) => ({ optionId: optionId(gate, i), value: i + 1 })),
      };
      expect([...hiddenItems(survey, new Map([[gate.id, all]])).questionIds]).toEqual([]);
    }
  });

  it('an option hiding nothing, an unknown option and a choice without options hide nothing', () => {
    const target = question(T.Text, 1, [], 1);
    const gate = question(T.MultipleChoice, 1, [{ points: 1 }, { points: 0 }], 0);
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

  it('only the chosen option hides: an unchosen option with rules hides nothing', () => {
    const target = question(T.Text, 1, [], 1);
    const gate = question(T.YesNo, 1, [
      { points: 1 },
      { points: 0, blurredQuestionIds: [target.id] },
    ]);
    const survey = { segments: [segment(0, [gate, target])] };
    expect([...hiddenItems(survey, new Map([[gate.id, choose(gate, 0)]])).questionIds]).toEqual([]);
    expect([...hiddenItems(survey, new Map([[gate.id, choose(gate, 1)]])).questionIds]).toEqual([
      target.id,
    ]);
  });
});
