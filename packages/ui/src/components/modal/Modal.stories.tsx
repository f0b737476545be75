import type { Meta, StoryObj } from '@storybook/react-vite';
import { DialogTrigger } from 'react-aria-components';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { TextField } from '../text-field';
import { Modal, type ModalProps } from './Modal';

function ResetPasswordModal(props: Partial<ModalProps>) {
  return (
    <DialogTrigger>
      <Button variant="ghost">Olvidé mi contraseña</Button>
      <Modal
        title="Restablecer Contraseña"
        footer={(close) => (
          <>
            <Button variant="secondary" onPress={close}>
              Cancelar
            </Button>
            <Button type="submit" form="reset-form">
              Enviar Correo
            </Button>
          </>
        )}
        {...props}
      >
        <form id="reset-form" className="grid gap-4" onSubmit={(e) => e.preventDefault()}>
          <p className="text-sm text-fg-muted">
            Le enviaremos un enlace para restablecer su contraseña.
          </p>
          <TextField label="Correo electrónico" type="email" />
        </form>
      </Modal>
    </DialogTrigger>
  );
}

const meta = {
  title: 'Superposiciones/Modal',
  component: Modal,
  args: { children: null },
  render: (args) => <ResetPasswordModal size={args.size} isDismissable={args.isDismissable} />,
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opening moves focus inside; Tab stays inside; Escape closes and focus returns to the opener. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Olvidé mi contraseña' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer Contraseña' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    // Focus trap: cycling through every control never leaves the dialog.
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    await expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const CloseButton: Story = {
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Olvidé mi contraseña' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer Contraseña' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    // The dialog stays mounted during the 0.4 s close animation, then goes away.
    await expect(dialog.closest('[data-exiting]')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const DismissableBackdrop: Story = {
  args: { isDismissable: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Olvidé mi contraseña' }));
    const dialog = await screen.findByRole('dialog');
    // The dimmed backdrop is the ModalOverlay around the Modal around the Dialog.
    await userEvent.click(dialog.parentElement!.parentElement!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Without `isDismissable` a click outside does nothing (forms do not lose their data). */
export const NotDismissable: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Olvidé mi contraseña' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialog.parentElement!.parentElement!);
    await expect(dialog).toBeInTheDocument();
    // Still open once its entrance has finished (under load the fade-in can outlast one check).
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible(), { timeout: 5000 });
  },
};

function OpenModal({ size, title }: Pick<ModalProps, 'size'> & { title: string }) {
  return (
    <Modal isOpen onOpenChange={fn()} size={size} title={title} footer={<Button>Guardar</Button>}>
      <p className="text-sm text-fg">
        Contenido del formulario. El tamaño define el ancho máximo del diálogo.
      </p>
    </Modal>
  );
}

export const Small: Story = { render: () => <OpenModal size="sm" title="Tamaño sm" /> };
export const Large: Story = { render: () => <OpenModal size="lg" title="Tamaño lg" /> };
export const ExtraLarge: Story = { render: () => <OpenModal size="xl" title="Perfil (xl)" /> };
export const DoubleExtraLarge: Story = {
  render: () => <OpenModal size="xxl" title="Tamaño xxl" />,
};
export const Fullscreen: Story = {
  render: () => <OpenModal size="fullscreen" title="Pantalla completa" />,
};

export const WithoutTitle: Story = {
  render: () => (
    <Modal isOpen aria-label="Vista previa de la imagen">
      <p className="text-sm text-fg">
        Sin título visible; el nombre accesible viene de aria-label.
      </p>
    </Modal>
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Vista previa de la imagen' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

export const LongContent: Story = {
  render: () => (
    <Modal isOpen title="Términos de uso de la plataforma de promoción y encuestas en campo">
      {Array.from({ length: 30 }, (_, i) => (
        <p key={i} className="mb-3 text-sm text-fg">
          Párrafo {i + 1}: las respuestas de las encuestas se sincronizan desde los dispositivos de
          los promotores y pueden tardar algunos minutos en aparecer en el panel.
        </p>
      ))}
    </Modal>
  ),
};

export const MobileWidth: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => <OpenModal size="md" title="Restablecer Contraseña" />,
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => <OpenModal size="md" title="Cambiar Contraseña" />,
};
