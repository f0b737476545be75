import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createGlobalErrorHandler, messageForError } from './errors';

function apiError(statusCode: number, errorCode = `HTTP_${statusCode}`, errorMessage = 'x') {
  return new ApiError({ statusCode, errorCode, errorMessage });
}

describe('messageForError (spec 1 §8)', () => {
  it.each([
    [400, 'La solicitud no es válida. Por favor, revisa los datos e intenta nuevamente.'],
    [401, 'No tienes permisos para realizar esta acción. Por favor, verifica tus credenciales.'],
    [403, 'Acceso denegado. No tienes los permisos necesarios para esta operación.'],
    [404, 'El recurso solicitado no fue encontrado.'],
    [
      422,
      'Los datos proporcionados son inválidos. Por favor, verifica los campos e intenta nuevamente.',
    ],
    [409, 'Ocurrió un problema con la solicitud. Por favor, intenta nuevamente.'],
    [429, 'Ocurrió un problema con la solicitud. Por favor, intenta nuevamente.'],
    [
      500,
      'Error interno del servidor. Estamos trabajando para solucionarlo. Por favor, intenta más tarde.',
    ],
    [
      503,
      'Error interno del servidor. Estamos trabajando para solucionarlo. Por favor, intenta más tarde.',
    ],
  ])('maps %i to its message', (status, message) => {
    expect(messageForError(apiError(status))).toBe(message);
  });

  it.each([
    ['ACCOUNT_LOCKED', 'La cuenta está bloqueada. Intenta de nuevo en 15 minuto(s).', 15],
    ['ACCOUNT_LOCKED', 'La cuenta está bloqueada. Intenta de nuevo en 1 minuto(s).', 1],
    ['HTTP_401', 'Cuenta bloqueada: espera 7 minutos', 7],
  ])(
    'shows the locked account with the minutes parsed from the server (%s, %s)',
    (code, text, n) => {
      expect(messageForError(apiError(401, code, text))).toBe(
        `La cuenta está bloqueada. Intenta de nuevo en ${n} minuto(s).`,
      );
    },
  );

  it('shows the session expiry for REFRESH_TOKEN_ERROR, although it is a 401', () => {
    expect(messageForError(apiError(401, 'REFRESH_TOKEN_ERROR'))).toBe(
      'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
    );
  });

  it("shows any other error's own message, or the generic one", () => {
    const offline = new ApiError({
      statusCode: 0,
      errorCode: 'NETWORK_ERROR',
      errorMessage:
        'No se pudo conectar con el servidor. Verifica tu conexión e intenta nuevamente.',
    });
    expect(messageForError(offline)).toBe(offline.errorMessage);
    expect(messageForError(new Error('Algo específico'))).toBe('Algo específico');
    expect(messageForError(new Error(''))).toBe('Ocurrió un error inesperado.');
    expect(messageForError('texto suelto')).toBe('Ocurrió un error inesperado.');
    expect(messageForError(undefined)).toBe('Ocurrió un error inesperado.');
  });
});

describe('createGlobalErrorHandler', () => {
  const notify = vi.fn<(message: string, kind: string) => void>();
  const onSessionExpired = vi.fn<() => void>();

  beforeEach(() => {
    vi.useFakeTimers();
    notify.mockReset();
    onSessionExpired.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('suppresses the same message for 3000 ms after it appeared, then shows it again', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(apiError(500));
    vi.advanceTimersByTime(1000);
    handle(apiError(503));
    vi.advanceTimersByTime(1999);
    handle(apiError(500));
    expect(notify).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    handle(apiError(500));
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenLastCalledWith(
      'Error interno del servidor. Estamos trabajando para solucionarlo. Por favor, intenta más tarde.',
      'error',
    );
  });

  it('does not hold back a different message', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(apiError(404));
    handle(apiError(403));
    expect(notify.mock.calls.map(([message]) => message)).toEqual([
      'El recurso solicitado no fue encontrado.',
      'Acceso denegado. No tienes los permisos necesarios para esta operación.',
    ]);
  });

  it('accepts an injected clock', () => {
    let time = 0;
    const handle = createGlobalErrorHandler({ notify, onSessionExpired, now: () => time });
    handle(apiError(404));
    time = 2999;
    handle(apiError(404));
    time = 3000;
    handle(apiError(404));
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('skips the toast for statuses the query or mutation handles itself', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(apiError(400), { handledStatuses: [400, 401] });
    handle(apiError(401, 'INVALID_CREDENTIALS'), { handledStatuses: [400, 401] });
    expect(notify).not.toHaveBeenCalled();
    handle(apiError(403), { handledStatuses: [400, 401] });
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('ends the session before telling the user, even where 401 is handled locally', () => {
    const order: string[] = [];
    notify.mockImplementation((message) => order.push(`notify: ${message}`));
    onSessionExpired.mockImplementation(() => order.push('session expired'));
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(apiError(401, 'REFRESH_TOKEN_ERROR'), { handledStatuses: [401] });
    // Three queued requests fail together: one sign-out, one toast.
    handle(apiError(401, 'REFRESH_TOKEN_ERROR'));
    handle(apiError(401, 'REFRESH_TOKEN_ERROR'));
    expect(order).toEqual([
      'session expired',
      'notify: Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
    ]);
  });

  it('stays silent for cancelled requests', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(new DOMException('The operation was aborted.', 'AbortError'));
    expect(notify).not.toHaveBeenCalled();
  });
});
