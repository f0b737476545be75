import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PlusIcon, TrashIcon } from '../../icons';
import { Button } from './Button';

const meta = {
  title: 'Componentes/Button',
  component: Button,
  args: { children: 'Guardar', onPress: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Guardar' });
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} variant="primary">
        Guardar
      </Button>
      <Button {...args} variant="secondary">
        Cancelar
      </Button>
      <Button {...args} variant="danger">
        <TrashIcon className="size-4" />
        Eliminar
      </Button>
      <Button {...args} variant="ghost">
        <PlusIcon className="size-4" />
        Agregar
      </Button>
      <Button {...args} variant="icon" aria-label="Eliminar registro">
        <TrashIcon />
      </Button>
    </div>
  ),
};

export const Pending: Story = {
  args: { isPending: true, children: 'Iniciar Sesión' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Iniciar Sesión' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Guardar' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const LongSpanishText: Story = {
  args: { children: 'Generar reporte de encuestas de productos en Excel' },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: Variants.render,
};
