import type { ValidationError } from './types';

/** Error codes the client itself produces (the server's codes are listed in the contract). */
export const CLIENT_ERROR_CODES = {
  /** A success envelope without `data` (spec 1 §7). */
  emptyResponse: 'EMPTY_RESPONSE',
  /** The server could not be reached. */
  network: 'NETWORK_ERROR',
  /** No answer within the timeout (spec 1 §9: 10 000 ms). */
  timeout: 'TIMEOUT',
  /** A 2xx answer that is not the JSON envelope. */
  invalidResponse: 'INVALID_RESPONSE',
  /** The session could not be renewed; the user must sign in again (spec 1 §8). */
  refreshToken: 'REFRESH_TOKEN_ERROR',
  /** Anything else that went wrong on the client. */
  unknown: 'UNKNOWN_ERROR',
} as const;

export const CLIENT_ERROR_MESSAGES = {
  // spec 1 §7 gives this text verbatim.
  emptyResponse: 'Empty response data',
  network: 'No se pudo conectar con el servidor. Verifica tu conexión e intenta nuevamente.',
  timeout: 'El servidor tardó demasiado en responder. Por favor, intenta nuevamente.',
  invalidResponse: 'La respuesta del servidor no es válida.',
  sessionExpired: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
  unexpected: 'Ocurrió un error inesperado.',
} as const;

export interface ApiErrorInit {
  /** HTTP status; 0 when no HTTP answer was received (network error, timeout). */
  statusCode?: number;
  errorCode?: string;
  errorMessage: string;
  validationErrors?: readonly ValidationError[];
  cause?: unknown;
}

/** Every failed call, normalised to the failure envelope of the contract. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no HTTP answer was received. */
  readonly statusCode: number;
  /** Machine-readable code, e.g. `VALIDATION_ERROR`, `ACCOUNT_LOCKED`, `REFRESH_TOKEN_ERROR`. */
  readonly errorCode: string;
  /** Human-readable message (Spanish when it comes from the server). */
  readonly errorMessage: string;
  /** The `{ field, message }` list of the envelope. */
  readonly validationErrors: readonly ValidationError[];
  /** The validation messages grouped by field (`''` for the whole body). */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(init: string | ApiErrorInit) {
    const options: ApiErrorInit = typeof init === 'string' ? { errorMessage: init } : init;
    super(options.errorMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.statusCode = options.statusCode ?? 0;
    this.errorCode = options.errorCode ?? CLIENT_ERROR_CODES.unknown;
    this.errorMessage = options.errorMessage;
    this.validationErrors = options.validationErrors ?? [];
    this.fieldErrors = groupByField(this.validationErrors);
  }
}

/** True for an `ApiError` (also across bundle copies, by shape). */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (error instanceof Error &&
      error.name === 'ApiError' &&
      typeof (error as Partial<ApiError>).statusCode === 'number' &&
      typeof (error as Partial<ApiError>).errorCode === 'string')
  );
}

/** True when the caller cancelled the request (React Query cancellation, unmount): never an error to show. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { name?: unknown }).name === 'AbortError' ||
      (error as { name?: unknown }).name === 'CancelledError')
  );
}

function groupByField(errors: readonly ValidationError[]): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const { field, message } of errors) {
    (grouped[field] ??= []).push(message);
  }
  return grouped;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

function readValidationErrors(value: unknown): ValidationError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isRecord(entry) && typeof entry.message === 'string'
      ? [{ field: typeof entry.field === 'string' ? entry.field : '', message: entry.message }]
      : [],
  );
}

/**
 * Builds the `ApiError` of a failed answer from its parsed body: the failure envelope, any other
 * JSON with `errorMessage` or `message`, or the raw text (spec 1 §8, also for blob downloads).
 */
export function apiErrorFromBody(status: number, body: unknown, cause?: unknown): ApiError {
  if (isRecord(body)) {
    const bodyStatus = body.statusCode;
    const statusCode =
      typeof bodyStatus === 'number' && bodyStatus >= 400 && bodyStatus <= 599
        ? bodyStatus
        : status;
    return new ApiError({
      statusCode,
      errorCode: firstString(body.errorCode, body.code) ?? `HTTP_${statusCode}`,
      errorMessage:
        firstString(body.errorMessage, body.message, body.error) ??
        CLIENT_ERROR_MESSAGES.unexpected,
      validationErrors: readValidationErrors(body.validationErrors),
      cause,
    });
  }
  const text = typeof body === 'string' ? body.trim() : '';
  return new ApiError({
    statusCode: status,
    errorCode: `HTTP_${status}`,
    errorMessage: text === '' ? CLIENT_ERROR_MESSAGES.unexpected : text,
    cause,
  });
}

/** The error every queued request fails with when the session cannot be renewed. */
export function sessionExpiredError(cause?: unknown): ApiError {
  return new ApiError({
    statusCode: 401,
    errorCode: CLIENT_ERROR_CODES.refreshToken,
    errorMessage: CLIENT_ERROR_MESSAGES.sessionExpired,
    cause,
  });
}

/** A timeout, with the Spanish message the user sees. */
export function timeoutError(cause?: unknown): ApiError {
  return new ApiError({
    statusCode: 0,
    errorCode: CLIENT_ERROR_CODES.timeout,
    errorMessage: CLIENT_ERROR_MESSAGES.timeout,
    cause,
  });
}

/**
 * Turns anything thrown while calling the API into an `ApiError`. Callers let a cancellation
 * (`isAbortError`) through untouched first, so React Query can treat it as one.
 */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const name = typeof error === 'object' && error !== null ? (error as Error).name : undefined;
  if (name === 'TimeoutError') return timeoutError(error);
  if (error instanceof SyntaxError) {
    return new ApiError({
      errorCode: CLIENT_ERROR_CODES.invalidResponse,
      errorMessage: CLIENT_ERROR_MESSAGES.invalidResponse,
      cause: error,
    });
  }
  // fetch rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) {
    return new ApiError({
      errorCode: CLIENT_ERROR_CODES.network,
      errorMessage: CLIENT_ERROR_MESSAGES.network,
      cause: error,
    });
  }
  return new ApiError({
    errorCode: CLIENT_ERROR_CODES.unknown,
    errorMessage:
      error instanceof Error && error.message !== ''
        ? error.message
        : CLIENT_ERROR_MESSAGES.unexpected,
    cause: error,
  });
}
