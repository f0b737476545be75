import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PreviewAnswer } from './preview-logic';
import { QuestionInput } from './QuestionInput';
import { QuestionType } from './question-types';
import type { SurveyTreeQuestion } from './types';

const ranking: SurveyTreeQuestion = {
  id: 5,
  order: 0,
  type: QuestionType.Ranking,
  description: 'Ordena las marcas por preferencia',
  points: 0,
  multipleOptions: [
    { id: 51, order: 0, description: 'Marca A', points: 0 },
    { id: 52, order: 1, description: 'Marca B', points: 0 },
    { id: 53, order: 2, description: 'Otro', points: 0, isOther: true },
  ],
};

/** The input outside the preview, as the survey runner holds its answer. */
function Runner({
  question,
  onAnswer,
}: {
  question: SurveyTreeQuestion;
  onAnswer: (a: PreviewAnswer) => void;
}) {
  const [answer, setAnswer] = useState<PreviewAnswer | undefined>();
  return (
    <QuestionInput
      question={question}
      answer={answer}
      onChange={(next) => {
        setAnswer(next);
        onAnswer(next);
      }}
    />
  );
}

describe('QuestionInput', { timeout: 20_000 }, () => {
  it('answers a Ranking in the order of choice and asks the text of Otro', async () => {
    const onAnswer = vi.fn();
    render(<Runner question={ranking} onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /Otro/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Marca A/ }));
    expect(onAnswer).toHaveBeenLastCalledWith({ selected: [53, 51] });
    expect(screen.getByRole('checkbox', { name: /Marca A, lugar 2/ })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Texto de la opción Otro' }), 'X');
    expect(onAnswer).toHaveBeenLastCalledWith({ selected: [53, 51], otherText: 'X' });
  });

  it('reorders a Ranking without dragging, by buttons named after each option', async () => {
    const onAnswer = vi.fn();
    render(<Runner question={ranking} onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /Marca A/ }));
    expect(screen.queryByRole('list', { name: 'Orden elegido' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Marca B/ }));
    expect(screen.getByRole('button', { name: 'Subir Marca A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bajar Marca B' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Subir Marca B' }));
    expect(onAnswer).toHaveBeenLastCalledWith({ selected: [52, 51] });
    expect(screen.getByRole('checkbox', { name: /Marca B, lugar 1/ })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Orden elegido' })).toHaveTextContent(
      '1.Marca B2.Marca A',
    );
  });

  it('disables the input while the answer is No aplica', () => {
    const question = { ...ranking, type: QuestionType.Text, acceptsNA: true, multipleOptions: [] };
    render(<QuestionInput question={question} answer={{ na: true }} onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: question.description })).toBeDisabled();
  });

  it('says when the type is unknown', () => {
    render(<QuestionInput question={{ ...ranking, type: 99 }} answer={{}} onChange={() => {}} />);
    expect(screen.getByText('Tipo de pregunta desconocido.')).toBeInTheDocument();
  });
});
