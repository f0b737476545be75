import { configureApiClient } from '@anaquel/api';

// A small fetch stub for the screen tests (msw is not installed): routes answer by method and
// path, and every request is recorded with its query, so a test asserts what the screen asked.

export const STUB_BASE_URL = 'http://api.test/api/v1';

export interface StubRequest {
  method: string;
  /** Path below /api/v1, e.g. '/brands/paged'. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or a FormData for a multipart body (products, users). */
  body: unknown;
}

type Answer = Response | ((request: StubRequest) => Response | Promise<Response>);

export function ok(data: unknown, status = 200): Response {
  return Response.json({ success: true, data }, { status });
}

export function failure(
  statusCode: number,
  errorMessage: string,
  validationErrors: { field: string; message: string }[] = [],
  errorCode = 'ERROR',
): Response {
  return Response.json(
    { success: false, statusCode, errorCode, errorMessage, validationErrors },
    { status: statusCode },
  );
}

/** A page of rows as `GET {resource}/paged` answers it. */
export function page<Row>(rows: Row[], { page = 1, pageSize = 10, totalCount = rows.length } = {}) {
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    rows,
    page,
    pageSize,
    totalPages,
    totalCount,
    hasNext: page < totalPages,
    hasPrev: page > 1,
  };
}

/**
 * Points the api client at a stub. `routes` maps 'METHOD /path' (path without the query) to an
 * answer; an unknown route answers 404 and fails loudly in `unhandled`.
 */
export function stubApi(routes: Record<string, Answer>) {
  const requests: StubRequest[] = [];
  const unhandled: string[] = [];
  const table = new Map(Object.entries(routes));
  configureApiClient({
    baseUrl: STUB_BASE_URL,
    fetch: async (request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data');
      const text = request.body && !multipart ? await request.text() : '';
      const sent: StubRequest = {
        method: request.method,
        path,
        query: url.searchParams,
        body: multipart
          ? await request.formData()
          : text
            ? (JSON.parse(text) as unknown)
            : undefined,
      };
      requests.push(sent);
      const answer = table.get(`${request.method} ${path}`);
      if (!answer) {
        unhandled.push(`${request.method} ${path}`);
        return failure(404, 'No encontrado');
      }
      return typeof answer === 'function' ? answer(sent) : answer.clone();
    },
  });
  return {
    requests,
    unhandled,
    /** Replaces or adds a route while the test runs. */
    on(route: string, answer: Answer) {
      table.set(route, answer);
    },
    /** The requests to one 'METHOD /path'. */
    to(route: string) {
      return requests.filter((r) => `${r.method} ${r.path}` === route);
    },
  };
}
