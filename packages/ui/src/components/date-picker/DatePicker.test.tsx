import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker, type DatePickerProps } from './DatePicker';

function Controlled({
  initial = null,
  onChange,
  ...props
}: Partial<DatePickerProps> & { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DatePicker
      label="Fecha de inicio"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const segment = (name: string) => screen.getByRole('spinbutton', { name: new RegExp(`^${name}`) });

// Interaction tests are slow in jsdom when the machine is busy.
describe('DatePicker', { timeout: 20_000 }, () => {
  it('shows an ISO value as day/month/year (es-MX)', () => {
    render(<Controlled initial="2026-03-09" />);
    expect(screen.getByRole('group', { name: 'Fecha de inicio' })).toHaveTextContent('9/3/2026');
    expect(segment('día')).toHaveTextContent('9');
    expect(segment('mes')).toHaveTextContent('3');
    expect(segment('año')).toHaveTextContent('2026');
  });

  it('returns the day picked in the calendar as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="2026-03-09" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Calendario/ }));
    const grid = screen.getByRole('grid', { name: 'marzo de 2026' });
    await userEvent.click(
      within(grid).getByRole('button', { name: /jueves, 12 de marzo de 2026/ }),
    );
    expect(onChange).toHaveBeenCalledWith('2026-03-12');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('accepts typed segments', async () => {
    const onChange = vi.fn();
    render(<Controlled initial="2026-03-09" onChange={onChange} />);
    await userEvent.click(segment('día'));
    await userEvent.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10');
  });

  it("heads the calendar 'Noviembre de 2026': only the first letter upper-case", async () => {
    render(<Controlled initial="2026-11-09" />);
    await userEvent.click(screen.getByRole('button', { name: /Calendario/ }));
    const dialog = screen.getByRole('dialog');
    // The visible heading above the grid (hidden from assistive technology, which hears the
    // grid's name).
    const heading = dialog.querySelector('header h2')!;
    expect(heading.textContent).toBe('Noviembre de 2026');
    expect(heading.className).not.toMatch(/\bcapitalize\b/);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Siguiente' })[0]!);
    expect(heading.textContent).toBe('Diciembre de 2026');
  });

  it('disables days outside minValue..maxValue', async () => {
    render(<Controlled initial="2026-03-09" minValue="2026-03-05" maxValue="2026-03-20" />);
    await userEvent.click(screen.getByRole('button', { name: /Calendario/ }));
    expect(screen.getByRole('button', { name: /miércoles, 4 de marzo de 2026/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: /jueves, 5 de marzo de 2026/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(screen.getByRole('button', { name: /sábado, 21 de marzo de 2026/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('treats a missing or invalid value as empty', () => {
    const { rerender } = render(<DatePicker label="Fecha de fin" value={null} />);
    expect(segment('día')).toHaveAttribute('aria-valuetext', 'Vacío');
    rerender(<DatePicker label="Fecha de fin" value="no es fecha" />);
    expect(segment('día')).toHaveAttribute('aria-valuetext', 'Vacío');
  });

  it('shows the error only once touched', () => {
    const props = {
      label: 'Fecha de fin',
      value: '2026-03-01',
      isInvalid: true,
      errorMessage: 'La fecha de fin no puede ser anterior a la fecha de inicio',
    };
    const { rerender } = render(<DatePicker {...props} isTouched={false} />);
    expect(screen.queryByText(props.errorMessage)).not.toBeInTheDocument();
    rerender(<DatePicker {...props} isTouched />);
    expect(screen.getByText(props.errorMessage)).toBeInTheDocument();
  });
});
