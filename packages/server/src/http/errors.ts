/** A `{ field, message }` pair of the failure envelope; messages are in Spanish. */
export interface ValidationIssue {
  field: string;
  message: string;
}

/** The failure envelope every 4xx/5xx answers (openapi/components/envelope.yaml#/ErrorEnvelope). */
export interface ErrorEnvelope {
  success: false;
  statusCode: number;
  errorCode: string;
  errorMessage: string;
  validationErrors: ValidationIssue[];
}

/**
 * An expected failure: thrown anywhere during a request, answered by the one error handler as
 * the failure envelope with this status, code and (Spanish) message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly validationErrors: ValidationIssue[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toEnvelope(): ErrorEnvelope {
    return {
      success: false,
      statusCode: this.statusCode,
      errorCode: this.errorCode,
      errorMessage: this.message,
      validationErrors: this.validationErrors,
    };
  }
}

export const INVALID_REQUEST_MESSAGE = 'La solicitud contiene datos inválidos.';
export const INTERNAL_ERROR_MESSAGE = 'Error interno del servidor.';

/** 400. With only issues, the message is the generic one. */
export function badRequest(
  message: string = INVALID_REQUEST_MESSAGE,
  validationErrors: ValidationIssue[] = [],
  errorCode = 'VALIDATION_ERROR',
): AppError {
  return new AppError(400, errorCode, message, validationErrors);
}

/** 400 for one field: the message is also the envelope's errorMessage. */
export function fieldError(
  field: string,
  message: string,
  errorCode = 'VALIDATION_ERROR',
): AppError {
  return new AppError(400, errorCode, message, [{ field, message }]);
}

export function unauthorized(
  message = 'No has iniciado sesión o tu sesión expiró.',
  errorCode = 'UNAUTHORIZED',
): AppError {
  return new AppError(401, errorCode, message);
}

export function forbidden(message = 'No tienes permiso para realizar esta acción.'): AppError {
  return new AppError(403, 'FORBIDDEN', message);
}

export function notFound(message = 'El recurso solicitado no existe.'): AppError {
  return new AppError(404, 'NOT_FOUND', message);
}

export function conflict(message: string, validationErrors: ValidationIssue[] = []): AppError {
  return new AppError(409, 'CONFLICT', message, validationErrors);
}

export function unprocessable(message: string, validationErrors: ValidationIssue[] = []): AppError {
  return new AppError(422, 'BUSINESS_RULE', message, validationErrors);
}

export function serviceUnavailable(
  message = 'El servicio no está disponible. Intenta más tarde.',
): AppError {
  return new AppError(503, 'SERVICE_UNAVAILABLE', message);
}
