import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, within } from 'storybook/test';
import { DatePicker, type DatePickerProps } from './DatePicker';

function Controlled(args: DatePickerProps) {
  const [value, setValue] = useState<string | null>(args.value ?? null);
  return (
    <div className="max-w-xs">
      <DatePicker
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
  title: 'Componentes/DatePicker',
  component: DatePicker,
  args: { label: 'Fecha de inicio', value: '2026-03-09', onChange: fn(), onBlur: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('group', { name: 'Fecha de inicio' })).toHaveTextContent(
      '9/3/2026',
    );
    await userEvent.click(canvas.getByRole('button', { name: /Calendario/ }));
    const grid = await screen.findByRole('grid', { name: 'marzo de 2026' });
    await userEvent.click(within(grid).getByRole('button', { name: /^viernes, 13 de marzo/ }));
    await expect(args.onChange).toHaveBeenCalledWith('2026-03-13');
  },
};

export const Empty: Story = { args: { value: null, label: 'Fecha de nacimiento' } };

/** The calendar stays open so the accessibility check covers it. */
export const OpenCalendarWithLimits: Story = {
  args: { label: 'Fecha de fin', minValue: '2026-03-05', maxValue: '2026-03-25', isRequired: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Calendario/ }));
    const grid = await screen.findByRole('grid');
    await expect(
      within(grid).getByRole('button', { name: /^miércoles, 4 de marzo/ }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Invalid: Story = {
  args: {
    label: 'Fecha de fin',
    isInvalid: true,
    isTouched: true,
    errorMessage: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Calendario/ }));
    await screen.findByRole('grid');
  },
};
