import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  INTERNAL_ERROR_MESSAGE,
  INVALID_REQUEST_MESSAGE,
  badRequest,
  type ErrorEnvelope,
} from './errors.ts';
import { toValidationIssues, type ValidationTarget } from './validation.ts';
import type { ErrorObject } from 'ajv';

// The one error handler: every failure leaves as the envelope. Expected failures (AppError)
// carry their own status and Spanish message; framework errors about the request become 400;
// anything else is a 500 that is logged with its stack and answered without internals.

function bodyIssue(message: string): AppError {
  return badRequest(message, [{ field: '', message }]);
}

/** Fastify's and its plugins' request errors, as the 400 envelope the contract promises. */
function fromFrameworkError(
  error: FastifyError,
  limits: { bodyLimit: number; uploadLimit: number },
): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return bodyIssue('El cuerpo de la solicitud no es un JSON válido.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return bodyIssue('El cuerpo de la solicitud es obligatorio.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyIssue(
        `El cuerpo de la solicitud excede el tamaño máximo permitido (${formatBytes(limits.bodyLimit)}).`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return bodyIssue(
        error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
          ? 'La longitud del cuerpo de la solicitud no es válida.'
          : 'El tipo de contenido no es compatible. Envía application/json (o multipart/form-data donde se indique).',
      );
    case 'FST_REQ_FILE_TOO_LARGE':
      return bodyIssue(
        `El archivo excede el tamaño máximo permitido (${formatBytes(limits.uploadLimit)}).`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return bodyIssue('El formulario tiene demasiados campos o archivos.');
    case 'FST_PROTO_VIOLATION':
      return bodyIssue('El cuerpo de la solicitud contiene propiedades no permitidas.');
    default:
      break;
  }
  // Validation done by Fastify itself (schemas outside registerOperation).
  if (error.validation) {
    const target = (error.validationContext ?? 'body') as ValidationTarget;
    return badRequest(
      INVALID_REQUEST_MESSAGE,
      toValidationIssues(error.validation as unknown as ErrorObject[], target),
    );
  }
  return null;
}

const GENERIC_4XX: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'No has iniciado sesión o tu sesión expiró.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'El recurso solicitado no existe.',
  405: 'Método no permitido.',
  406: 'El formato solicitado no está disponible.',
  408: 'La solicitud tardó demasiado.',
  409: 'La solicitud entra en conflicto con el estado actual.',
  413: 'La solicitud es demasiado grande.',
  415: 'El tipo de contenido no es compatible.',
  429: 'Demasiadas solicitudes. Intenta más tarde.',
};

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  }
  return `${Math.round(bytes / 1024)} KB`;
}

export function toErrorEnvelope(
  error: unknown,
  request: FastifyRequest,
  limits: { bodyLimit: number; uploadLimit: number },
): ErrorEnvelope {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return error.toEnvelope();
  }
  const fastifyError = error as FastifyError;
  const mapped = fromFrameworkError(fastifyError, limits);
  if (mapped) return mapped.toEnvelope();

  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(
      status,
      fastifyError.code ?? 'BAD_REQUEST',
      GENERIC_4XX[status] ?? 'La solicitud no es válida.',
    ).toEnvelope();
  }
  request.log.error({ err: error }, 'unhandled error');
  return new AppError(500, 'INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE).toEnvelope();
}

export function installErrorHandler(
  app: FastifyInstance,
  limits: { bodyLimit: number; uploadLimit: number },
): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const envelope = toErrorEnvelope(error, request, limits);
    // Headers set before the failure (a file's type, caching) do not belong to the envelope.
    reply.removeHeader('Content-Length');
    reply.removeHeader('Content-Disposition');
    reply.removeHeader('Cache-Control');
    return reply.code(envelope.statusCode).type('application/json; charset=utf-8').send(envelope);
  });
}
