import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Select, type SelectOption } from './Select';

const campaigns: SelectOption[] = [
  { id: 1, name: 'Regreso a clases 2026' },
  { id: 2, name: 'Temporada navideña' },
  { id: 3, name: 'Verano refrescante' },
];

const meta = {
  title: 'Formularios/Select',
  component: Select<SelectOption>,
  args: { label: 'Campaña', items: campaigns, onChange: fn() },
} satisfies Meta<typeof Select<SelectOption>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: /Campaña/ });
    await expect(trigger).toHaveTextContent('Seleccione una opción');
    await userEvent.click(trigger);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox).toBeVisible());
    await userEvent.click(screen.getByRole('option', { name: 'Temporada navideña' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
    await expect(trigger).toHaveTextContent('Temporada navideña');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Keyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: /Campaña/ });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Selected: Story = { args: { value: 3 } };

export const Empty: Story = {
  args: { items: [], label: 'Cuestionario' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Cuestionario/ }));
    const empty = await screen.findByText('Sin opciones');
    await waitFor(() => expect(empty).toBeVisible());
    await userEvent.keyboard('{Escape}');
  },
};

export const Loading: Story = { args: { items: [], isLoading: true } };

export const Invalid: Story = {
  args: { value: null, isInvalid: true, errorMessage: 'La campaña es obligatoria' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('La campaña es obligatoria')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { label: 'Cuestionario', isDisabled: true, description: 'Elija primero una campaña.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Cuestionario/ })).toBeDisabled();
  },
};

export const LongSpanishText: Story = {
  args: {
    label: 'Subcategoría del producto',
    items: [
      { id: 1, name: 'Bebidas carbonatadas sin azúcar en presentación familiar retornable' },
      { id: 2, name: 'Botanas' },
    ],
    value: 1,
  },
};

export const MobileWidth: Story = {
  ...LongSpanishText,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: Invalid.args };
