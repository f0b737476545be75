import { configureApiClient, setAccessToken } from '@anaquel/api';

/** The api client of a test talks to this stub instead of a server. */
export interface ApiCall {
  method: string;
  /** Path below /api/v1. */
  path: string;
  body: unknown;
}

export type StubHandler = (call: ApiCall) => Response | Promise<Response>;

export function okEnvelope(data: unknown, status = 200): Response {
  return Response.json({ success: true, data }, { status });
}

export function failureEnvelope(
  statusCode: number,
  errorCode: string,
  errorMessage: string,
  validationErrors: { field: string; message: string }[] = [],
): Response {
  return Response.json(
    { success: false, statusCode, errorCode, errorMessage, validationErrors },
    { status: statusCode },
  );
}

/**
 * Points the app-wide api client at `routes` ('POST /auth/login' -> handler); an unlisted call
 * answers 404. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, StubHandler>): ApiCall[] {
  const calls: ApiCall[] = [];
  setAccessToken(null);
  configureApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: async (request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const text = await request.text();
      const call: ApiCall = { method: request.method, path, body: text ? JSON.parse(text) : null };
      calls.push(call);
      const handler = routes[`${request.method} ${path}`];
      return handler
        ? handler(call)
        : failureEnvelope(404, 'NOT_FOUND', 'El recurso solicitado no fue encontrado.');
    },
  });
  return calls;
}
