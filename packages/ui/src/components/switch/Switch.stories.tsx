import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Switch } from './Switch';

const meta = {
  title: 'Formularios/Switch',
  component: Switch,
  args: { children: 'Recordarme', onChange: fn() },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const control = canvas.getByRole('switch', { name: 'Recordarme' });
    await expect(control).not.toBeChecked();
    await userEvent.click(canvas.getByText('Recordarme'));
    await expect(control).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(control).not.toBeChecked();
  },
};

export const Selected: Story = { args: { children: 'Activo', isSelected: true } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Recordarme' })).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="flex flex-col gap-3">
      <Switch {...args} />
      <Switch {...args} isSelected>
        Activo
      </Switch>
      <Switch {...args} isDisabled>
        Opción extra
      </Switch>
    </div>
  ),
};
