import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OptionRow } from './OptionRow';
import { QuestionBlock } from './QuestionBlock';
import { QuestionType } from './question-types';

const question = {
  id: 7,
  order: 0,
  type: QuestionType.SingleChoice,
  description: '¿El producto está al frente del anaquel?',
  points: 10,
};

// Interaction tests are slow in jsdom when the machine is busy.
describe('QuestionBlock', { timeout: 20_000 }, () => {
  it('shows the text, the type label and the points', () => {
    render(<QuestionBlock question={question} />);
    expect(screen.getByRole('heading', { name: question.description })).toBeInTheDocument();
    expect(screen.getByText('Opción Única')).toBeInTheDocument();
    expect(screen.getByText('10 puntos')).toBeInTheDocument();
  });

  it("labels an unknown type 'Desconocido'", () => {
    render(<QuestionBlock question={{ ...question, type: 99 }} />);
    expect(screen.getByText('Desconocido')).toBeInTheDocument();
  });

  it('lists the validation errors of an invalid question', () => {
    render(
      <QuestionBlock
        question={{ ...question, isValid: false, errors: ['Debe tener al menos dos opciones.'] }}
      />,
    );
    const warning = screen.getByRole('group', {
      name: 'Esta pregunta tiene errores de validación:',
    });
    expect(warning).toHaveTextContent('Debe tener al menos dos opciones.');
  });

  it('shows its flags and option limit', () => {
    render(
      <QuestionBlock
        question={{
          ...question,
          type: QuestionType.MaxChoicesCount,
          isOptional: true,
          hasPhoto: true,
          multipleOptionsCount: 3,
        }}
      />,
    );
    const flags = within(screen.getByRole('list', { name: 'Características' }));
    expect(flags.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Opcional',
      'Pide foto',
      'Límite de opciones: 3',
    ]);
  });

  it('hides "Subir" on the first and "Bajar" on the last question and reports the actions', async () => {
    const actions = { onMoveUp: vi.fn(), onMoveDown: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
    const { rerender } = render(<QuestionBlock question={question} isFirst {...actions} />);
    expect(screen.queryByRole('button', { name: 'Subir pregunta' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bajar pregunta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Editar pregunta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar pregunta' }));
    expect(actions.onMoveDown).toHaveBeenCalledTimes(1);
    expect(actions.onEdit).toHaveBeenCalledTimes(1);
    expect(actions.onDelete).toHaveBeenCalledTimes(1);
    rerender(<QuestionBlock question={question} isLast {...actions} />);
    expect(screen.queryByRole('button', { name: 'Bajar pregunta' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir pregunta' })).toBeInTheDocument();
  });

  it('lists its options with their order, points, extra-option mark and actions', async () => {
    const onMoveUp = vi.fn();
    const onAddOption = vi.fn();
    const options = [
      { id: 1, order: 0, description: 'Sí, al frente', points: 10 },
      { id: 2, order: 1, description: 'No', points: 0 },
      { id: 3, order: 2, description: 'Otro', points: 2.5, isOther: true },
    ];
    render(
      <QuestionBlock question={question} onAddOption={onAddOption}>
        {options.map((option, i) => (
          <OptionRow
            key={option.id}
            option={option}
            isFirst={i === 0}
            isLast={i === options.length - 1}
            onMoveUp={() => onMoveUp(option.id)}
            onMoveDown={() => {}}
            onEdit={() => {}}
            onDelete={option.isOther ? undefined : () => {}}
          />
        ))}
      </QuestionBlock>,
    );
    const rows = within(screen.getByRole('list', { name: 'Opciones' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('1.Sí, al frente10 puntos');
    expect(
      within(rows[0]!).queryByRole('button', { name: 'Subir opción' }),
    ).not.toBeInTheDocument();
    expect(within(rows[2]!).getByText('Opción extra')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('2.5 puntos')).toBeInTheDocument();
    expect(
      within(rows[2]!).queryByRole('button', { name: 'Bajar opción' }),
    ).not.toBeInTheDocument();
    expect(
      within(rows[2]!).queryByRole('button', { name: 'Eliminar opción' }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Subir opción' }));
    expect(onMoveUp).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Agregar opción' }));
    expect(onAddOption).toHaveBeenCalledTimes(1);
  });
});
