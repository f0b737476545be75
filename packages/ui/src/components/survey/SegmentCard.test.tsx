import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SegmentCard } from './SegmentCard';

const segment = { id: 1, order: 0, name: 'Exhibición en anaquel', points: 12.5 };

// Interaction tests are slow in jsdom when the machine is busy.
describe('SegmentCard', { timeout: 20_000 }, () => {
  it('is titled with the name, or "Segmento sin nombre"', () => {
    const { rerender } = render(<SegmentCard segment={segment} items={[]} />);
    expect(screen.getByRole('heading', { name: 'Exhibición en anaquel' })).toBeInTheDocument();
    rerender(<SegmentCard segment={{ ...segment, name: '  ' }} items={[]} />);
    expect(screen.getByRole('heading', { name: 'Segmento sin nombre' })).toBeInTheDocument();
    rerender(<SegmentCard segment={{ ...segment, name: null }} items={[]} />);
    expect(screen.getByRole('heading', { name: 'Segmento sin nombre' })).toBeInTheDocument();
  });

  it('shows its points in es-MX', () => {
    render(<SegmentCard segment={{ ...segment, points: 1234.5 }} items={[]} />);
    expect(screen.getByText('1,234.5 puntos')).toBeInTheDocument();
  });

  it('is open by default and collapses from its title', async () => {
    render(<SegmentCard segment={segment} items={[]} />);
    const toggle = screen.getByRole('button', { name: 'Exhibición en anaquel' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No hay preguntas ni segmentos aún.')).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No hay preguntas ni segmentos aún.')).not.toBeVisible();
  });

  it('lists the validation errors of an invalid segment', () => {
    render(
      <SegmentCard
        segment={{
          ...segment,
          isValid: false,
          errors: ['El segmento no tiene preguntas.', 'Los puntos no suman 100.'],
        }}
        items={[]}
      />,
    );
    const warning = screen.getByRole('group', {
      name: 'Este segmento tiene errores de validación:',
    });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['El segmento no tiene preguntas.', 'Los puntos no suman 100.']);
  });

  it('hides "Subir" on the first and "Bajar" on the last segment', () => {
    const actions = { onMoveUp: vi.fn(), onMoveDown: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
    const { rerender } = render(<SegmentCard segment={segment} items={[]} isFirst {...actions} />);
    expect(screen.queryByRole('button', { name: 'Subir segmento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bajar segmento' })).toBeInTheDocument();
    rerender(<SegmentCard segment={segment} items={[]} isLast {...actions} />);
    expect(screen.getByRole('button', { name: 'Subir segmento' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bajar segmento' })).not.toBeInTheDocument();
  });

  it('reports move, edit and delete', async () => {
    const actions = { onMoveUp: vi.fn(), onMoveDown: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
    render(<SegmentCard segment={segment} items={[]} {...actions} />);
    for (const name of [
      'Subir segmento',
      'Bajar segmento',
      'Editar segmento',
      'Eliminar segmento',
    ]) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(actions.onMoveUp).toHaveBeenCalledTimes(1);
    expect(actions.onMoveDown).toHaveBeenCalledTimes(1);
    expect(actions.onEdit).toHaveBeenCalledTimes(1);
    expect(actions.onDelete).toHaveBeenCalledTimes(1);
  });

  it('shows no action the user may not take', () => {
    render(<SegmentCard segment={segment} items={[]} />);
    expect(screen.queryByRole('button', { name: /segmento$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Agregar/ })).not.toBeInTheDocument();
  });

  it('offers insertion points before, between and after the items with their order', async () => {
    const onAddQuestion = vi.fn();
    const onAddSegment = vi.fn();
    render(
      <SegmentCard
        segment={segment}
        items={[
          { key: 'q1', order: 0, node: <p>Pregunta uno</p> },
          { key: 's2', order: 1, node: <p>Subsegmento dos</p> },
        ]}
        onAddQuestion={onAddQuestion}
        onAddSegment={onAddSegment}
      />,
    );
    const questionButtons = screen.getAllByRole('button', { name: /^Agregar pregunta/ });
    expect(questionButtons).toHaveLength(3);
    expect(questionButtons.map((b) => b.textContent)).toEqual([
      'Agregar pregunta',
      'Agregar pregunta',
      'Agregar pregunta',
    ]);
    await userEvent.click(questionButtons[1]!);
    expect(onAddQuestion).toHaveBeenCalledWith(1);
    await userEvent.click(
      screen.getByRole('button', { name: 'Agregar segmento en la posición 3' }),
    );
    expect(onAddSegment).toHaveBeenCalledWith(2);
    expect(screen.queryByText('No hay preguntas ni segmentos aún.')).not.toBeInTheDocument();
  });

  it('adds the first item of an empty segment at order 0', async () => {
    const onAddQuestion = vi.fn();
    render(<SegmentCard segment={segment} items={[]} onAddQuestion={onAddQuestion} />);
    await userEvent.click(screen.getByRole('button', { name: /^Agregar pregunta/ }));
    expect(onAddQuestion).toHaveBeenCalledWith(0);
  });
});
