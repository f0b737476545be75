import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { ERROR_TOAST_DEDUPE_MS, TOAST_TIMEOUT_MS, createToastApi } from './toast-queue';

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast in the "Notificaciones" region and closes it after 5000 ms', () => {
    const api = createToastApi();
    render(<Toaster api={api} />);
    act(() => {
      api.success('Inicio de sesión exitoso.');
    });

    const region = screen.getByRole('region', { name: 'Notificaciones' });
    expect(within(region).getByText('Inicio de sesión exitoso.')).toBeInTheDocument();
    expect(within(region).getByText('Éxito')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    });
    expect(screen.getByText('Inicio de sesión exitoso.')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Inicio de sesión exitoso.')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notificaciones' })).toBeNull();
  });

  it('keeps a toast with timeout 0 until it is closed with its button', async () => {
    const api = createToastApi();
    render(<Toaster api={api} />);
    act(() => {
      api.warning('El reporte tardará unos minutos.', { timeout: 0 });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('El reporte tardará unos minutos.')).toBeInTheDocument();

    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    expect(screen.queryByText('El reporte tardará unos minutos.')).toBeNull();
  });

  it('shows the same error only once within 3000 ms, then again', () => {
    const api = createToastApi();
    render(<Toaster api={api} />);
    const message = 'Credenciales inválidas. Por favor, inténtelo de nuevo.';

    act(() => {
      expect(api.error(message)).not.toBeNull();
      expect(api.error(message)).toBeNull();
    });
    expect(screen.getAllByText(message)).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(ERROR_TOAST_DEDUPE_MS - 1);
    });
    expect(api.isSuppressed(message)).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(api.isSuppressed(message)).toBe(false);
    act(() => {
      api.error(message);
    });
    expect(screen.getAllByText(message)).toHaveLength(2);
  });

  it('does not dedupe success toasts by default, but honours dedupeMs', () => {
    const api = createToastApi();
    render(<Toaster api={api} />);
    act(() => {
      api.success('Marca guardada.');
      api.success('Marca guardada.');
      api.info('Sincronizando.', { dedupeMs: 1000 });
      api.info('Sincronizando.', { dedupeMs: 1000 });
    });
    expect(screen.getAllByText('Marca guardada.')).toHaveLength(2);
    expect(screen.getAllByText('Sincronizando.')).toHaveLength(1);
  });

  it('suppress() hides any toast with that message for the given time', () => {
    const api = createToastApi();
    render(<Toaster api={api} />);
    const locked = 'La cuenta está bloqueada. Intenta de nuevo en 5 minuto(s).';
    api.suppress(locked, 10_000);
    act(() => {
      expect(api.error(locked)).toBeNull();
      expect(api.warning(locked)).toBeNull();
    });
    expect(screen.queryByText(locked)).toBeNull();

    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    act(() => {
      expect(api.error(locked)).not.toBeNull();
    });
    expect(screen.getByText(locked)).toBeInTheDocument();
  });

  it('clear() closes every toast and forgets suppressions', () => {
    const api = createToastApi();
    render(<Toaster api={api} />);
    act(() => {
      api.error('Error del servidor.');
      api.info('Otro aviso.');
    });
    act(() => {
      api.clear();
    });
    expect(screen.queryByText('Error del servidor.')).toBeNull();
    expect(api.isSuppressed('Error del servidor.')).toBe(false);
  });
});
