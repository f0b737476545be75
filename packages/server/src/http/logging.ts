import type { LoggerOptions } from 'pino';

// What the server log may contain (issue 8): no credential, token, password or hash, no query
// string values (a token or an e-mail can travel there) and no database parameters (a failed
// insert of a user carried its argon2 hash and e-mail in the error's `params`).

/** Paths pino replaces with "[Redacted]" wherever they appear in a log object. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.secret',
  '*.jwtSecret',
  '*.cookie',
];

/** `/api/v1/brands/paged?Filter=ana&Page=2` -> `/api/v1/brands/paged?Filter=[redacted]&Page=[redacted]`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const names = url
    .slice(question + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]!.slice(0, 50)}=[redacted]`);
  return `${url.slice(0, question)}?${names.join('&')}`;
}

/** Text of a database error without the values it quotes. */
function scrubText(text: string): string {
  return (
    text
      // drizzle: "Failed query: <sql>\nparams: <values>"
      .replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]')
      // PostgreSQL details: Key (email)=(ana@example.com) already exists.
      .replace(/=\((?:[^()]|\([^()]*\))*\)/g, '=([redacted])')
  );
}

interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  statusCode?: unknown;
  query?: unknown;
  cause?: LoggableError;
}

/**
 * The pino `err` serializer: name, message, stack and the codes that help (PostgreSQL's code,
 * constraint, table), never `params`, `detail` values or other own properties of the error.
 */
export function serializeError(error: unknown, depth = 0): LoggableError | unknown {
  if (!(error instanceof Error)) {
    return typeof error === 'string' ? scrubText(error) : error;
  }
  const fields = error as Error & Record<string, unknown>;
  const out: LoggableError = {
    type: error.constructor?.name ?? error.name,
    message: scrubText(error.message),
  };
  if (error.stack) out.stack = scrubText(error.stack);
  for (const key of ['code', 'constraint', 'table', 'column', 'statusCode'] as const) {
    if (fields[key] !== undefined) out[key] = fields[key];
  }
  if (typeof fields.query === 'string') out.query = fields.query;
  if (error.cause !== undefined && depth < 3) {
    out.cause = serializeError(error.cause, depth + 1) as LoggableError;
  }
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The pino options of the server's logger (app.ts; tests build theirs with them too). */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(String(request.url ?? '')),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
    },
  };
}
