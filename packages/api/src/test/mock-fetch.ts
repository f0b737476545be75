import type { SessionUser } from '../types';

// A scripted fetch for the client tests: records what was sent and answers from a handler.
export const TEST_BASE_URL = 'http://api.test/api/v1';

export interface SentRequest {
  method: string;
  /** Path below the base URL, e.g. `/auth/login`. */
  path: string;
  search: string;
  authorization: string | null;
  headers: Headers;
  credentials: RequestCredentials;
  body: string;
  signal: AbortSignal;
}

export type MockHandler = (request: SentRequest) => Response | Promise<Response>;

export function createMockFetch(handler: MockHandler) {
  const calls: SentRequest[] = [];
  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const sent: SentRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\/v1/, ''),
      search: url.search,
      authorization: request.headers.get('Authorization'),
      headers: request.headers,
      credentials: request.credentials,
      body: request.body ? await request.text() : '',
      signal: request.signal,
    };
    calls.push(sent);
    return handler(sent);
  }
  return {
    fetch,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function ok(data: unknown): Response {
  return jsonResponse(200, { success: true, data });
}

export function failure(
  statusCode: number,
  errorCode: string,
  errorMessage: string,
  validationErrors: { field: string; message: string }[] = [],
): Response {
  return jsonResponse(statusCode, {
    success: false,
    statusCode,
    errorCode,
    errorMessage,
    validationErrors,
  });
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export const ADMIN_USER: SessionUser = {
  id: 1,
  completeName: 'Administrador General',
  email: 'admin@anaquel.mx',
  profileImageUrl: null,
  permissions: ['VIEW_USERS', 'VIEW_CHECKINS'],
};
