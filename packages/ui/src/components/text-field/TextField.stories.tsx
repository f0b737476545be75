import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { TextField, type TextFieldProps } from './TextField';

const meta = {
  title: 'Formularios/TextField',
  component: TextField,
  args: { label: 'Correo electrónico', type: 'email', onChange: fn(), onBlur: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await userEvent.type(input, 'admin@anaquel.mx');
    await expect(input).toHaveValue('admin@anaquel.mx');
    await expect(args.onChange).toHaveBeenLastCalledWith('admin@anaquel.mx');
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalled();
  },
};

export const WithDescription: Story = {
  args: { label: 'Nombre', description: 'Al menos 3 caracteres.', isRequired: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Nombre' });
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription('Al menos 3 caracteres.');
  },
};

export const Invalid: Story = {
  args: { value: 'admin@', isInvalid: true, isTouched: true, errorMessage: 'Correo inválido' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Correo inválido');
  },
};

export const InvalidButUntouched: Story = {
  args: { value: '', isInvalid: true, isTouched: false, errorMessage: 'Correo requerido' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Correo requerido')).toBeNull();
  },
};

/** Mimics a react-hook-form Controller: the error appears only after the field loses focus. */
function TouchedDemo(props: TextFieldProps) {
  const [value, setValue] = useState('');
  const [isTouched, setTouched] = useState(false);
  return (
    <TextField
      {...props}
      value={value}
      onChange={setValue}
      onBlur={() => setTouched(true)}
      isTouched={isTouched}
      isInvalid={value.trim() === ''}
      errorMessage="Correo requerido"
      isRequired
    />
  );
}

export const ErrorAfterTouch: Story = {
  render: (args) => <TouchedDemo {...args} />,
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await userEvent.click(input);
    await expect(canvas.queryByText('Correo requerido')).toBeNull();
    await userEvent.tab();
    await expect(canvas.getByText('Correo requerido')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'a@b.mx');
    await expect(canvas.queryByText('Correo requerido')).toBeNull();
  },
};

export const Disabled: Story = {
  args: { value: 'admin@anaquel.mx', isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled();
  },
};

export const NullValue: Story = {
  args: { label: 'Ciudad', value: null, placeholder: 'Sin ciudad' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('');
  },
};

export const LongSpanishText: Story = {
  args: {
    label: 'Nombre comercial del cliente tal como aparece en los documentos fiscales',
    description:
      'Este nombre se mostrará en los reportes de visitas y en las exportaciones a Excel; no puede exceder 100 caracteres.',
    value: 'Distribuidora de Abarrotes y Productos Perecederos del Bajío, S.A. de C.V.',
  },
};

export const MobileWidth: Story = {
  ...LongSpanishText,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { value: 'admin@', isInvalid: true, errorMessage: 'Correo inválido', description: 'Ayuda' },
};
