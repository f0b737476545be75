import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { TextArea } from './TextArea';

const meta = {
  title: 'Formularios/TextArea',
  component: TextArea,
  args: { label: 'Descripción', onChange: fn() },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Descripción' });
    await userEvent.type(textarea, 'Primera línea{enter}Segunda línea');
    await expect(textarea).toHaveValue('Primera línea\nSegunda línea');
    await expect(args.onChange).toHaveBeenLastCalledWith('Primera línea\nSegunda línea');
  },
};

export const WithCount: Story = {
  args: { maxLength: 255, showCount: true, description: 'Opcional.' },
  render: function Render(args) {
    const [value, setValue] = useState('Cliente preferente');
    return <TextArea {...args} value={value} onChange={setValue} />;
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('18 / 255')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: {
    value: 'x'.repeat(40),
    isInvalid: true,
    errorMessage: 'La descripción no puede exceder 255 caracteres',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAccessibleDescription(
      'La descripción no puede exceder 255 caracteres',
    );
  },
};

export const Disabled: Story = { args: { value: 'Sin descripción', isDisabled: true } };

export const Dark: Story = { globals: { theme: 'dark' }, args: Invalid.args };
