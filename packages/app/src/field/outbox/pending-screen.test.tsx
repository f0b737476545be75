import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { visitFixture } from '../testing';
import { PendingScreen, type PendingScreenProps } from './pending-screen';
import { fieldLabel } from './reasons';

const visits = [
  visitFixture({ uuid: 'a', pointOfSaleId: 10, startDate: '2026-11-26T16:00:00.000Z' }),
  visitFixture({ uuid: 'b', pointOfSaleId: 11, state: 'sending' }),
  visitFixture({
    uuid: 'c',
    pointOfSaleId: 12,
    state: 'sent',
    checkInId: 41,
    syncedAt: '2026-11-26T18:02:11.000Z',
    answerPoints: 7,
  }),
  visitFixture({
    uuid: 'd',
    pointOfSaleId: 13,
    state: 'rejected',
    validationErrors: [
      { field: 'campaignId', message: 'La campaña ya no está activa.' },
      { field: 'surveys[0].answers[2].options', message: 'Elige una opción.' },
    ],
  }),
];

const names: Record<number, string> = {
  10: 'Abarrotes Lupita',
  11: 'Farmacia del Centro',
  12: 'Oxxo Bellas Artes',
  13: 'Tienda Don Pepe',
};

function renderPending(overrides: Partial<PendingScreenProps> = {}) {
  const props: PendingScreenProps = {
    visits,
    status: { isSending: false, problem: null, retryAt: null },
    isOnline: true,
    placeName: (id) => names[id] ?? `Punto de venta ${id}`,
    todayHref: '/campo',
    onSend: vi.fn(),
    onDiscard: vi.fn(() => Promise.resolve()),
    onSignOut: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
  render(
    <I18nProvider locale="es-MX">
      <PendingScreen {...props} />
    </I18nProvider>,
  );
  return props;
}

describe('PendingScreen', () => {
  it('lists each visit with its state; a sent one with the time the server received it', () => {
    renderPending();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Pendientes de enviar (3)' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Visitas por enviar y enviadas hoy' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Abarrotes Lupita, Pendiente',
      'Farmacia del Centro, Enviando…',
      'Oxxo Bellas Artes, Enviada',
      'Tienda Don Pepe, Rechazada',
    ]);
    const sent = screen.getByRole('listitem', { name: 'Oxxo Bellas Artes, Enviada' });
    // The server's time and the points it stored: the same figure the check-out showed.
    expect(sent).toHaveTextContent('Recibida por el servidor a las 12:02 · 7 puntos');
  });

  it("shows a rejected visit's reasons by field, and discards it only after a confirmation", async () => {
    const user = userEvent.setup();
    const props = renderPending();
    const rejected = screen.getByRole('listitem', { name: 'Tienda Don Pepe, Rechazada' });
    expect(within(rejected).getByText('Campaña')).toBeInTheDocument();
    expect(within(rejected).getByText('La campaña ya no está activa.')).toBeInTheDocument();
    expect(within(rejected).getByText('Cuestionario 1, respuesta 3')).toBeInTheDocument();
    expect(within(rejected).getByText('Elige una opción.')).toBeInTheDocument();

    await user.click(within(rejected).getByRole('button', { name: 'Descartar' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Descartar visita' });
    expect(dialog).toHaveTextContent('¿Descartar la visita a Tienda Don Pepe?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(props.onDiscard).not.toHaveBeenCalled();

    await user.click(within(rejected).getByRole('button', { name: 'Descartar' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Descartar' }),
    );
    expect(props.onDiscard).toHaveBeenCalledWith('d');
  });

  it('offers to correct a rejected visit where the capture can reopen it', async () => {
    const user = userEvent.setup();
    const onReopen = vi.fn();
    const answerRefused = visitFixture({
      uuid: 'e',
      pointOfSaleId: 13,
      state: 'rejected',
      validationErrors: [{ field: 'surveys[0].answers[2].options', message: 'Elige una opción.' }],
    });
    renderPending({ onReopen, visits: [answerRefused] });
    await user.click(screen.getByRole('button', { name: 'Corregir' }));
    expect(onReopen).toHaveBeenCalledWith(expect.objectContaining({ uuid: 'e' }));
  });

  it('explains a campaign closed since the download, and offers only to discard it', () => {
    renderPending({ onReopen: vi.fn() });
    const rejected = screen.getByRole('listitem', { name: 'Tienda Don Pepe, Rechazada' });
    expect(rejected).toHaveTextContent(
      'La campaña ya no está activa o cambió de fechas: la oficina la modificó después de que descargaste los datos. Esta visita ya no se puede enviar; descártala.',
    );
    expect(within(rejected).queryByRole('button', { name: 'Corregir' })).toBeNull();
    expect(within(rejected).getByRole('button', { name: 'Descartar' })).toBeEnabled();
  });

  it('explains a survey changed since the download: refresh, then correct', () => {
    const changed = visitFixture({
      uuid: 'f',
      pointOfSaleId: 13,
      state: 'rejected',
      validationErrors: [
        {
          field: 'surveys[0].answers[0].questionId',
          message: 'La pregunta 77 no pertenece al cuestionario.',
        },
      ],
    });
    renderPending({ onReopen: vi.fn(), visits: [changed] });
    expect(screen.getByRole('listitem', { name: 'Tienda Don Pepe, Rechazada' })).toHaveTextContent(
      "Un cuestionario cambió después de que descargaste los datos. Pulsa 'Actualizar'",
    );
    expect(screen.getByRole('button', { name: 'Corregir' })).toBeEnabled();
  });

  it('says why nothing goes offline or after a failure, and when it tries again', () => {
    renderPending({
      isOnline: false,
      status: {
        isSending: false,
        problem: 'Demasiados intentos. Intenta de nuevo en 2 minuto(s).',
        retryAt: Date.parse('2026-11-26T18:10:00.000Z'),
      },
    });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Sin conexión');
    expect(status).toHaveTextContent(
      'Demasiados intentos. Intenta de nuevo en 2 minuto(s). Próximo intento a las 12:10.',
    );
    expect(screen.getByRole('button', { name: 'Enviar ahora' })).toBeDisabled();
  });

  it('says so when there is nothing to send', () => {
    renderPending({ visits: [] });
    expect(screen.getByText('No hay visitas por enviar')).toBeInTheDocument();
  });
});

describe('signing out', () => {
  it('warns that the unsent visits stay on the phone, and signs out only once confirmed', async () => {
    const user = userEvent.setup();
    const props = renderPending();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cerrar sesión' });
    expect(dialog).toHaveTextContent(
      'Tienes 3 visitas sin enviar. Antes de salir se envían las que se pueda; las demás no se borran: se quedan en este teléfono y se enviarán cuando vuelvas a iniciar sesión con tu cuenta.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(props.onSignOut).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cerrar sesión' }),
    );
    expect(props.onSignOut).toHaveBeenCalledOnce();
  });

  it("opens the confirmation at once from today's header, and says offline nothing can go", () => {
    renderPending({ isOnline: false, isSigningOut: true });
    expect(screen.getByRole('alertdialog', { name: 'Cerrar sesión' })).toHaveTextContent(
      'Tienes 3 visitas sin enviar y no hay conexión. No se borran',
    );
  });

  it('asks nothing about visits when every one is on the server', () => {
    renderPending({ visits: [visits[2]!], isSigningOut: true });
    expect(screen.getByRole('alertdialog', { name: 'Cerrar sesión' })).toHaveTextContent(
      '¿Cerrar la sesión en este teléfono?',
    );
  });
});

describe('fieldLabel', () => {
  it("names the server's field paths in the promoter's words", () => {
    expect(fieldLabel('')).toBe('La visita');
    expect(fieldLabel('photoIds[1]')).toBe('Fotos de la visita');
    expect(fieldLabel('surveys[1].productId')).toBe('Cuestionario 2, producto');
    expect(fieldLabel('surveys[0]')).toBe('Cuestionario 1');
  });
});
