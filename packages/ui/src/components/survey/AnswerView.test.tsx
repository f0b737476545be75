import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AnswerView, ResultQuestion } from './AnswerView';
import { QuestionType } from './question-types';
import type { QuestionAnswerView } from './types';

const base: QuestionAnswerView = {
  id: 1,
  question: '¿Pregunta?',
  type: QuestionType.Text,
  points: 0,
};
const answerText = (answer: Partial<QuestionAnswerView>) => {
  const { container } = render(<AnswerView answer={{ ...base, ...answer }} />);
  return container.textContent;
};

describe('AnswerView', () => {
  it('shows text, integer, decimal (2 decimals) and date answers', () => {
    expect(answerText({ type: QuestionType.Text, textValue: 'Anaquel limpio' })).toBe(
      'Anaquel limpio',
    );
    expect(answerText({ type: QuestionType.Integer, intValue: 1200 })).toBe('1,200');
    expect(answerText({ type: QuestionType.Decimal, decimalValue: 3.5 })).toBe('3.50');
    expect(answerText({ type: QuestionType.Decimal, decimalValue: 1234.567 })).toBe('1,234.57');
    expect(answerText({ type: QuestionType.Date, dateValue: '2026-03-09' })).toBe('09/03/2026');
  });

  it("says 'Sin respuesta' for empty answers", () => {
    expect(answerText({ type: QuestionType.Text, textValue: '  ' })).toBe('Sin respuesta');
    expect(answerText({ type: QuestionType.Integer, intValue: null })).toBe('Sin respuesta');
    expect(answerText({ type: QuestionType.Decimal })).toBe('Sin respuesta');
    expect(answerText({ type: QuestionType.Date, dateValue: '' })).toBe('Sin respuesta');
    expect(answerText({ type: QuestionType.MultipleChoice, selectedOptions: [] })).toBe(
      'Sin respuesta',
    );
    expect(answerText({ type: QuestionType.YesNo, selectedOptions: null })).toBe('Sin respuesta');
  });

  it('keeps an integer answer of 0', () => {
    expect(answerText({ type: QuestionType.Integer, intValue: 0 })).toBe('0');
  });

  it('lists chosen options with their points, and the extra option as "Otro" with its text', () => {
    render(
      <AnswerView
        answer={{
          ...base,
          type: QuestionType.MultipleChoice,
          textValue: 'Exhibidor de la competencia',
          selectedOptions: [
            { id: 1, description: 'Refrescos', points: 5 },
            { id: 9, description: 'Otro', points: 1.5, isOther: true },
          ],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Refrescos(5 puntos)', 'Otro: Exhibidor de la competencia(1.5 puntos)']);
  });

  it('shows a Yes/No answer as its chosen option', () => {
    expect(
      answerText({
        type: QuestionType.YesNo,
        selectedOptions: [{ id: 1, description: 'Sí', points: 1 }],
      }),
    ).toBe('Sí(1 punto)');
  });

  it('numbers a Ranking answer in its order', () => {
    render(
      <AnswerView
        answer={{
          ...base,
          type: QuestionType.Ranking,
          selectedOptions: [
            { id: 3, description: 'Precio', points: 0 },
            { id: 1, description: 'Sabor', points: 0 },
          ],
        }}
      />,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Precio(0 puntos)', 'Sabor(0 puntos)']);
  });

  it('shows each Likert statement with its level and the points it earned of its value', () => {
    // Statement points x (level - 1) / 4 (docs/surveys.md): 2 x 3/4 = 1.5 and 2 x 0/4 = 0, which
    // add up to the question's 1.5 points; the statement's whole value (2) is never shown alone.
    expect(
      answerText({
        type: QuestionType.LikertMatrix,
        points: 1.5,
        selectedOptions: [
          { id: 1, description: 'Buen surtido', points: 2, value: 4 },
          { id: 2, description: 'Precio claro', points: 2, value: 1 },
          { id: 3, description: 'Sin contestar', points: 1, value: null },
        ],
      }),
    ).toBe(
      'Buen surtido: De acuerdo (nivel 4 de 5)(1.5 de 2 puntos)' +
        'Precio claro: Totalmente en desacuerdo (nivel 1 de 5)(0 de 2 puntos)' +
        'Sin contestar: Sin respuesta(0 de 1 punto)',
    );
  });

  it('shows the chosen Rating step with its points', () => {
    expect(
      answerText({
        type: QuestionType.Rating,
        selectedOptions: [{ id: 4, description: '4 estrellas', points: 8 }],
      }),
    ).toBe('4 estrellas(8 puntos)');
  });

  it("keeps the spec's placeholder only for a Likert or Rating answer without a value", () => {
    const text = 'No hay respuesta disponible para este tipo (aún).';
    expect(answerText({ type: QuestionType.LikertMatrix, selectedOptions: [] })).toBe(text);
    expect(answerText({ type: QuestionType.Rating, selectedOptions: null })).toBe(text);
  });

  it("shows 'N/A' for an answer of 'no aplica', and the 'Otro' text of the option", () => {
    expect(answerText({ type: QuestionType.Integer, isNa: true, intValue: null })).toBe('N/A');
    expect(
      answerText({
        type: QuestionType.SingleChoice,
        selectedOptions: [
          { id: 9, description: 'Otro', points: 1, isOther: true, otherText: 'Tienda cerrada' },
        ],
      }),
    ).toBe('Otro: Tienda cerrada(1 punto)');
  });

  it('shows whatever value an unknown type has', () => {
    expect(answerText({ type: 42, textValue: 'algo' })).toBe('algo');
    expect(answerText({ type: 42 })).toBe('Sin respuesta');
  });
});

describe('ResultQuestion', () => {
  beforeAll(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('shows the question, its type, answer and points, and opens its photos', async () => {
    render(
      <ResultQuestion
        answer={{
          ...base,
          question: '¿Cuántos frentes tiene el producto?',
          type: QuestionType.Integer,
          intValue: 4,
          points: 2,
          photoUrls: ['/api/v1/files/f1.jpg', '/api/v1/files/f2.jpg'],
        }}
      />,
    );
    expect(
      screen.getByRole('heading', { name: '¿Cuántos frentes tiene el producto?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Entero')).toBeInTheDocument();
    expect(screen.getByText('2 puntos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver imágenes (2)' }));
    // The gallery's code is fetched on the first press.
    expect(
      await screen.findByRole('dialog', { name: '¿Cuántos frentes tiene el producto?' }),
    ).toHaveTextContent('1 / 2');
  });

  it('has no image button without photos', () => {
    render(<ResultQuestion answer={{ ...base, textValue: 'Sí' }} />);
    expect(screen.queryByRole('button', { name: /Ver imágenes/ })).not.toBeInTheDocument();
  });
});
