import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { NumberField } from './NumberField';

const meta = {
  title: 'Formularios/NumberField',
  component: NumberField,
  args: { label: 'Puntos', onChange: fn() },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { defaultValue: 1234.5 },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Puntos' });
    await expect(input).toHaveValue('1,234.5');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(1235);
    await userEvent.click(canvas.getByRole('button', { name: /Reducir/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(1234);
    await expect(input).toHaveValue('1,234');
  },
};

export const TwoDecimals: Story = {
  args: { defaultValue: null },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Puntos' });
    await userEvent.type(input, '12.345');
    await userEvent.tab();
    await expect(input).toHaveValue('12.35');
    await expect(args.onChange).toHaveBeenLastCalledWith(12.35);
  },
};

export const ClearedIsNull: Story = {
  render: function Render(args) {
    const [value, setValue] = useState<number | null>(10);
    return (
      <div className="flex flex-col gap-2">
        <NumberField
          {...args}
          value={value}
          onChange={(next) => {
            setValue(next);
            args.onChange?.(next);
          }}
        />
        <output className="text-sm text-fg">Valor: {value === null ? 'vacío' : value}</output>
      </div>
    );
  },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Puntos' });
    await userEvent.clear(input);
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(canvas.getByText('Valor: vacío')).toBeVisible();
  },
};

export const Integer: Story = {
  args: { label: 'Orden', maxFractionDigits: 0, minValue: 0, defaultValue: 3, hideStepper: true },
};

export const Invalid: Story = {
  args: {
    value: -1,
    isInvalid: true,
    errorMessage: 'Los puntos deben ser mayores o iguales a 0',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Puntos' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Disabled: Story = { args: { value: 10, isDisabled: true } };

export const Dark: Story = { globals: { theme: 'dark' }, args: Invalid.args };
