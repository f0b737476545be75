import { describe, expect, it } from 'vitest';
import { QUESTION_TYPE as T } from '../rules';
import {
  answerIssues,
  isCalendarDay,
  questionsById,
  shownAnswers,
  surveyIssues,
} from './acceptance';
import type { EngineAnswer, EngineQuestion } from './model';
import { scoreSurvey } from './scoring';
import { hiddenItems } from './visibility';
import { choose, hide, optionId, question, segment } from './test-fixtures';

// docs/sync.md "What is refused": every rule with its exact Spanish message and field.

const issue = (field: string, message: string) => ({ field, message });
const two = [{ points: 1 }, { points: 0 }];
const three = [{ points: 1 }, { points: 1 }, { points: 1 }];

describe('answerIssues: No aplica', () => {
  const q = question(T.Integer, 2, [], 0, { acceptsNA: true, hasPhoto: true });

  it('NA alone is accepted where the question accepts it, even when it asks for a photo', () => {
    expect(answerIssues(q, { questionId: q.id, isNa: true })).toEqual([]);
    expect(answerIssues(q, { questionId: q.id, isNa: true, intValue: null, options: [] })).toEqual(
      [],
    );
  });

  it('NA on a question that does not accept it', () => {
    const strict = question(T.Integer, 2);
    expect(answerIssues(strict, { questionId: strict.id, isNa: true })).toEqual([
      issue('isNa', 'La pregunta no acepta "No aplica".'),
    ]);
  });

  it.each([
    ['textValue', { textValue: '' }],
    ['intValue', { intValue: 0 }],
    ['decimalValue', { decimalValue: 1.5 }],
    ['dateValue', { dateValue: '2026-11-20' }],
    ['options', { options: [{ optionId: 1 }] }],
  ])('NA with %s', (_name, fields) => {
    expect(answerIssues(q, { questionId: q.id, isNa: true, ...fields })).toEqual([
      issue('isNa', 'Una respuesta "No aplica" no lleva valor ni opciones.'),
    ]);
  });

  it('NA with photos, unless the photo rules are off; both NA rules at once', () => {
    const answer = { questionId: q.id, isNa: true, photoIds: ['a'] };
    expect(answerIssues(q, answer)).toEqual([
      issue('photoIds', 'Una respuesta "No aplica" no lleva fotos.'),
    ]);
    expect(answerIssues(q, answer, { photos: false })).toEqual([]);
    const strict = question(T.Text, 2);
    expect(answerIssues(strict, { questionId: strict.id, isNa: true, textValue: 'x' })).toEqual([
      issue('isNa', 'La pregunta no acepta "No aplica".'),
      issue('isNa', 'Una respuesta "No aplica" no lleva valor ni opciones.'),
    ]);
  });
});

