import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function WithOpener(props: ConfirmDialogProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onPress={() => setOpen(true)}>
        Eliminar marca
      </Button>
      <ConfirmDialog
        {...props}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          props.onOpenChange(open);
        }}
        onConfirm={() => {
          props.onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Superposiciones/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    isOpen: false,
    title: 'Eliminar marca',
    message: '¿Está seguro de eliminar la marca "Sabritas"? Esta acción no se puede deshacer.',
    onOpenChange: fn(),
    onConfirm: fn(),
  },
  render: (args) => <WithOpener {...args} />,
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const opener = canvas.getByRole('button', { name: 'Eliminar marca' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar marca' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const CancelWithEscape: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Eliminar marca' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const Pending: Story = {
  args: { isOpen: true, isPending: true },
  render: (args) => <ConfirmDialog {...args} />,
  play: async ({ userEvent, args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar' });
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  },
};

export const CustomLabels: Story = {
  args: {
    isOpen: true,
    title: 'Cerrar sesión',
    message: '¿Desea cerrar la sesión actual?',
    confirmLabel: 'Cerrar Sesión',
    variant: 'primary',
  },
  render: (args) => <ConfirmDialog {...args} />,
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { isOpen: true },
  render: (args) => <ConfirmDialog {...args} />,
};
