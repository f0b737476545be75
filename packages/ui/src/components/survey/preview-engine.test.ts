import { describe, expect, it } from 'vitest';
import { evaluatePreview, toEngineSurvey } from './preview-engine';
import { skipTargets, type PreviewAnswers } from './preview-logic';
import { QuestionType } from './question-types';
import type { SurveyTreeQuestion, SurveyTreeView } from './types';

// The preview on the survey engine: the sync's messages, its skip logic and its points.

const opts = (...points: number[]) =>
  points.map((p, i) => ({ id: i + 1, order: i, description: `Opción ${i + 1}`, points: p }));

function q(id: number, type: number, extra: Partial<SurveyTreeQuestion> = {}): SurveyTreeQuestion {
  return { id, order: 0, type, description: `Pregunta ${id}`, points: 10, ...extra };
}

/** The preview of a survey of one question. */
function one(question: SurveyTreeQuestion, answers: PreviewAnswers) {
  const view = { segments: [{ id: 100, order: 0, points: 0, questions: [question] }] };
  return evaluatePreview(toEngineSurvey(view), answers);
}
const errorsOf = (question: SurveyTreeQuestion, answer: PreviewAnswers[string] | undefined) =>
  one(question, answer ? { [String(question.id)]: answer } : {}).errors.get(String(question.id)) ??
  [];
const pointsOf = (question: SurveyTreeQuestion, answer: PreviewAnswers[string]) =>
  one(question, { [String(question.id)]: answer }).score.points;

describe("the preview shows the sync's messages", () => {
  it('a required question left empty, blank or NA where NA is not accepted', () => {
    const required = ['La pregunta "Pregunta 1" es obligatoria.'];
    expect(errorsOf(q(1, QuestionType.Text), undefined)).toEqual(required);
    expect(errorsOf(q(1, QuestionType.Text), { text: '   ' })).toEqual(required);
    expect(errorsOf(q(1, QuestionType.Date), { na: true })).toEqual(required);
    expect(errorsOf(q(1, QuestionType.Date, { acceptsNA: true }), { na: true })).toEqual([]);
    expect(errorsOf(q(1, QuestionType.Text, { isOptional: true }), undefined)).toEqual([]);
  });

  it('the value rules and the option counts', () => {
    expect(errorsOf(q(1, QuestionType.Integer), { number: 2.5 })).toEqual([
      'Debe ser un número entero.',
    ]);
    const max = q(1, QuestionType.MaxChoicesCount, {
      multipleOptions: opts(1, 1, 1),
      multipleOptionsCount: 2,
    });
    expect(errorsOf(max, { selected: [1, 2, 3] })).toEqual([
      'Se pueden elegir como máximo 2 opciones.',
    ]);
    expect(errorsOf(max, { selected: [1, 2] })).toEqual([]);
    const exact = q(1, QuestionType.ExactChoicesCount, {
      multipleOptions: opts(1, 1),
      multipleOptionsCount: 1,
    });
    expect(errorsOf(exact, { selected: [1, 2] })).toEqual([
      'Se deben elegir exactamente 1 opciones.',
    ]);
  });

  it("'Otro' without its text, an incomplete Likert matrix or Ranking", () => {
    const question = q(1, QuestionType.SingleChoice, {
      multipleOptions: [
        ...opts(1),
        { id: 9, order: 1, description: 'Otro', points: 0, isOther: true },
      ],
    });
    expect(errorsOf(question, { selected: [9] })).toEqual([
      'Escribe el texto de la opción "Otro".',
    ]);
    expect(errorsOf(question, { selected: [9], otherText: 'Vitrina' })).toEqual([]);
    const likert = q(1, QuestionType.LikertMatrix, { multipleOptions: opts(1, 1) });
    expect(errorsOf(likert, { levels: { '1': 5 } })).toEqual([
      'Cada afirmación de la matriz se responde una vez.',
    ]);
    const ranking = q(1, QuestionType.Ranking, { multipleOptions: opts(0, 0, 0) });
    expect(errorsOf(ranking, { selected: [3, 1] })).toEqual([
      'El ranking ordena todas las opciones con posiciones de 1 a 3, sin repetir.',
    ]);
  });

  it('leaves the photo rules out (the preview takes no photos)', () => {
    expect(errorsOf(q(1, QuestionType.Text, { hasPhoto: true }), { text: 'Bien' })).toEqual([]);
  });
});

