import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { UserCard } from './UserCard';

const meta = {
  title: 'Estructura/UserCard',
  component: UserCard,
  args: {
    name: 'Administrador Anaquel',
    email: 'admin@anaquel.mx',
    onChangePassword: fn(),
    onLogout: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-64 rounded-lg border border-border bg-surface p-2">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('Administrador Anaquel')).toBeVisible();
    await expect(canvas.getByText('admin@anaquel.mx')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Menú de usuario' }));
    const menu = await screen.findByRole('menu', { name: 'Menú de usuario' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Cambiar Contraseña' }));
    await expect(args.onChangePassword).toHaveBeenCalledTimes(1);

    await userEvent.click(canvas.getByRole('button', { name: 'Menú de usuario' }));
    const again = await screen.findByRole('menu', { name: 'Menú de usuario' });
    await userEvent.click(within(again).getByRole('menuitem', { name: 'Cerrar Sesión' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const Collapsed: Story = {
  args: { isCollapsed: true },
  decorators: [
    (Story) => (
      <div className="w-16">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByText('admin@anaquel.mx')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Menú de usuario' }));
    await userEvent.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Cerrar Sesión' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

export const LongSpanishText: Story = {
  args: {
    name: 'María Guadalupe Fernández de la Garza Villarreal',
    email: 'maria.guadalupe.fernandez@promotoresdelnorte.com.mx',
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
