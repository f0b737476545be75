import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './Badge';

const meta = {
  title: 'Componentes/Badge',
  component: Badge,
  args: { children: 'Activo', tone: 'success' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Activo')).toBeVisible();
  },
};

const all = () => (
  <div className="flex flex-wrap gap-2">
    <Badge>Sin estado</Badge>
    <Badge tone="brand">Promotor</Badge>
    <Badge tone="success">Activo</Badge>
    <Badge tone="danger">Inactivo</Badge>
    <Badge tone="warning">Pendiente</Badge>
    <Badge tone="info">12 imágenes</Badge>
  </div>
);

export const Tones: Story = { render: all };
export const Dark: Story = { globals: { theme: 'dark' }, render: all };
