import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LoadingOverlay } from './LoadingOverlay';

const meta = {
  title: 'Componentes/LoadingOverlay',
  component: LoadingOverlay,
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div className="p-6">
      <p className="text-fg">Contenido de la página detrás del indicador.</p>
      <LoadingOverlay {...args} />
    </div>
  ),
} satisfies Meta<typeof LoadingOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Cargando' })).toBeVisible();
  },
};

export const Hidden: Story = {
  args: { isVisible: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
