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
import { serializeError } from './logging.ts';
import type { Duplex } from 'node:stream';

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
    // Router errors (frameworkErrors below): the path is never echoed.
    case 'FST_ERR_BAD_URL':
      return badRequest('La dirección de la solicitud no es válida.', [], 'BAD_URL');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return badRequest(
        `Un parámetro de la dirección excede la longitud máxima permitida (${MAX_PARAM_LENGTH} caracteres).`,
        [],
        'PARAM_TOO_LONG',
      );
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

/** Statuses the contract's operations declare for failures of the client. */
const DECLARED_4XX = new Set([400, 401, 403, 404, 409, 422, 429]);

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
    if (error.statusCode >= 500) request.log.error({ err: serializeError(error) }, error.message);
    return error.toEnvelope();
  }
  const fastifyError = error as FastifyError;
  const mapped = fromFrameworkError(fastifyError, limits);
  if (mapped) return mapped.toEnvelope();

  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Another plugin's 4xx keeps its status only when operations declare it (401, 403, 404,
    // 409, 429...); a 405, 406, 413 or 415 would be outside the contract: 400 with its code.
    const declared = DECLARED_4XX.has(status);
    return new AppError(
      declared ? status : 400,
      fastifyError.code ?? 'BAD_REQUEST',
      GENERIC_4XX[status] ?? 'La solicitud no es válida.',
    ).toEnvelope();
  }
  // Serialized here too (not only by the logger's serializer): a database error must never
  // reach a log with its parameters, whatever logger the app was given.
  request.log.error({ err: serializeError(error) }, 'unhandled error');
  return new AppError(500, 'INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE).toEnvelope();
}

/**
 * Longest path parameter the router matches (Fastify's default is 100): longer values still reach
 * the operation, whose contract validation answers in Spanish; beyond this the router refuses
 * them (FST_ERR_MAX_PARAM_LENGTH, 400 above).
 */
export const MAX_PARAM_LENGTH = 500;

/**
 * Fastify's `frameworkErrors` option: a bad URL (`/api/v1/brands/%`), a path parameter over
 * MAX_PARAM_LENGTH... answered by the same envelope as everything else.
 */
export function frameworkErrorHandler(limits: { bodyLimit: number; uploadLimit: number }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const envelope = toErrorEnvelope(error, request, limits);
    void reply.code(envelope.statusCode).type('application/json; charset=utf-8').send(envelope);
  };
}

/** The envelope for failures of the HTTP parser, before any request exists (clientErrorHandler). */
function clientErrorEnvelope(error: { code?: string }): ErrorEnvelope {
  // Answered with 400, a status every operation declares: a 431 or 408 would be outside the
  // contract, and the errorCode says what happened.
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return badRequest(
        'Los encabezados de la solicitud son demasiado grandes (por ejemplo, demasiadas cookies).',
        [],
        'HEADERS_TOO_LARGE',
      ).toEnvelope();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return badRequest(
        'La solicitud tardó demasiado en llegar.',
        [],
        'REQUEST_TIMEOUT',
      ).toEnvelope();
    default:
      return badRequest(
        'La solicitud HTTP está mal formada (por ejemplo, su longitud no coincide con su cuerpo).',
        [],
        'MALFORMED_REQUEST',
      ).toEnvelope();
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (oversized headers, a body
 * longer than its Content-Length read as a broken next request, a timeout). Written raw, since
 * there is no request to reply to, then the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(clientErrorEnvelope(error));
    socket.write(
      'HTTP/1.1 400 Bad Request\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
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
