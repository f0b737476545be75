import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../button';
import { ThemeMenu } from '../theme-menu';
import { Header } from './Header';

const meta = {
  title: 'Estructura/Header',
  component: Header,
  parameters: { layout: 'fullscreen' },
  args: {
    onToggleSidebar: fn(),
    isSidebarOpen: true,
    logoHref: '#inicio',
    actions: <ThemeMenu value="system" onChange={() => {}} />,
  },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('banner')).toHaveStyle({ height: '56px' });
    await expect(canvas.getByRole('link', { name: 'Anaquel' })).toBeVisible();
    const toggle = canvas.getByRole('button', { name: 'Alternar menú lateral' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(args.onToggleSidebar).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Tema' })).toBeVisible();
  },
};

/** The login page header: no sidebar toggle, an 'Inicio' button on the right. */
export const Public: Story = {
  args: {
    onToggleSidebar: undefined,
    actions: (
      <>
        <Button variant="ghost">Inicio</Button>
        <ThemeMenu value="light" onChange={() => {}} />
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Alternar menú lateral' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Inicio' })).toBeVisible();
  },
};

export const MobileWidth: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { actions: <ThemeMenu value="dark" onChange={() => {}} /> },
};
