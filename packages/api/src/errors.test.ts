import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  createGlobalErrorHandler,
  isAccountLocked,
  isSessionExpired,
  isTooManyAttempts,
  messageForError,
  tooManyAttemptsMessage,
} from './errors';

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
    [418, 'Ocurrió un problema con la solicitud. Por favor, intenta nuevamente.'],
    [499, 'Ocurrió un problema con la solicitud. Por favor, intenta nuevamente.'],
    [
      599,
      'Error interno del servidor. Estamos trabajando para solucionarlo. Por favor, intenta más tarde.',
    ],
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

  it('shows the 429 of the auth limits with the minutes to wait', () => {
    expect(
      messageForError(
        apiError(
          429,
          'TOO_MANY_ATTEMPTS',
          'Demasiados intentos. Intenta de nuevo en 15 minuto(s).',
        ),
      ),
    ).toBe('Demasiados intentos. Intenta de nuevo en 15 minuto(s).');
    expect(messageForError(apiError(429, 'HTTP_429', 'Espera 3 minutos'))).toBe(
      'Demasiados intentos. Intenta de nuevo en 3 minuto(s).',
    );
    // A 429 without minutes (e.g. a proxy's): still said in Spanish, without a number.
    expect(messageForError(apiError(429, 'HTTP_429', 'Too Many Requests'))).toBe(
      'Demasiados intentos. Intenta de nuevo más tarde.',
    );
    expect(tooManyAttemptsMessage(1)).toBe('Demasiados intentos. Intenta de nuevo en 1 minuto(s).');
    expect(isTooManyAttempts(apiError(429))).toBe(true);
    expect(isTooManyAttempts(apiError(428))).toBe(false);
    expect(isTooManyAttempts(new Error('429'))).toBe(false);
  });

  it('detects a locked account by its code or its words, only on a 401', () => {
    expect(isAccountLocked(apiError(401, 'ACCOUNT_LOCKED', 'sin minutos'))).toBe(true);
    expect(isAccountLocked(apiError(401, 'HTTP_401', 'Account locked'))).toBe(true);
    expect(isAccountLocked(apiError(401, 'INVALID_CREDENTIALS', 'Credenciales inválidas.'))).toBe(
      false,
    );
    // The same code or words on another status are not a locked sign-in.
    expect(isAccountLocked(apiError(403, 'ACCOUNT_LOCKED', 'bloqueada'))).toBe(false);
    expect(isAccountLocked(apiError(429, 'HTTP_429', 'La cuenta está bloqueada'))).toBe(false);
    expect(isAccountLocked(new Error('bloqueada'))).toBe(false);
    // Locked without any number: the server's own words.
    expect(messageForError(apiError(401, 'ACCOUNT_LOCKED', 'Cuenta bloqueada.'))).toBe(
      'Cuenta bloqueada.',
    );
    // Only the number before 'minuto' counts when there are several.
    expect(
      messageForError(apiError(401, 'ACCOUNT_LOCKED', 'Tras 5 intentos: espera 12 minutos')),
    ).toBe('La cuenta está bloqueada. Intenta de nuevo en 12 minuto(s).');
    expect(messageForError(apiError(401, 'ACCOUNT_LOCKED', 'Bloqueada 9'))).toBe(
      'La cuenta está bloqueada. Intenta de nuevo en 9 minuto(s).',
    );
  });

  it('reads the minutes with or without a space before "minuto", and every digit', () => {
    expect(messageForError(apiError(429, 'TOO_MANY_ATTEMPTS', 'Espera 15minutos'))).toBe(
      'Demasiados intentos. Intenta de nuevo en 15 minuto(s).',
    );
    expect(messageForError(apiError(401, 'ACCOUNT_LOCKED', 'Bloqueada 15minutos'))).toBe(
      'La cuenta está bloqueada. Intenta de nuevo en 15 minuto(s).',
    );
    expect(messageForError(apiError(401, 'ACCOUNT_LOCKED', 'Bloqueada por 12'))).toBe(
      'La cuenta está bloqueada. Intenta de nuevo en 12 minuto(s).',
    );
  });

  it('reads the minutes next to "minuto" before any other number of a locked message', () => {
    expect(
      messageForError(apiError(401, 'ACCOUNT_LOCKED', 'Cuenta 7 bloqueada: espera 12minutos')),
    ).toBe('La cuenta está bloqueada. Intenta de nuevo en 12 minuto(s).');
    expect(
      messageForError(apiError(401, 'ACCOUNT_LOCKED', 'Cuenta 7 bloqueada: espera 12 minutos')),
    ).toBe('La cuenta está bloqueada. Intenta de nuevo en 12 minuto(s).');
  });

  it('shows the errorMessage of an ApiError from another bundle copy, not its Error message', () => {
    // Same shape, another class: isApiError accepts it; its words are in errorMessage.
    const lookalike = Object.assign(new Error('texto interno'), {
      name: 'ApiError',
      statusCode: 0,
      errorCode: 'NETWORK_ERROR',
      errorMessage: 'No se pudo conectar con el servidor.',
    });
    expect(messageForError(lookalike)).toBe('No se pudo conectar con el servidor.');
  });

  it('never shows a blank message: an empty or blank text becomes the generic one', () => {
    for (const blank of ['', '   ']) {
      const noAnswer = new ApiError({
        statusCode: 0,
        errorCode: 'NETWORK_ERROR',
        errorMessage: blank,
      });
      expect(messageForError(noAnswer)).toBe('Ocurrió un error inesperado.');
      expect(messageForError(new Error(blank))).toBe('Ocurrió un error inesperado.');
    }
  });

  it('maps only 5xx to the server message: a status of 600 or more keeps its own words', () => {
    expect(messageForError(apiError(600, 'HTTP_600', 'Raro'))).toBe('Raro');
    expect(messageForError(apiError(700, 'HTTP_700', 'Más raro'))).toBe('Más raro');
    expect(messageForError(apiError(399, 'HTTP_399', 'Redirección'))).toBe('Redirección');
  });

  it('takes the session-expiry path only for REFRESH_TOKEN_ERROR', () => {
    expect(isSessionExpired(apiError(401, 'REFRESH_TOKEN_ERROR'))).toBe(true);
    expect(isSessionExpired(apiError(401, 'UNAUTHORIZED'))).toBe(false);
    expect(isSessionExpired(apiError(401, 'INVALID_CREDENTIALS'))).toBe(false);
    expect(isSessionExpired(new Error('REFRESH_TOKEN_ERROR'))).toBe(false);
    expect(messageForError(apiError(401, 'UNAUTHORIZED'))).toBe(
      'No tienes permisos para realizar esta acción. Por favor, verifica tus credenciales.',
    );
  });

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

  it('never ends the session on an ordinary error, a handled one or a cancelled one', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500, 503]) handle(apiError(status));
    handle(apiError(401, 'INVALID_CREDENTIALS'), { handledStatuses: [401] });
    handle(new DOMException('The operation was aborted.', 'AbortError'));
    handle(new Error('Algo falló'));
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledTimes(9);
    for (const [, kind] of notify.mock.calls) expect(kind).toBe('error');
  });

  it('shows the message of a plain error and keeps a handled status of another error quiet', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(new Error('Sin conexión'), { handledStatuses: [0] });
    expect(notify).toHaveBeenCalledWith('Sin conexión', 'error');
  });

  it('forgets a shown message after its window even if others came later', () => {
    let time = 0;
    const handle = createGlobalErrorHandler({ notify, onSessionExpired, now: () => time });
    handle(apiError(404));
    time = 2000;
    handle(apiError(403));
    time = 3000;
    handle(apiError(404));
    time = 4999;
    handle(apiError(403));
    time = 5000;
    handle(apiError(403));
    expect(notify.mock.calls.map(([message]) => message)).toEqual([
      'El recurso solicitado no fue encontrado.',
      'Acceso denegado. No tienes los permisos necesarios para esta operación.',
      'El recurso solicitado no fue encontrado.',
      'Acceso denegado. No tienes los permisos necesarios para esta operación.',
    ]);
  });

  it('ends the session on the first REFRESH_TOKEN_ERROR even where 401 is handled locally', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(apiError(401, 'REFRESH_TOKEN_ERROR'), { handledStatuses: [401] });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(
      'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
      'error',
    );
  });

  it('handles meta without handled statuses, and an error that only looks like an ApiError', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(apiError(400), {});
    expect(notify).toHaveBeenCalledTimes(1);
    // Not an ApiError: its statusCode is not the server's, so a handled 400 does not hide it.
    handle(Object.assign(new Error('Sin servidor'), { statusCode: 400 }), {
      handledStatuses: [400],
    });
    expect(notify).toHaveBeenLastCalledWith('Sin servidor', 'error');
  });

  it('stays silent for cancelled requests', () => {
    const handle = createGlobalErrorHandler({ notify, onSessionExpired });
    handle(new DOMException('The operation was aborted.', 'AbortError'));
    expect(notify).not.toHaveBeenCalled();
  });
});
