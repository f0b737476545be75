import {
  configureApiClient,
  setAccessToken,
  type HttpMethod,
  type OperationData,
  type PathsWithMethod,
} from '@anaquel/api';

// The one api mock of the app's tests and of its screen stories (src/stories/decorators.tsx; msw
// is not installed): a custom fetch of the api client, so it runs alike in jsdom and in the
// browser. Routes answer by method and path, every request is recorded with its query, and both
// the route keys and the success payloads are typed from the contract, so a mock cannot drift
// from the api it stands for.

export const STUB_BASE_URL = 'http://api.test/api/v1';

/** '/brands/{id}' -> `/brands/${number}`: the concrete paths a test calls. */
type Concrete<Path extends string> = Path extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${number}${Concrete<Tail>}`
  : Path;

/** A contract operation as a test names it: 'GET /brands/paged', 'PUT /brands/3'. */
export type Route = {
  [Method in HttpMethod]: {
    [Path in PathsWithMethod<Method>]: `${Uppercase<Method>} ${Concrete<Path & string>}`;
  }[PathsWithMethod<Method>];
}[HttpMethod];

/** The `data` of the success envelope of a route ('GET /brands/paged' -> the page of brands). */
type RouteData<R extends string> = {
  [Method in HttpMethod]: {
    [Path in PathsWithMethod<Method>]: R extends `${Uppercase<Method>} ${Concrete<Path & string>}`
      ? OperationData<Path, Method>
      : never;
  }[PathsWithMethod<Method>];
}[HttpMethod];

declare const okData: unique symbol;
declare const failed: unique symbol;

/** A success envelope carrying `Data` (see `okEnvelope`). */
export type OkAnswer<Data> = Response & { readonly [okData]: Data };
/** A failure envelope (see `failureEnvelope`). */
export type FailureAnswer = Response & { readonly [failed]: true };

/** What a route may answer: its contract's data, any failure, or (for a route without a JSON
 * success, e.g. a file) any response. */
type AnswerOf<Data> = [Data] extends [never] ? Response : OkAnswer<Data> | FailureAnswer;

/** A response that `R` may answer ('POST /auth/login' -> a session or a failure). */
export type RouteAnswer<R extends Route> = AnswerOf<RouteData<R>>;

export type Answer<R extends string> =
  | AnswerOf<RouteData<R>>
  | ((request: StubRequest) => AnswerOf<RouteData<R>> | Promise<AnswerOf<RouteData<R>>>);

export type Routes = { [R in Route]?: Answer<R> };

export function okEnvelope<Data>(data: Data, status = 200): OkAnswer<Data> {
  return Response.json({ success: true, data }, { status }) as OkAnswer<Data>;
}

export function failureEnvelope(
  statusCode: number,
  errorCode: string,
  errorMessage: string,
  validationErrors: { field: string; message: string }[] = [],
): FailureAnswer {
  return Response.json(
    { success: false, statusCode, errorCode, errorMessage, validationErrors },
    { status: statusCode },
  ) as FailureAnswer;
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

/** One request the app sent. `query` is read from its URL (and left out of `toEqual`). */
export class StubRequest {
  readonly #url: URL;
  constructor(
    readonly method: string,
    /** Path below /api/v1, e.g. '/brands/paged'. */
    readonly path: string,
    /** The parsed JSON body, a FormData for a multipart body (products, users), or undefined. */
    readonly body: unknown,
    url: URL,
  ) {
    this.#url = url;
  }
  get query(): URLSearchParams {
    return this.#url.searchParams;
  }
}

/**
 * Signs the api client out and points it at a stub. `routes` maps 'METHOD /path' (path without
 * the query) to an answer; an unknown route answers 404 and is listed in `unhandled`.
 */
export function stubApi(routes: Routes) {
  const requests: StubRequest[] = [];
  const unhandled: string[] = [];
  const table = new Map<string, unknown>(Object.entries(routes));
  setAccessToken(null);
  configureApiClient({
    baseUrl: STUB_BASE_URL,
    fetch: async (request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data');
      const text = request.body && !multipart ? await request.text() : '';
      const body = multipart
        ? await request.formData()
        : text
          ? (JSON.parse(text) as unknown)
          : undefined;
      const sent = new StubRequest(request.method, path, body, url);
      requests.push(sent);
      const answer = table.get(`${request.method} ${path}`) as
        Response | ((request: StubRequest) => Response | Promise<Response>) | undefined;
      if (!answer) {
        unhandled.push(`${request.method} ${path}`);
        return failureEnvelope(404, 'NOT_FOUND', 'El recurso solicitado no existe.');
      }
      return typeof answer === 'function' ? answer(sent) : answer.clone();
    },
  });
  return {
    requests,
    unhandled,
    /** Replaces or adds a route while the test runs. */
    on<R extends Route>(route: R, answer: Answer<R>) {
      table.set(route, answer);
    },
    /** The requests to one 'METHOD /path'. */
    to(route: Route) {
      return requests.filter((r) => `${r.method} ${r.path}` === route);
    },
  };
}

export type ApiStub = ReturnType<typeof stubApi>;
