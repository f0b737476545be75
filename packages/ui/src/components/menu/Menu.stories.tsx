import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { MoreVerticalIcon, PencilIcon, TrashIcon } from '../../icons';
import { Button } from '../button';
import { Menu, MenuItem, MenuTrigger } from './Menu';

const meta = {
  title: 'Superposiciones/Menu',
  component: Menu,
  args: { onAction: fn() },
  render: (args) => (
    <MenuTrigger>
      <Button variant="icon" aria-label="Acciones">
        <MoreVerticalIcon />
      </Button>
      <Menu {...args} aria-label="Acciones">
        <MenuItem id="edit" textValue="Editar">
          <PencilIcon className="size-4" />
          Editar
        </MenuItem>
        <MenuItem id="delete" textValue="Eliminar">
          <TrashIcon className="size-4" />
          Eliminar
        </MenuItem>
        <MenuItem id="disabled" isDisabled>
          Exportar
        </MenuItem>
      </Menu>
    </MenuTrigger>
  ),
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Acciones' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu', { name: 'Acciones' });
    await expect(within(menu).getByRole('menuitem', { name: 'Exportar' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Eliminar' }));
    await expect(args.onAction).toHaveBeenCalledWith('delete', undefined);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Acciones' }));
    await screen.findByRole('menu');
  },
};

export const Dark: Story = { ...Open, globals: { theme: 'dark' } };
