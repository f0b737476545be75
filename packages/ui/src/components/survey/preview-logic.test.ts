import { describe, expect, it } from 'vitest';
import {
  ANSWER_LIKERT_INCOMPLETE,
  ANSWER_NOT_INTEGER,
  ANSWER_OTHER_TEXT,
  ANSWER_RANKING_INCOMPLETE,
  ANSWER_REQUIRED,
  answerAtLeast,
  answerAtMost,
  answerErrors,
  answerExactly,
  answerPoints,
  hiddenItems,
  previewScore,
  questionsInOrder,
  skipTargets,
  visibleQuestions,
  type PreviewAnswers,
} from './preview-logic';
import { QuestionType } from './question-types';
import type { SurveyTreeQuestion, SurveyTreeView } from './types';

const opts = (...points: number[]) =>
  points.map((p, i) => ({ id: i + 1, order: i, description: `Opción ${i + 1}`, points: p }));

function q(id: number, type: number, extra: Partial<SurveyTreeQuestion> = {}): SurveyTreeQuestion {
  return { id, order: 0, type, description: `Pregunta ${id}`, points: 10, ...extra };
}

describe('answerErrors', () => {
  it('requires an answer unless the question is optional or answered NA', () => {
    expect(answerErrors(q(1, QuestionType.Text), undefined)).toEqual([ANSWER_REQUIRED]);
    expect(answerErrors(q(1, QuestionType.Text), { text: '   ' })).toEqual([ANSWER_REQUIRED]);
    expect(answerErrors(q(1, QuestionType.Text, { isOptional: true }), undefined)).toEqual([]);
    expect(answerErrors(q(1, QuestionType.Date, { acceptsNA: true }), { na: true })).toEqual([]);
    // NA where the question does not accept it is not an answer.
    expect(answerErrors(q(1, QuestionType.Date), { na: true })).toEqual([ANSWER_REQUIRED]);
  });

  it('wants a whole number for Entero', () => {
    expect(answerErrors(q(1, QuestionType.Integer), { number: 2.5 })).toEqual([ANSWER_NOT_INTEGER]);
    expect(answerErrors(q(1, QuestionType.Integer), { number: 0 })).toEqual([]);
    expect(answerErrors(q(1, QuestionType.Decimal), { number: 2.5 })).toEqual([]);
  });

  it('checks the counts of types 7, 8 and 9', () => {
    const multipleOptions = opts(1, 1, 1, 1);
    const max = q(1, QuestionType.MaxChoicesCount, { multipleOptions, multipleOptionsCount: 2 });
    expect(answerErrors(max, { selected: [1, 2, 3] })).toEqual([answerAtMost(2)]);
    expect(answerErrors(max, { selected: [1, 2] })).toEqual([]);
    const min = q(1, QuestionType.MinChoicesCount, { multipleOptions, multipleOptionsCount: 2 });
    expect(answerErrors(min, { selected: [1] })).toEqual(['Elige al menos 2 opciones.']);
    expect(answerErrors(min, { selected: [1, 4] })).toEqual([]);
    const exact = q(1, QuestionType.ExactChoicesCount, {
      multipleOptions,
      multipleOptionsCount: 1,
    });
    expect(answerErrors(exact, { selected: [1, 2] })).toEqual(['Elige exactamente 1 opción.']);
    expect(answerExactly(3)).toBe('Elige exactamente 3 opciones.');
    expect(answerAtLeast(1)).toBe('Elige al menos 1 opción.');
    // An optional count question may stay empty.
    expect(answerErrors({ ...min, isOptional: true }, { selected: [] })).toEqual([]);
  });

  it("asks for the text of 'Otro' when it is chosen", () => {
    const multipleOptions = [
      ...opts(5),
      { id: 9, order: 1, description: 'Otro', points: 2, isOther: true },
    ];
    const question = q(1, QuestionType.MultipleChoice, { multipleOptions, hasOther: true });
    expect(answerErrors(question, { selected: [9] })).toEqual([ANSWER_OTHER_TEXT]);
    expect(answerErrors(question, { selected: [9], otherText: 'Tienda cerrada' })).toEqual([]);
    expect(answerErrors(question, { selected: [1] })).toEqual([]);
  });

  it('wants every Likert statement and every Ranking position', () => {
    const likert = q(1, QuestionType.LikertMatrix, { multipleOptions: opts(4, 4) });
    expect(answerErrors(likert, { levels: { '1': 5 } })).toEqual([ANSWER_LIKERT_INCOMPLETE]);
    expect(answerErrors(likert, { levels: { '1': 5, '2': 1 } })).toEqual([]);
    const ranking = q(1, QuestionType.Ranking, { multipleOptions: opts(0, 0, 0) });
    expect(answerErrors(ranking, { selected: [3, 1] })).toEqual([ANSWER_RANKING_INCOMPLETE]);
    expect(answerErrors(ranking, { selected: [3, 1, 2] })).toEqual([]);
  });
});

