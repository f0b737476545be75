import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { PencilIcon } from '../../icons';
import { Button } from '../button';
import { Tooltip, TooltipTrigger } from './Tooltip';

const meta = {
  title: 'Superposiciones/Tooltip',
  component: Tooltip,
  args: { children: 'Editar marca' },
  render: (args) => (
    <div className="p-12">
      <TooltipTrigger delay={0}>
        <Button variant="icon" aria-label="Editar">
          <PencilIcon />
        </Button>
        <Tooltip {...args} />
      </TooltipTrigger>
    </div>
  ),
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ userEvent }) => {
    await userEvent.tab();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Editar marca');
  },
};

export const Dark: Story = { ...Default, globals: { theme: 'dark' } };
