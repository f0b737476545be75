import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { YesNo } from './YesNo';

const meta = { title: 'Componentes/YesNo', component: YesNo, args: { value: true } } satisfies Meta<
  typeof YesNo
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Sí' })).toBeVisible();
  },
};

export const No: Story = {
  args: { value: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'No' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div className="flex gap-2">
      <YesNo value />
      <YesNo value={false} />
    </div>
  ),
};
