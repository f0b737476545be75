import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState } from 'react';
import { expect, screen, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { Toaster } from './Toaster';
import { type ToastApi, createToastApi } from './toast-queue';

function Demo({ preload }: { preload?: (api: ToastApi) => void }) {
  const api = useMemo(() => createToastApi(), []);
  useEffect(() => {
    preload?.(api);
    return () => api.clear();
  }, [api, preload]);
  return (
    <div className="flex flex-wrap gap-2">
      <Button onPress={() => api.success('Inicio de sesión exitoso.')}>Éxito</Button>
      <Button
        variant="danger"
        onPress={() => api.error('Credenciales inválidas. Por favor, inténtelo de nuevo.')}
      >
        Error
      </Button>
      <Button variant="secondary" onPress={() => api.warning('Generando reporte en Excel...')}>
        Advertencia
      </Button>
      <Button variant="ghost" onPress={() => api.info('Hay una nueva versión disponible.')}>
        Información
      </Button>
      <Toaster api={api} />
    </div>
  );
}

const meta = {
  title: 'Retroalimentación/Toaster',
  component: Toaster,
  render: () => <Demo />,
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Éxito' }));
    const region = await screen.findByRole('region', { name: 'Notificaciones' });
    await expect(within(region).getByText('Inicio de sesión exitoso.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Cerrar notificación' }));
    await waitFor(() => expect(screen.queryByText('Inicio de sesión exitoso.')).toBeNull());
  },
};

/** The same error twice in a row shows one toast (3000 ms de-duplication). */
export const ErrorDeduplication: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Error' });
    await userEvent.click(button);
    await userEvent.click(button);
    const region = await screen.findByRole('region', { name: 'Notificaciones' });
    await expect(
      within(region).getAllByText('Credenciales inválidas. Por favor, inténtelo de nuevo.'),
    ).toHaveLength(1);
  },
};

const preloadAll = (api: ToastApi) => {
  api.success('Marca guardada exitosamente.', { timeout: 0 });
  api.error('No se pudo conectar con el servidor.', { timeout: 0 });
  api.warning('Generando reporte en Excel...', { timeout: 0, title: 'Exportación' });
  api.info('La sesión se renovó.', { timeout: 0 });
};

export const AllKinds: Story = {
  render: () => <Demo preload={preloadAll} />,
  play: async () => {
    const region = await screen.findByRole('region', { name: 'Notificaciones' });
    await waitFor(() => expect(within(region).getAllByRole('alertdialog')).toHaveLength(4));
  },
};

export const LongSpanishText: Story = {
  render: () => (
    <Demo
      preload={(api) =>
        api.error(
          'La cuenta está bloqueada. Intenta de nuevo en 15 minuto(s). Si el problema persiste, comuníquese con el administrador del sistema para restablecer su acceso.',
          { timeout: 0 },
        )
      }
    />
  ),
};

export const MobileWidth: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => <Demo preload={preloadAll} />,
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => <Demo preload={preloadAll} />,
};

/**
 * A toast over an action does not take its clicks (issue #20: the designer's 'Vista previa' sat
 * under the toast of each move): only the toast's close button is a click target; the message
 * lets the click through to what is under it.
 */
export const ActionUnderToast: Story = {
  render: () => {
    function UnderToast() {
      const api = useMemo(() => createToastApi(), []);
      const [pressed, setPressed] = useState(0);
      useEffect(() => () => api.clear(), [api]);
      return (
        <div>
          <div className="relative z-10 flex gap-2">
            <Button onPress={() => api.success('Pregunta bajada exitosamente.', { timeout: 0 })}>
              Mover
            </Button>
            <p>Vista previa abierta {pressed} veces</p>
          </div>
          <Toaster api={api} />
          <div className="fixed inset-0">
            <Button className="size-full" onPress={() => setPressed((n) => n + 1)}>
              Vista previa
            </Button>
          </div>
        </div>
      );
    }
    return <UnderToast />;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mover' }));
    const region = await screen.findByRole('region', { name: 'Notificaciones' });
    const message = await within(region).findByText('Pregunta bajada exitosamente.');
    const box = message.getBoundingClientRect();
    const target = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    await expect(target?.closest('button')).toHaveTextContent('Vista previa');
    // The close button still takes its own click.
    const close = within(region).getByRole('button', { name: 'Cerrar notificación' });
    const closeBox = close.getBoundingClientRect();
    await expect(
      document
        .elementFromPoint(closeBox.x + closeBox.width / 2, closeBox.y + closeBox.height / 2)
        ?.closest('button'),
    ).toBe(close);
  },
};
