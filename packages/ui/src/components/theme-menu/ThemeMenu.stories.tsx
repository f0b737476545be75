import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { type ThemeChoice, ThemeMenu } from './ThemeMenu';

const meta = {
  title: 'Estructura/ThemeMenu',
  component: ThemeMenu,
  args: { value: 'light', onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState<ThemeChoice>(args.value);
    return (
      <ThemeMenu
        value={value}
        onChange={(theme) => {
          setValue(theme);
          args.onChange(theme);
        }}
      />
    );
  },
} satisfies Meta<typeof ThemeMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Tema' });
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'Tema' });
    const items = within(menu).getAllByRole('menuitemradio');
    await expect(items.map((item) => item.textContent)).toEqual(['Claro', 'Oscuro', 'Sistema']);
    await expect(within(menu).getByRole('menuitemradio', { name: 'Claro' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Oscuro' }));
    await expect(args.onChange).toHaveBeenCalledWith('dark');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());

    // Keyboard: open with Enter, the checked item moves to 'Oscuro'; choose 'Sistema'.
    await userEvent.keyboard('{Enter}');
    const reopened = await screen.findByRole('menu', { name: 'Tema' });
    await expect(within(reopened).getByRole('menuitemradio', { name: 'Oscuro' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await waitFor(() => expect(reopened.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('system');
  },
};

export const OpenDark: Story = {
  globals: { theme: 'dark' },
  args: { value: 'dark' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Tema' }));
    await screen.findByRole('menu', { name: 'Tema' });
  },
};