describe('the preview scores as the sync does', () => {
  it('gives the question points for an answered open question, nothing for NA', () => {
    expect(pointsOf(q(1, QuestionType.Text), { text: 'Bien' })).toBe(10);
    expect(pointsOf(q(1, QuestionType.Date), { date: '2026-05-01' })).toBe(10);
    const na = one(q(1, QuestionType.Text, { acceptsNA: true }), { '1': { na: true } }).score;
    expect(na).toEqual({ points: 0, maxPoints: 0, pending: 0 });
  });

  it('adds the chosen options, capped at the question points', () => {
    const question = q(1, QuestionType.MultipleChoice, { multipleOptions: opts(4, 5, 6) });
    expect(pointsOf(question, { selected: [1, 2] })).toBe(9);
    expect(pointsOf(question, { selected: [1, 2, 3] })).toBe(10);
  });

  it('scores Rating by the chosen step, Likert by level, Ranking when complete', () => {
    const rating = q(1, QuestionType.Rating, { multipleOptions: opts(0, 2.5, 5, 7.5, 10) });
    expect(pointsOf(rating, { selected: [4] })).toBe(7.5);
    const likert = q(1, QuestionType.LikertMatrix, { multipleOptions: opts(4, 6) });
    // 4 x (5-1)/4 + 6 x (3-1)/4 = 4 + 3
    expect(pointsOf(likert, { levels: { '1': 5, '2': 3 } })).toBe(7);
    const ranking = q(1, QuestionType.Ranking, { multipleOptions: opts(0, 0) });
    expect(pointsOf(ranking, { selected: [2] })).toBe(0);
    expect(pointsOf(ranking, { selected: [2, 1] })).toBe(10);
  });

  it('gives nothing for an answer that breaks a rule', () => {
    const question = q(1, QuestionType.MaxChoicesCount, {
      multipleOptions: opts(3, 3, 3),
      multipleOptionsCount: 1,
    });
    expect(pointsOf(question, { selected: [1, 2] })).toBe(0);
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
  const preview = (answers: PreviewAnswers) => evaluatePreview(toEngineSurvey(survey), answers);
  const shown = (answers: PreviewAnswers) =>
    [1, 2, 3, 4].filter((id) => {
      const { hidden } = preview(answers);
      const segmentOf: Record<number, string[]> = { 1: ['1'], 2: ['1'], 3: ['1', '2'], 4: ['3'] };
      return (
        !hidden.questions.has(String(id)) && !segmentOf[id]!.some((s) => hidden.segments.has(s))
      );
    });

  it('hides what the chosen option names, live', () => {
    expect(shown({})).toEqual([1, 2, 3, 4]);
    const yes: PreviewAnswers = { '1': { selected: [11] } };
    expect(shown(yes)).toEqual([1, 3]);
    const { hidden } = preview(yes);
    expect([...hidden.segments]).toEqual(['3']);
    // A question inside a hidden segment is hidden too.
    expect([...hidden.questions].sort()).toEqual(['2', '4']);
    expect(shown({ '1': { selected: [12] } })).toEqual([1, 2, 3, 4]);
  });

  it('counts only shown questions: x de y puntos', () => {
    expect(preview({}).score).toEqual({ points: 0, maxPoints: 40, pending: 4 });
    const answers: PreviewAnswers = {
      '1': { selected: [11] },
      '2': { text: 'oculta' }, // hidden: never counts, and never refused
      '3': { number: 4 },
    };
    expect(preview(answers).score).toEqual({ points: 20, maxPoints: 20, pending: 0 });
    expect(preview(answers).errors.size).toBe(0);
    // NA leaves the question out of the maximum.
    expect(preview({ '1': { selected: [12] }, '2': { na: true } }).score).toEqual({
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
    const { hidden } = evaluatePreview(toEngineSurvey(chained), answers);
    expect([...hidden.questions]).toEqual(['2']);
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
