import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { PasswordField } from '../password-field';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

const meta = {
  title: 'Formularios/PasswordStrengthMeter',
  component: PasswordStrengthMeter,
  args: { password: 'aB3#' },
} satisfies Meta<typeof PasswordStrengthMeter>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const meter = canvas.getByRole('meter', { name: 'Seguridad de la contraseña' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'Fuerte');
    await expect(canvas.getByText('Fuerte')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { password: '' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('meter')).toBeNull();
  },
};

const samples = ['a', 'aB', 'aB3', 'aB3#', 'Anaquel#2026'];

export const AllLevels: Story = {
  render: () => (
    <div className="flex max-w-sm flex-col gap-4">
      {samples.map((password) => (
        <PasswordStrengthMeter key={password} password={password} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const texts = canvas.getAllByRole('meter').map((m) => m.getAttribute('aria-valuetext'));
    await expect(texts).toEqual(['Muy Débil', 'Débil', 'Moderada', 'Fuerte', 'Muy Fuerte']);
  },
};

export const WithCriteria: Story = { args: { password: 'anaquel1', showCriteria: true } };

/** How the change-password and reset forms use it: the meter follows the typed password. */
export const InPasswordField: Story = {
  render: function Render() {
    const [value, setValue] = useState('');
    return (
      <div className="max-w-sm">
        <PasswordField
          label="Nueva Contraseña"
          value={value}
          onChange={setValue}
          meter={<PasswordStrengthMeter password={value} />}
        />
      </div>
    );
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('meter')).toBeNull();
    const input = canvas.getByLabelText('Nueva Contraseña', { selector: 'input' });
    await userEvent.type(input, 'abc');
    await expect(canvas.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Muy Débil');
    await userEvent.type(input, 'DEF12!');
    await expect(canvas.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Muy Fuerte');
    await userEvent.clear(input);
    await expect(canvas.queryByRole('meter')).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, render: AllLevels.render };
