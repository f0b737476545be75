import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from './Avatar';

// A tiny inline image so the story needs no network.
const photo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0e7490"/><circle cx="20" cy="16" r="7" fill="#fff"/><rect x="8" y="26" width="24" height="14" rx="7" fill="#fff"/></svg>',
  );

const meta = {
  title: 'Componentes/Avatar',
  component: Avatar,
  args: { name: 'María José Hernández' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'María José Hernández' });
    await expect(avatar).toHaveTextContent('M');
  },
};

export const WithImage: Story = {
  args: { src: photo },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'María José Hernández' });
    await expect(avatar.querySelector('img')).toHaveAttribute('src', photo);
  },
};

export const BrokenImage: Story = {
  args: { src: '/no-existe.png', name: 'ángel ruiz' },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'ángel ruiz' });
    await waitFor(() => expect(avatar).toHaveTextContent('Á'));
  },
};

export const EmptyName: Story = { args: { name: '' } };

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
    </div>
  ),
};

export const Dark: Story = { globals: { theme: 'dark' }, render: Sizes.render };
