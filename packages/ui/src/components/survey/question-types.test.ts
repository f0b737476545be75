import { describe, expect, it } from 'vitest';
import { QuestionType, questionTypeLabel } from './question-types';

describe('questionTypeLabel', () => {
  it('labels all 13 types by their enum value (spec 2 §3, spec 1 §9)', () => {
    expect(Array.from({ length: 13 }, (_, type) => questionTypeLabel(type))).toEqual([
      'Texto',
      'Entero',
      'Decimal',
      'Fecha',
      'Si/No',
      'Opción Única',
      'Opción Multiple',
      'Número Máximo de Opciones',
      'Número Mínimo de Opciones',
      'Número Exacto de Opciones',
      'Matriz de Likert',
      'Ranking',
      'Rating',
    ]);
  });

  it('maps Likert and Ranking by the enum, not by the order of the results list', () => {
    expect(questionTypeLabel(QuestionType.LikertMatrix)).toBe('Matriz de Likert');
    expect(questionTypeLabel(QuestionType.Ranking)).toBe('Ranking');
  });

  it("labels unknown types 'Desconocido'", () => {
    expect(questionTypeLabel(13)).toBe('Desconocido');
    expect(questionTypeLabel(-1)).toBe('Desconocido');
    expect(questionTypeLabel(2.5)).toBe('Desconocido');
    expect(questionTypeLabel(null)).toBe('Desconocido');
    expect(questionTypeLabel(undefined)).toBe('Desconocido');
  });
});
