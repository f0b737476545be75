import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { IsoDateRange } from './clamp-check-in-range';
import { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';

function Controlled({
  initial = null,
  onChange,
  ...props
}: Partial<DateRangePickerProps> & { initial?: IsoDateRange | null }) {
  const [value, setValue] = useState<IsoDateRange | null>(initial);
  return (
    <DateRangePicker
      label="Periodo"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

async function pickInCalendar(first: RegExp, second: RegExp) {
  await userEvent.click(screen.getByRole('button', { name: /Calendario/ }));
  const grid = screen.getByRole('grid');
  await userEvent.click(within(grid).getByRole('button', { name: first }));
  await userEvent.click(within(grid).getByRole('button', { name: second }));
}

// Interaction tests are slow in jsdom when the machine is busy.
describe('DateRangePicker', { timeout: 20_000 }, () => {
  it('shows both dates of an ISO range', () => {
    render(<Controlled initial={{ start: '2026-03-08', end: '2026-03-09' }} />);
    expect(screen.getByRole('group', { name: 'Periodo' })).toHaveTextContent('8/3/2026–9/3/2026');
  });

  it('returns the range picked in the calendar as ISO strings', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={{ start: '2026-03-08', end: '2026-03-09' }} onChange={onChange} />);
    await pickInCalendar(/^lunes, 2 de marzo/, /^viernes, 6 de marzo/);
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-02', end: '2026-03-06' });
  });

  it('cuts a range longer than maxDays to maxDays from its start (spec 1 §4)', async () => {
    const onChange = vi.fn();
    render(
      <Controlled
        initial={{ start: '2026-03-08', end: '2026-03-09' }}
        maxDays={7}
        onChange={onChange}
      />,
    );
    await pickInCalendar(/^domingo, 1 de marzo/, /^viernes, 20 de marzo/);
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-03-01', end: '2026-03-08' });
    expect(screen.getByRole('group', { name: 'Periodo' })).toHaveTextContent('1/3/2026–8/3/2026');
  });

  it('shows the error only once touched', () => {
    const props = {
      label: 'Periodo',
      value: null,
      isInvalid: true,
      errorMessage: 'El periodo es obligatorio',
    };
    const { rerender } = render(<DateRangePicker {...props} isTouched={false} />);
    expect(screen.queryByText('El periodo es obligatorio')).not.toBeInTheDocument();
    rerender(<DateRangePicker {...props} isTouched />);
    expect(screen.getByText('El periodo es obligatorio')).toBeInTheDocument();
  });
});
