import { CLIENT_ERROR_CODES, isAbortError, isApiError } from './api-error';
import type { ApiRequestMeta } from './meta';

/** The global messages of spec 1 §8, verbatim. */
export const GLOBAL_ERROR_MESSAGES = {
  badRequest: 'La solicitud no es válida. Por favor, revisa los datos e intenta nuevamente.',
  unauthorized:
    'No tienes permisos para realizar esta acción. Por favor, verifica tus credenciales.',
  forbidden: 'Acceso denegado. No tienes los permisos necesarios para esta operación.',
  notFound: 'El recurso solicitado no fue encontrado.',
  unprocessable:
    'Los datos proporcionados son inválidos. Por favor, verifica los campos e intenta nuevamente.',
  otherClientError: 'Ocurrió un problema con la solicitud. Por favor, intenta nuevamente.',
  serverError:
    'Error interno del servidor. Estamos trabajando para solucionarlo. Por favor, intenta más tarde.',
  sessionExpired: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
  unexpected: 'Ocurrió un error inesperado.',
} as const;

/** spec 1 §8: the locked-account message with the minutes left. */
export function lockedAccountMessage(minutes: number): string {
  return `La cuenta está bloqueada. Intenta de nuevo en ${minutes} minuto(s).`;
}

/** The 429 of the sign-in, reset and change-password limits, with the minutes to wait. */
export function tooManyAttemptsMessage(minutes: number): string {
  return `Demasiados intentos. Intenta de nuevo en ${minutes} minuto(s).`;
}

/** A 429 without the minutes (another proxy's answer). */
export const TOO_MANY_ATTEMPTS_FALLBACK = 'Demasiados intentos. Intenta de nuevo más tarde.';

/** spec 1 §9: the same toast is suppressed for this long after it appears. */
export const ERROR_DEDUPE_MS = 3000;

const LOCKED_PATTERN = /bloquead|locked/i;

/** True for the 401 of a locked account (login). */
export function isAccountLocked(error: unknown): boolean {
  if (!isApiError(error) || error.statusCode !== 401) return false;
  return error.errorCode === 'ACCOUNT_LOCKED' || LOCKED_PATTERN.test(error.errorMessage);
}

/** True for a 429 (rate limit or attempt limit of the auth operations). */
export function isTooManyAttempts(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 429;
}

/** The first whole number of minutes in a server message ('... en 15 minuto(s).'). */
function minutesIn(message: string): number | null {
  const match = /(\d+)\s*minuto/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** True when the session could not be renewed and the user must sign in again. */
export function isSessionExpired(error: unknown): boolean {
  return isApiError(error) && error.errorCode === CLIENT_ERROR_CODES.refreshToken;
}

function ownMessage(error: unknown): string {
  if (isApiError(error) && error.errorMessage.trim() !== '') return error.errorMessage;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return GLOBAL_ERROR_MESSAGES.unexpected;
}

/** The Spanish message spec 1 §8 gives for an error. */
export function messageForError(error: unknown): string {
  if (!isApiError(error)) return ownMessage(error);
  if (isSessionExpired(error)) return GLOBAL_ERROR_MESSAGES.sessionExpired;
  const status = error.statusCode;
  if (isAccountLocked(error)) {
    const minutes = /(\d+)\s*minuto/i.exec(error.errorMessage) ?? /(\d+)/.exec(error.errorMessage);
    return minutes?.[1] ? lockedAccountMessage(Number(minutes[1])) : ownMessage(error);
  }
  if (isTooManyAttempts(error)) {
    const minutes = minutesIn(error.errorMessage);
    return minutes === null ? TOO_MANY_ATTEMPTS_FALLBACK : tooManyAttemptsMessage(minutes);
  }
  switch (status) {
    case 400:
      return GLOBAL_ERROR_MESSAGES.badRequest;
    case 401:
      return GLOBAL_ERROR_MESSAGES.unauthorized;
    case 403:
      return GLOBAL_ERROR_MESSAGES.forbidden;
    case 404:
      return GLOBAL_ERROR_MESSAGES.notFound;
    case 422:
      return GLOBAL_ERROR_MESSAGES.unprocessable;
  }
  if (status >= 400 && status < 500) return GLOBAL_ERROR_MESSAGES.otherClientError;
  if (status >= 500 && status < 600) return GLOBAL_ERROR_MESSAGES.serverError;
  return ownMessage(error);
}

/** Toast kinds of spec 1 §2. */
export type NotifyKind = 'success' | 'error' | 'warning' | 'info';

export interface GlobalErrorHandlerOptions {
  /** Shows a toast. */
  notify(message: string, kind: NotifyKind): void;
  /** The session is over: close every modal and sign out (called before the toast). */
  onSessionExpired(): void;
  /** Clock for the dedupe window; default `Date.now`. */
  now?: () => number;
}

/** Handles an error of a query or mutation; `meta.handledStatuses` opts statuses out. */
export type GlobalErrorHandler = (error: unknown, meta?: ApiRequestMeta) => void;

/**
 * The one global error handler (spec 1 §8): maps the error to its message, suppresses the same
 * message for 3000 ms after it appeared, and ends the session on REFRESH_TOKEN_ERROR.
 */
export function createGlobalErrorHandler(options: GlobalErrorHandlerOptions): GlobalErrorHandler {
  const now = options.now ?? Date.now;
  const shownAt = new Map<string, number>();

  return (error, meta) => {
    if (isAbortError(error)) return;
    const expired = isSessionExpired(error);
    if (!expired && isApiError(error) && meta?.handledStatuses?.includes(error.statusCode)) return;

    const message = messageForError(error);
    const time = now();
    for (const [shown, at] of shownAt) {
      if (time - at >= ERROR_DEDUPE_MS) shownAt.delete(shown);
    }
    if (shownAt.has(message)) return;
    shownAt.set(message, time);

    if (expired) options.onSessionExpired();
    options.notify(message, 'error');
  };
}