describe('answerIssues: the value each type asks for', () => {
  it.each([
    [T.Text, 'Texto', 'textValue', { intValue: 3 }, 'intValue'],
    [T.Integer, 'Entero', 'intValue', { textValue: '3' }, 'textValue'],
    [T.Decimal, 'Decimal', 'decimalValue', { intValue: 3 }, 'intValue'],
    [T.Date, 'Fecha', 'dateValue', { decimalValue: 3 }, 'decimalValue'],
  ] as const)('type %i (%s) expects %s', (type, label, _expected, fields, field) => {
    const q = question(type, 1);
    const value = {
      [_expected]: _expected === 'dateValue' ? '2026-01-31' : _expected === 'textValue' ? 'x' : 1,
    };
    expect(answerIssues(q, { questionId: q.id, ...value })).toEqual([]);
    expect(answerIssues(q, { questionId: q.id, ...value, ...fields })).toEqual([
      issue(field, `La pregunta es de tipo ${label}: se espera ${_expected}.`),
    ]);
    expect(answerIssues(q, { questionId: q.id, ...value, options: [{ optionId: 1 }] })).toEqual([
      issue('options', `La pregunta es de tipo ${label}: no lleva opciones.`),
    ]);
    // null is no value: nothing to refuse.
    expect(answerIssues(q, { questionId: q.id, ...value, [field]: null, options: [] })).toEqual([]);
  });

  it('every stray value field is reported, in the order of the contract', () => {
    const q = question(T.Text, 1);
    const answer = {
      questionId: q.id,
      textValue: 'x',
      intValue: 1,
      decimalValue: 1,
      dateValue: '2026-01-01',
    };
    expect(answerIssues(q, answer).map((i) => i.field)).toEqual([
      'intValue',
      'decimalValue',
      'dateValue',
    ]);
  });

  it('an option type answered with a value', () => {
    const q = question(T.SingleChoice, 1, two);
    expect(answerIssues(q, { ...choose(q, 0), textValue: 'Sí' })).toEqual([
      issue('textValue', 'La pregunta es de tipo Opción Única: se responde con options.'),
    ]);
    const odd = question(99, 1);
    expect(answerIssues(odd, { questionId: odd.id, intValue: 1 })).toEqual([
      issue('intValue', 'La pregunta es de tipo 99: se responde con options.'),
    ]);
  });

  it('Entero: a safe integer', () => {
    const q = question(T.Integer, 1);
    const of = (intValue: number) => answerIssues(q, { questionId: q.id, intValue });
    for (const ok of [0, -7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])
      expect(of(ok)).toEqual([]);
    for (const bad of [1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(of(bad)).toEqual([issue('intValue', 'Debe ser un número entero.')]);
    }
  });

  it('Fecha: a calendar day; a malformed date is reported on any value type', () => {
    const q = question(T.Date, 1);
    expect(answerIssues(q, { questionId: q.id, dateValue: '2026-02-30' })).toEqual([
      issue('dateValue', 'Debe ser una fecha válida con el formato AAAA-MM-DD.'),
    ]);
    const text = question(T.Text, 1);
    expect(answerIssues(text, { questionId: text.id, textValue: 'x', dateValue: 'hoy' })).toEqual([
      issue('dateValue', 'La pregunta es de tipo Texto: se espera textValue.'),
      issue('dateValue', 'Debe ser una fecha válida con el formato AAAA-MM-DD.'),
    ]);
  });

  it('only an Entero answer is checked for a whole number; no Entero value is no answer', () => {
    const text = question(T.Text, 1);
    expect(answerIssues(text, { questionId: text.id, textValue: 'x', intValue: 1.5 })).toEqual([
      issue('intValue', 'La pregunta es de tipo Texto: se espera textValue.'),
    ]);
    const integer = question(T.Integer, 1);
    expect(answerIssues(integer, { questionId: integer.id, intValue: null })).toEqual([]);
    expect(answerIssues(integer, { questionId: integer.id })).toEqual([]);
  });

  it('Decimal: any number', () => {
    const q = question(T.Decimal, 1);
    expect(answerIssues(q, { questionId: q.id, decimalValue: -0.125 })).toEqual([]);
  });
});

describe('answerIssues: options', () => {
  const single = question(T.SingleChoice, 1, [{ points: 1 }, { points: 0, isOther: true }]);

  it('an option of another question, reported by its index; the rest of it is not read', () => {
    const answer = {
      questionId: single.id,
      options: [{ optionId: optionId(single, 0) }, { optionId: 5, value: 3 }],
    };
    expect(answerIssues(single, answer)).toEqual([
      issue('options[1].optionId', 'La opción 5 no pertenece a la pregunta.'),
    ]);
  });

  it('an option chosen twice', () => {
    const q = question(T.MultipleChoice, 1, two);
    expect(answerIssues(q, choose(q, 1, 0, 1))).toEqual([
      issue('options[2].optionId', 'La opción se eligió más de una vez.'),
    ]);
  });

  it("'Otro' needs a text that is not blank; no other option takes one", () => {
    const other = (otherText?: string | null) => ({
      questionId: single.id,
      options: [{ optionId: optionId(single, 1), otherText }],
    });
    expect(answerIssues(single, other('Exhibidor propio'))).toEqual([]);
    for (const blank of [undefined, null, '', '   ']) {
      expect(answerIssues(single, other(blank))).toEqual([
        issue('options[0].otherText', 'Escribe el texto de la opción "Otro".'),
      ]);
    }
    const withText = (otherText: string | null) => ({
      questionId: single.id,
      options: [{ optionId: optionId(single, 0), otherText }],
    });
    expect(answerIssues(single, withText(''))).toEqual([
      issue('options[0].otherText', 'Solo la opción "Otro" lleva texto.'),
    ]);
    expect(answerIssues(single, withText(null))).toEqual([]);
  });

  it('a value only on Likert and Ranking', () => {
    const answer = {
      questionId: single.id,
      options: [{ optionId: optionId(single, 0), value: 2 }],
    };
    expect(answerIssues(single, answer)).toEqual([
      issue('options[0].value', 'La opción no lleva valor.'),
    ]);
    const nullValue = {
      questionId: single.id,
      options: [{ optionId: optionId(single, 0), value: null }],
    };
    expect(answerIssues(single, nullValue)).toEqual([]);
  });
});

describe('answerIssues: how many options each type takes', () => {
  const counted = (type: number, n: number | null) =>
    question(type, 1, three, 0, { multipleOptionsCount: n });
  const countIssues = (q: EngineQuestion, ...indexes: number[]) =>
    answerIssues(q, choose(q, ...indexes));

  it.each([T.YesNo, T.SingleChoice, T.Rating])('type %i: exactly one', (type) => {
    const q = question(type, 1, two);
    expect(countIssues(q, 0)).toEqual([]);
    const exactlyOne = [issue('options', 'Se debe elegir exactamente una opción.')];
    expect(countIssues(q)).toEqual(exactlyOne);
    expect(countIssues(q, 0, 1)).toEqual(exactlyOne);
    // The same option twice is one option chosen twice.
    expect(countIssues(q, 1, 1)).toEqual([
      issue('options[1].optionId', 'La opción se eligió más de una vez.'),
    ]);
    expect(answerIssues(q, { questionId: q.id })).toEqual(exactlyOne);
  });

  it('Opción Multiple: at least one', () => {
    const q = question(T.MultipleChoice, 1, three);
    expect(countIssues(q, 0, 1, 2)).toEqual([]);
    expect(countIssues(q, 1)).toEqual([]);
    expect(countIssues(q)).toEqual([issue('options', 'Se debe elegir al menos una opción.')]);
    // An unknown option is no option chosen.
    expect(answerIssues(q, { questionId: q.id, options: [{ optionId: 3 }] })).toEqual([
      issue('options[0].optionId', 'La opción 3 no pertenece a la pregunta.'),
      issue('options', 'Se debe elegir al menos una opción.'),
    ]);
  });

  it('Número Máximo: 1..n', () => {
    const q = counted(T.MaxChoicesCount, 2);
    expect(countIssues(q, 0)).toEqual([]);
    expect(countIssues(q, 0, 2)).toEqual([]);
    expect(countIssues(q)).toEqual([issue('options', 'Se debe elegir al menos una opción.')]);
    expect(countIssues(q, 0, 1, 2)).toEqual([
      issue('options', 'Se pueden elegir como máximo 2 opciones.'),
    ]);
    expect(countIssues(counted(T.MaxChoicesCount, null), 0)).toEqual([
      issue('options', 'Se pueden elegir como máximo 0 opciones.'),
    ]);
  });

  it('Número Mínimo: n or more', () => {
    const q = counted(T.MinChoicesCount, 2);
    expect(countIssues(q, 0, 1)).toEqual([]);
    expect(countIssues(q, 0, 1, 2)).toEqual([]);
    expect(countIssues(q, 1)).toEqual([issue('options', 'Se deben elegir al menos 2 opciones.')]);
    expect(countIssues(q, 1, 1)).toContainEqual(
      issue('options', 'Se deben elegir al menos 2 opciones.'),
    );
    expect(countIssues(counted(T.MinChoicesCount, null))).toEqual([]);
  });

  it('Número Exacto: exactly n', () => {
    const q = counted(T.ExactChoicesCount, 2);
    expect(countIssues(q, 2, 0)).toEqual([]);
    const exactly = [issue('options', 'Se deben elegir exactamente 2 opciones.')];
    expect(countIssues(q, 0)).toEqual(exactly);
    expect(countIssues(q, 0, 1, 2)).toEqual(exactly);
  });

  it('Matriz de Likert: every statement once, each at a level 1..5', () => {
    const q = question(T.LikertMatrix, 1, two);
    const levels = (...values: (number | null | undefined)[]): EngineAnswer => ({
      questionId: q.id,
      options: values.map((value, i) => ({ optionId: optionId(q, i % 2), value })),
    });
    expect(answerIssues(q, levels(1, 5))).toEqual([]);
    const level = 'Cada afirmación se responde con un nivel de 1 a 5.';
    for (const bad of [0, 6, 2.5, null, undefined, -1]) {
      expect(answerIssues(q, levels(3, bad))).toEqual([issue('options[1].value', level)]);
    }
    const everyStatement = issue('options', 'Cada afirmación de la matriz se responde una vez.');
    expect(answerIssues(q, levels(3))).toEqual([everyStatement]);
    expect(answerIssues(q, levels(3, 4, 2))).toEqual([
      issue('options[2].optionId', 'La opción se eligió más de una vez.'),
    ]);
  });

  it('Ranking: every option once, positions 1..n without repeats', () => {
    const q = question(T.Ranking, 1, three);
    const ranked = (...values: (number | null)[]): EngineAnswer => ({
      questionId: q.id,
      options: values.map((value, i) => ({ optionId: optionId(q, i % 3), value })),
    });
    expect(answerIssues(q, ranked(3, 1, 2))).toEqual([]);
    const complete = issue(
      'options',
      'El ranking ordena todas las opciones con posiciones de 1 a 3, sin repetir.',
    );
    for (const bad of [
      [1, 2],
      [1, 1, 2],
      [0, 1, 2],
      [1, 2, 4],
      [1, 2, 2.5],
      [1, 2, null],
    ]) {
      expect(answerIssues(q, ranked(...bad))).toEqual([complete]);
    }
    // Every option ranked, and one of them again.
    expect(answerIssues(q, ranked(1, 2, 3, 1))).toEqual([
      issue('options[3].optionId', 'La opción se eligió más de una vez.'),
      complete,
    ]);
    // Positions 1..3 on three items, but one item twice and another left out.
    const twice = {
      questionId: q.id,
      options: [0, 1, 0].map((i, at) => ({ optionId: optionId(q, i), value: at + 1 })),
    };
    expect(answerIssues(q, twice)).toEqual([
      issue('options[2].optionId', 'La opción se eligió más de una vez.'),
      complete,
    ]);
  });
});

describe('answerIssues: photos', () => {
  const withPhoto = question(T.Text, 1, [], 0, { hasPhoto: true });
  const without = question(T.Text, 1);
  const answer = (q: EngineQuestion, photoIds?: string[]) => ({
    questionId: q.id,
    textValue: 'x',
    photoIds,
  });

  it('a question that asks for a photo needs at least one, distinct', () => {
    expect(answerIssues(withPhoto, answer(withPhoto, ['a', 'b']))).toEqual([]);
    const required = [issue('photoIds', 'La pregunta requiere al menos una foto.')];
    expect(answerIssues(withPhoto, answer(withPhoto))).toEqual(required);
    expect(answerIssues(withPhoto, answer(withPhoto, []))).toEqual(required);
    expect(answerIssues(withPhoto, answer(withPhoto, ['a', 'b', 'a']))).toEqual([
      issue('photoIds', 'Una foto se repite.'),
    ]);
  });

  it('a question that does not ask for one takes none', () => {
    expect(answerIssues(without, answer(without, []))).toEqual([]);
    expect(answerIssues(without, answer(without, ['a', 'a']))).toEqual([
      issue('photoIds', 'La pregunta no admite fotos.'),
      issue('photoIds', 'Una foto se repite.'),
    ]);
  });

  it('with the photo rules off (the designer preview) photos are not looked at', () => {
    expect(answerIssues(withPhoto, answer(withPhoto), { photos: false })).toEqual([]);
    expect(answerIssues(without, answer(without, ['a', 'a']), { photos: false })).toEqual([]);
    expect(answerIssues(without, answer(without, ['a']), { photos: true })).toHaveLength(1);
  });
});

describe('isCalendarDay', () => {
  it.each([
    '2026-11-20',
    '2024-02-29',
    '2000-02-29',
    '0096-02-29',
    '0001-01-01',
    '9999-12-31',
    '2026-04-30',
    '2026-01-31',
    '2026-12-01',
  ])('%s is a day', (text) => expect(isCalendarDay(text)).toBe(true));

  it.each([
    '2023-02-29',
    '1900-02-29',
    '0100-02-29',
    '0000-01-01',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-01-00',
    '2026-01-32',
    '2026-1-01',
    '20260-01-01',
    ' 2026-01-01',
    '2026-01-01 ',
    '2026-01-01T00:00:00Z',
    '2026/01/01',
    '',
  ])('%s is not', (text) => expect(isCalendarDay(text)).toBe(false));
});

describe('surveyIssues', () => {
  it('a question not in the survey, and one answered twice', () => {
    const q = question(T.Integer, 1);
    const survey = { segments: [segment(0, [q])] };
    expect(
      surveyIssues(survey, [
        { questionId: 77, intValue: 1 },
        { questionId: q.id, intValue: 1 },
        { questionId: q.id, intValue: 2 },
      ]),
    ).toEqual([
      {
        questionId: null,
        answerIndex: 0,
        field: 'questionId',
        message: 'La pregunta 77 no pertenece al cuestionario.',
      },
      {
        questionId: q.id,
        answerIndex: 2,
        field: 'questionId',
        message: 'La pregunta se respondió más de una vez.',
      },
    ]);
  });

  it("an answer's own issues carry its question and index; photos can be left out", () => {
    const q = question(T.Integer, 1, [], 0, { hasPhoto: true });
    const inner = question(T.Text, 1, [], 0, { isOptional: true });
    const survey = { segments: [segment(0, [q], [segment(1, [inner])])] };
    const answers = [
      { questionId: inner.id, textValue: 'x', intValue: 2 },
      { questionId: q.id, intValue: 1 },
    ];
    expect(surveyIssues(survey, answers)).toEqual([
      {
        questionId: inner.id,
        answerIndex: 0,
        field: 'intValue',
        message: 'La pregunta es de tipo Texto: se espera textValue.',
      },
      {
        questionId: q.id,
        answerIndex: 1,
        field: 'photoIds',
        message: 'La pregunta requiere al menos una foto.',
      },
    ]);
    expect(surveyIssues(survey, answers, { photos: false })).toHaveLength(1);
  });

  it('a required question shown and not answered, in reading order, nested', () => {
    const first = question(T.Text, 1, [], 0, { description: '¿Hay precio?' });
    const optional = question(T.Text, 1, [], 1, { isOptional: true });
    const deep = question(T.YesNo, 1, two, 0, { description: '¿Está limpio?' });
    const survey = {
      segments: [segment(1, [], [segment(0, [deep])]), segment(0, [first, optional])],
    };
    expect(surveyIssues(survey, [])).toEqual([
      {
        questionId: first.id,
        answerIndex: null,
        field: '',
        message: 'La pregunta "¿Hay precio?" es obligatoria.',
      },
      {
        questionId: deep.id,
        answerIndex: null,
        field: '',
        message: 'La pregunta "¿Está limpio?" es obligatoria.',
      },
    ]);
  });

  it('an accepted answer that carries nothing is no answer; NA is one; a refused one is not repeated', () => {
    const blank = question(T.Text, 1, [], 0, { description: 'Comentario' });
    const na = question(T.Integer, 1, [], 1, { acceptsNA: true });
    const refused = question(T.Integer, 1, [], 2);
    const survey = { segments: [segment(0, [blank, na, refused])] };
    expect(
      surveyIssues(survey, [
        { questionId: blank.id, textValue: '  ' },
        { questionId: na.id, isNa: true },
        { questionId: refused.id, intValue: 1.5 },
      ]),
    ).toEqual([
      {
        questionId: refused.id,
        answerIndex: 2,
        field: 'intValue',
        message: 'Debe ser un número entero.',
      },
      {
        questionId: blank.id,
        answerIndex: 0,
        field: '',
        message: 'La pregunta "Comentario" es obligatoria.',
      },
    ]);
  });

  it('an answer to a question hidden by the skip logic, directly or inside a hidden segment', () => {
    const target = question(T.Text, 1, [], 1, { description: '¿Por qué no?' });
    const deep = question(T.Integer, 1, [], 0, { description: 'Frentes' });
    const hiddenSegment = segment(1, [], [segment(0, [deep])]);
    const gate = question(T.YesNo, 1, two, 0);
    hide(gate, 1, { questions: [target.id], segments: [hiddenSegment.id] });
    const survey = { segments: [segment(0, [gate, target]), hiddenSegment] };
    const answers = [
      { questionId: deep.id, intValue: 2 },
      choose(gate, 1),
      { questionId: target.id, textValue: 'x' },
    ];
    expect(surveyIssues(survey, answers)).toEqual([
      {
        questionId: target.id,
        answerIndex: 2,
        field: '',
        message:
          'La pregunta "¿Por qué no?" está oculta por la lógica de salto y no debe responderse.',
      },
      {
        questionId: deep.id,
        answerIndex: 0,
        field: '',
        message: 'La pregunta "Frentes" está oculta por la lógica de salto y no debe responderse.',
      },
    ]);
    // Unanswered, hidden required questions are fine; the other option shows them.
    expect(surveyIssues(survey, [choose(gate, 1)])).toEqual([]);
    expect(surveyIssues(survey, [choose(gate, 0)]).map((i) => i.questionId)).toEqual([
      target.id,
      deep.id,
    ]);
  });

  it('a refused answer hides nothing, and a refused hidden answer is still reported as hidden', () => {
    const target = question(T.Text, 1, [], 1, { description: 'Destino' });
    const gate = question(T.YesNo, 1, two, 0, { hasPhoto: true });
    hide(gate, 0, { questions: [target.id] });
    const survey = { segments: [segment(0, [gate, target])] };
    expect(surveyIssues(survey, [choose(gate, 0)]).map((i) => i.message)).toEqual([
      'La pregunta requiere al menos una foto.',
      'La pregunta "Destino" es obligatoria.',
    ]);
    expect(surveyIssues(survey, [choose(gate, 0)], { photos: false })).toEqual([]);
    const hiddenRefused = [choose(gate, 0), { questionId: target.id, intValue: 1 }];
    expect(
      surveyIssues(survey, hiddenRefused, { photos: false }).map((i) => [i.field, i.answerIndex]),
    ).toEqual([
      ['intValue', 1],
      ['', 1],
    ]);
  });

  it('questionsById finds the questions of every depth', () => {
    const deep = question(T.Text, 1);
    const top = question(T.Text, 1);
    const map = questionsById({
      segments: [segment(0, [top], [segment(0, [], [segment(0, [deep])])])],
    });
    expect([...map.keys()].sort()).toEqual([top.id, deep.id].sort());
    expect(map.get(deep.id)).toBe(deep);
  });
});

describe('shownAnswers', () => {
  const target = question(T.Text, 1, [], 1);
  const deep = question(T.Integer, 1, [], 0);
  const hiddenSegment = segment(1, [], [segment(0, [deep])]);
  const gate = question(T.YesNo, 1, two, 0);
  hide(gate, 1, { questions: [target.id], segments: [hiddenSegment.id] });
  const survey = { segments: [segment(0, [gate, target]), hiddenSegment] };
  const later = [
    { questionId: target.id, textValue: 'x' },
    { questionId: deep.id, intValue: 2 },
    { questionId: 5, intValue: 2 },
  ];

  it('drops the answers of hidden questions and of questions inside hidden segments', () => {
    expect(shownAnswers(survey, [choose(gate, 1), ...later])).toEqual([
      choose(gate, 1),
      { questionId: 5, intValue: 2 },
    ]);
  });

  it('keeps every answer when nothing is hidden, in their order', () => {
    const answers = [...later, choose(gate, 0)];
    expect(shownAnswers(survey, answers)).toEqual(answers);
    expect(shownAnswers(survey, [])).toEqual([]);
  });
});

describe('skip logic that points back (a survey the designer reports invalid)', () => {
  it('a segment hidden by a later question hides what it holds, for the checks and the score', () => {
    const early = question(T.Text, 2, [], 0);
    const nested = question(T.Text, 3, [], 0);
    const first = segment(0, [early], [segment(1, [nested])]);
    const gate = question(T.YesNo, 1, [{ points: 1 }, { points: 0 }], 0);
    hide(gate, 0, { segments: [first.id] });
    const survey = { segments: [first, segment(1, [gate])] };
    const answers = [
      { questionId: early.id, textValue: 'antes' },
      { questionId: nested.id, textValue: 'dentro' },
      choose(gate, 0),
    ];

    const hidden = hiddenItems(survey, new Map(answers.map((a) => [a.questionId, a])));
    expect([...hidden.questionIds].sort()).toEqual([early.id, nested.id].sort());
    expect(surveyIssues(survey, answers).map((i) => [i.answerIndex, i.message])).toEqual([
      [
        0,
        `La pregunta "${early.description}" está oculta por la lógica de salto y no debe responderse.`,
      ],
      [
        1,
        `La pregunta "${nested.description}" está oculta por la lógica de salto y no debe responderse.`,
      ],
    ]);
    expect(shownAnswers(survey, answers)).toEqual([answers[2]]);
    expect(scoreSurvey(survey, answers)).toMatchObject({ answerPoints: 1, surveyPoints: 1 });
  });
});
