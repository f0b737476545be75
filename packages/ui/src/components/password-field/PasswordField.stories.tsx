import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Formularios/PasswordField',
  component: PasswordField,
  args: { label: 'Contraseña', onChange: fn() },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Contraseña', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('placeholder', 'Contraseña');
    await userEvent.type(input, 'Anaquel#2026');

    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Anaquel#2026');

    // Keyboard: the toggle is a real button reachable with Tab.
    const hide = canvas.getByRole('button', { name: 'Ocultar contraseña' });
    hide.focus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Mostrar contraseña' })).toHaveFocus();
  },
};

export const Invalid: Story = {
  args: { value: '', isInvalid: true, isTouched: true, errorMessage: 'Contraseña requerida' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Contraseña', { selector: 'input' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Contraseña requerida');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Contraseña', { selector: 'input' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Mostrar contraseña' })).toBeDisabled();
  },
};

export const CustomPlaceholder: Story = {
  args: { label: 'Nueva Contraseña', placeholder: 'Al menos 8 caracteres' },
};

export const MobileWidth: Story = {
  args: { label: 'Confirmar Contraseña', description: 'Debe coincidir con la nueva contraseña.' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: Invalid.args };