describe('answerPoints', () => {
  it('gives the question points for an answered open question, nothing for NA', () => {
    expect(answerPoints(q(1, QuestionType.Text), { text: 'Bien' })).toBe(10);
    expect(answerPoints(q(1, QuestionType.Date), { date: '2026-05-01' })).toBe(10);
    expect(answerPoints(q(1, QuestionType.Text, { acceptsNA: true }), { na: true })).toBe(0);
  });

  it('adds the chosen options, capped at the question points', () => {
    const question = q(1, QuestionType.MultipleChoice, { multipleOptions: opts(4, 5, 6) });
    expect(answerPoints(question, { selected: [1, 2] })).toBe(9);
    expect(answerPoints(question, { selected: [1, 2, 3] })).toBe(10);
  });

  it('scores Rating by the chosen step, Likert by level, Ranking when complete', () => {
    const rating = q(1, QuestionType.Rating, { multipleOptions: opts(0, 2.5, 5, 7.5, 10) });
    expect(answerPoints(rating, { selected: [4] })).toBe(7.5);
    const likert = q(1, QuestionType.LikertMatrix, { multipleOptions: opts(4, 6) });
    // 4 x (5-1)/4 + 6 x (3-1)/4 = 4 + 3
    expect(answerPoints(likert, { levels: { '1': 5, '2': 3 } })).toBe(7);
    const ranking = q(1, QuestionType.Ranking, { multipleOptions: opts(0, 0) });
    expect(answerPoints(ranking, { selected: [2] })).toBe(0);
    expect(answerPoints(ranking, { selected: [2, 1] })).toBe(10);
  });

  it('gives nothing for an answer that breaks a rule', () => {
    const question = q(1, QuestionType.MaxChoicesCount, {
      multipleOptions: opts(3, 3, 3),
      multipleOptionsCount: 1,
    });
    expect(answerPoints(question, { selected: [1, 2] })).toBe(0);
  });
});

// Segment 1 [q1 Si/No (Sí hides q2 and segment 3), q2 Texto, segment 2 [q3]], segment 3 [q4]
const survey: SurveyTreeView = {
  id: 1,
  name: 'Auditoría',
  points: 40,
  segments: [
    {
      id: 3,
      order: 1,
      name: 'Cierre',
      points: 10,
      questions: [q(4, QuestionType.Text, { order: 0 })],
    },
    {
      id: 1,
      order: 0,
      name: 'Anaquel',
      points: 30,
      questions: [
        q(1, QuestionType.YesNo, {
          order: 0,
          multipleOptions: [
            {
              id: 11,
              order: 0,
              description: 'Sí',
              points: 10,
              blurredQuestionIds: [2],
              blurredSegmentIds: [3],
            },
            { id: 12, order: 1, description: 'No', points: 0 },
          ],
        }),
        q(2, QuestionType.Text, { order: 1, acceptsNA: true }),
      ],
      children: [
        { id: 2, order: 2, name: 'Precios', points: 10, questions: [q(3, QuestionType.Integer)] },
      ],
    },
  ],
};

describe('skip logic and score', () => {
  it('walks the questions in survey order, sub-segments in their place', () => {
    expect(questionsInOrder(survey).map(({ question }) => question.id)).toEqual([1, 2, 3, 4]);
  });

  it('hides what the chosen option names, live', () => {
    expect(visibleQuestions(survey, {}).map((x) => x.id)).toEqual([1, 2, 3, 4]);
    const yes: PreviewAnswers = { '1': { selected: [11] } };
    expect(visibleQuestions(survey, yes).map((x) => x.id)).toEqual([1, 3]);
    const hidden = hiddenItems(survey, yes);
    expect([...hidden.segments]).toEqual(['3']);
    expect([...hidden.questions]).toEqual(['2']);
    expect(visibleQuestions(survey, { '1': { selected: [12] } }).map((x) => x.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('counts only visible questions: x de y puntos', () => {
    expect(previewScore(survey, {})).toEqual({ points: 0, maxPoints: 40, pending: 4 });
    const answers: PreviewAnswers = {
      '1': { selected: [11] },
      '2': { text: 'oculta' }, // hidden: never counts
      '3': { number: 4 },
    };
    expect(previewScore(survey, answers)).toEqual({ points: 20, maxPoints: 20, pending: 0 });
    // NA leaves the question out of the maximum.
    expect(previewScore(survey, { '1': { selected: [12] }, '2': { na: true } })).toEqual({
      points: 0,
      maxPoints: 30,
      pending: 2,
    });
  });

  it('ignores the skip logic of a hidden question', () => {
    const chained: SurveyTreeView = {
      ...survey,
      segments: [
        {
          id: 1,
          order: 0,
          points: 0,
          questions: [
            q(1, QuestionType.YesNo, {
              order: 0,
              multipleOptions: [
                { id: 11, order: 0, description: 'Sí', points: 0, blurredQuestionIds: [2] },
              ],
            }),
            q(2, QuestionType.YesNo, {
              order: 1,
              multipleOptions: [
                { id: 21, order: 0, description: 'Sí', points: 0, blurredQuestionIds: [3] },
              ],
            }),
            q(3, QuestionType.Text, { order: 2 }),
          ],
        },
      ],
    };
    const answers = { '1': { selected: [11] }, '2': { selected: [21] } };
    expect(visibleQuestions(chained, answers).map((x) => x.id)).toEqual([1, 3]);
  });
});

describe('skipTargets', () => {
  it('offers only what comes after the question, never its own segments', () => {
    const targets = skipTargets(survey, 2);
    expect(targets.segments.map((s) => s.id)).toEqual([2, 3]);
    expect(targets.questions.map((q) => q.id)).toEqual([3, 4]);
    const fromFirst = skipTargets(survey, 1);
    expect(fromFirst.segments.map((s) => s.name)).toEqual(['Precios', 'Cierre']);
    expect(fromFirst.questions.map((q) => q.id)).toEqual([2, 3, 4]);
    expect(skipTargets(survey, 4)).toEqual({ segments: [], questions: [] });
  });
});
