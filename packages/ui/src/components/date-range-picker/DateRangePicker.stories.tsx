import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, within } from 'storybook/test';
import type { IsoDateRange } from './clamp-check-in-range';
import { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';

function Controlled(args: DateRangePickerProps) {
  const [value, setValue] = useState<IsoDateRange | null>(args.value ?? null);
  return (
    <div className="max-w-sm">
      <DateRangePicker
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange?.(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Componentes/DateRangePicker',
  component: DateRangePicker,
  args: {
    label: 'Periodo de visitas',
    value: { start: '2026-03-08', end: '2026-03-09' },
    onChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The check-in filter: at most 7 days; a longer choice is cut to 7 days from its start. */
export const CheckInFilter: Story = {
  args: { maxDays: 7, description: 'Máximo 7 días' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Calendario/ }));
    const grid = await screen.findByRole('grid');
    await userEvent.click(within(grid).getByRole('button', { name: /^lunes, 2 de marzo/ }));
    await userEvent.click(within(grid).getByRole('button', { name: /^lunes, 23 de marzo/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith({
      start: '2026-03-02',
      end: '2026-03-09',
    });
  },
};

export const OpenCalendar: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Calendario/ }));
    await screen.findByRole('grid');
  },
};

export const Invalid: Story = {
  args: {
    value: null,
    isInvalid: true,
    isTouched: true,
    errorMessage: 'El periodo es obligatorio',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Calendario/ }));
    await screen.findByRole('grid');
  },
};
