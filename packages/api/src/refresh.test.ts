import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  getAccessToken,
  resetAccessTokenStore,
  setAccessToken,
  subscribeAccessToken,
  type AccessTokenChange,
} from './auth-token';
import { createApiClient } from './client';
import { unwrap } from './envelope';
import {
  ADMIN_USER,
  TEST_BASE_URL,
  createMockFetch,
  deferred,
  failure,
  ok,
  type MockHandler,
  type SentRequest,
} from './test/mock-fetch';

const OLD = 'old-token';
const NEW = 'new-token';
const PERMISSIONS = [
  {
    id: 5,
    code: 'VIEW_BRANDS',
    group: 'Productos/Marcas',
    clientPolicy: 'VIEW',
    description: 'Ver marcas',
  },
];

const unauthorized = () =>
  failure(401, 'UNAUTHORIZED', 'No has iniciado sesión o tu sesión expiró.');

/** A server whose protected calls accept only `validToken`, with a scripted refresh answer. */
function server(refresh: (request: SentRequest) => Response | Promise<Response>) {
  const handler: MockHandler = (request) => {
    if (request.path === '/auth/refresh-token') return refresh(request);
    if (request.authorization !== `Bearer ${NEW}`) return unauthorized();
    if (request.path === '/auth/change-password')
      return ok({ message: `recibido ${request.body}` });
    return ok(PERMISSIONS);
  };
  const mock = createMockFetch(handler);
  const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
  return { client, mock };
}

const refreshed = () => ok({ accessToken: NEW, user: ADMIN_USER });
const refreshRefused = () =>
  failure(
    401,
    'REFRESH_TOKEN_ERROR',
    'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
  );

async function settled<T>(promise: Promise<T>): Promise<T | ApiError> {
  return promise.catch((error: unknown) => {
    if (error instanceof ApiError) return error;
    throw error;
  });
}

beforeEach(() => {
  resetAccessTokenStore();
  setAccessToken(OLD);
});
afterEach(() => resetAccessTokenStore());

describe('401 refresh queue (spec 1 §4)', () => {
  it('makes exactly one refresh for three concurrent 401s and replays all three with the new token', async () => {
    const refreshAnswer = deferred<Response>();
    const { client, mock } = server(() => refreshAnswer.promise);

    const calls = [
      unwrap(client.GET('/permissions')),
      unwrap(client.GET('/users/promoters')),
      unwrap(
        client.POST('/auth/change-password', {
          body: { currentPassword: 'Anaquel#2026', newPassword: 'Bodega2027' },
        }),
      ),
    ];
    // All three are waiting on the one refresh in flight.
    await expect.poll(() => mock.callsTo('POST', '/auth/refresh-token').length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const first = mock.calls.filter((call) => call.path !== '/auth/refresh-token');
    expect(first.map((call) => call.authorization)).toEqual(Array(3).fill(`Bearer ${OLD}`));
    refreshAnswer.resolve(refreshed());

    const [permissions, promoters, changed] = await Promise.all(calls);
    expect(permissions).toEqual(PERMISSIONS);
    expect(promoters).toEqual(PERMISSIONS);
    // The body was sent again intact.
    expect(changed).toEqual({
      message: 'recibido {"currentPassword":"Anaquel#2026","newPassword":"Bodega2027"}',
    });
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    const replays = mock.calls.filter((call) => call.authorization === `Bearer ${NEW}`);
    expect(replays.map((call) => call.path).sort()).toEqual([
      '/auth/change-password',
      '/permissions',
      '/users/promoters',
    ]);
    expect(getAccessToken()).toBe(NEW);
  });

  it('sends the refresh with the cookie and an empty body', async () => {
    const { client, mock } = server(refreshed);
    await unwrap(client.GET('/permissions'));
    const [refresh] = mock.callsTo('POST', '/auth/refresh-token');
    expect(refresh?.credentials).toBe('include');
    expect(refresh?.body).toBe('');
  });

  it('fails all three together with REFRESH_TOKEN_ERROR when the refresh fails', async () => {
    const refreshAnswer = deferred<Response>();
    const { client, mock } = server(() => refreshAnswer.promise);
    const calls = [
      settled(unwrap(client.GET('/permissions'))),
      settled(unwrap(client.GET('/users/promoters'))),
      settled(unwrap(client.GET('/health'))),
    ];
    await expect.poll(() => mock.callsTo('POST', '/auth/refresh-token').length).toBe(1);
    refreshAnswer.resolve(refreshRefused());

    const results = await Promise.all(calls);
    for (const result of results) {
      expect(result).toBeInstanceOf(ApiError);
      expect(result).toMatchObject({ statusCode: 401, errorCode: 'REFRESH_TOKEN_ERROR' });
    }
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  it.each([
    ['with an expired token', OLD],
    ['after a reload, without a token', null],
  ])(
    'fails a 401 that arrives after a refresh already failed (%s), without a second refresh',
    async (_case, token) => {
      resetAccessTokenStore();
      setAccessToken(token);
      const late = deferred<void>();
      let protectedCalls = 0;
      const mock = createMockFetch(async (request) => {
        if (request.path === '/auth/refresh-token') return refreshRefused();
        protectedCalls += 1;
        // The second call's 401 arrives only after the first call's refresh has failed.
        if (protectedCalls === 2) await late.promise;
        return unauthorized();
      });
      const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
      const first = settled(unwrap(client.GET('/permissions')));
      const second = settled(unwrap(client.GET('/users/promoters')));
      expect(await first).toMatchObject({ errorCode: 'REFRESH_TOKEN_ERROR' });
      late.resolve();
      expect(await second).toMatchObject({ errorCode: 'REFRESH_TOKEN_ERROR' });
      expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    },
  );

  it('replays without refreshing when the token changed while the request was out', async () => {
    const late = deferred<void>();
    const mock = createMockFetch(async (request) => {
      if (request.path === '/auth/refresh-token') return refreshed();
      if (request.authorization === `Bearer ${NEW}`) return ok(PERMISSIONS);
      await late.promise;
      return unauthorized();
    });
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const call = unwrap(client.GET('/permissions'));
    await expect.poll(() => mock.calls.length).toBe(1);
    setAccessToken(NEW); // e.g. another tab refreshed and broadcast its token
    late.resolve();
    await expect(call).resolves.toEqual(PERMISSIONS);
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
  });

  it('waits for the refresh in flight even when another token arrived meanwhile', async () => {
    const refreshAnswer = deferred<Response>();
    const late = deferred<void>();
    const mock = createMockFetch(async (request) => {
      if (request.path === '/auth/refresh-token') return refreshAnswer.promise;
      if (request.authorization === `Bearer ${NEW}`) return ok(PERMISSIONS);
      if (request.path === '/users/promoters') await late.promise;
      return unauthorized();
    });
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const first = unwrap(client.GET('/permissions'));
    const second = unwrap(client.GET('/users/promoters'));
    await expect.poll(() => mock.callsTo('POST', '/auth/refresh-token').length).toBe(1);
    // Another tab broadcasts a token the server no longer accepts, then the second 401 arrives
    // while this tab's refresh is still running: it waits for that refresh's token.
    setAccessToken('stale-tab-token');
    late.resolve();
    await expect.poll(() => mock.callsTo('GET', '/users/promoters').length).toBe(1);
    refreshAnswer.resolve(refreshed());
    await expect(first).resolves.toEqual(PERMISSIONS);
    await expect(second).resolves.toEqual(PERMISSIONS);
    expect(mock.callsTo('GET', '/users/promoters').map((call) => call.authorization)).toEqual([
      `Bearer ${OLD}`,
      `Bearer ${NEW}`,
    ]);
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
  });

  it('does not refresh a second time when the replayed request answers 401 again', async () => {
    const mock = createMockFetch((request) =>
      request.path === '/auth/refresh-token' ? refreshed() : unauthorized(),
    );
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const result = await settled(unwrap(client.GET('/permissions')));
    expect(result).toMatchObject({ statusCode: 401, errorCode: 'UNAUTHORIZED' });
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    expect(mock.callsTo('GET', '/permissions').map((call) => call.authorization)).toEqual([
      `Bearer ${OLD}`,
      `Bearer ${NEW}`,
    ]);
  });

  it('never refreshes on a login 401 (bad credentials or locked account)', async () => {
    const mockLogin = createMockFetch((request) =>
      request.path === '/auth/login'
        ? failure(401, 'INVALID_CREDENTIALS', 'Credenciales inválidas.')
        : refreshed(),
    );
    const loginClient = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mockLogin.fetch });
    const result = await settled(
      unwrap(
        loginClient.POST('/auth/login', {
          body: { username: 'admin@anaquel.mx', password: 'mal', rememberMe: false },
        }),
      ),
    );
    expect(result).toMatchObject({ statusCode: 401, errorCode: 'INVALID_CREDENTIALS' });
    expect(mockLogin.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
    expect(mockLogin.calls).toHaveLength(1);
  });

  it('does not loop when the refresh call itself answers 401', async () => {
    const { client, mock } = server(refreshRefused);
    const result = await settled(client.refreshSession());
    expect(result).toMatchObject({ errorCode: 'REFRESH_TOKEN_ERROR' });
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
  });

  it('treats a 401 on logout as a refresh error, without trying to refresh', async () => {
    const mock = createMockFetch((request) =>
      request.path === '/auth/logout' ? unauthorized() : refreshed(),
    );
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const result = await settled(unwrap(client.POST('/auth/logout')));
    expect(result).toMatchObject({ statusCode: 401, errorCode: 'REFRESH_TOKEN_ERROR' });
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
    expect(getAccessToken()).toBeNull();
  });

  it('refreshes on the first 401 after a reload, when no token is held yet', async () => {
    resetAccessTokenStore();
    const { client, mock } = server(refreshed);
    await expect(unwrap(client.GET('/permissions'))).resolves.toEqual(PERMISSIONS);
    expect(mock.callsTo('GET', '/permissions').map((call) => call.authorization)).toEqual([
      null,
      `Bearer ${NEW}`,
    ]);
  });

  it('publishes the new token and the returned user to subscribers', async () => {
    const changes: AccessTokenChange[] = [];
    subscribeAccessToken((change) => changes.push(change));
    const { client } = server(refreshed);
    await unwrap(client.GET('/permissions'));
    expect(changes).toEqual([{ accessToken: NEW, user: ADMIN_USER, origin: 'local' }]);
  });

  it('keeps the session when the refresh gets no answer at all (offline)', async () => {
    const mock = createMockFetch((request) =>
      request.path === '/auth/refresh-token'
        ? Promise.reject(new TypeError('fetch failed'))
        : unauthorized(),
    );
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const result = await settled(unwrap(client.GET('/permissions')));
    expect(result).toMatchObject({ statusCode: 0, errorCode: 'NETWORK_ERROR' });
    expect(getAccessToken()).toBe(OLD);
  });

  it('refreshes again in a second cycle, after the first refresh completed', async () => {
    let tokens = [NEW, 'newer-token'];
    let valid = NEW;
    const mock = createMockFetch((request) => {
      if (request.path === '/auth/refresh-token') {
        const [next, ...rest] = tokens;
        tokens = rest;
        valid = next!;
        return ok({ accessToken: next!, user: ADMIN_USER });
      }
      return request.authorization === `Bearer ${valid}` ? ok(PERMISSIONS) : unauthorized();
    });
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    await expect(unwrap(client.GET('/permissions'))).resolves.toEqual(PERMISSIONS);
    expect(getAccessToken()).toBe(NEW);
    // Later the token expires again (the server now wants a newer one): one more refresh.
    valid = 'expired-again';
    tokens = ['newer-token'];
    await expect(unwrap(client.GET('/permissions'))).resolves.toEqual(PERMISSIONS);
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(2);
    expect(getAccessToken()).toBe('newer-token');
    expect(mock.callsTo('GET', '/permissions').map((call) => call.authorization)).toEqual([
      `Bearer ${OLD}`,
      `Bearer ${NEW}`,
      `Bearer ${NEW}`,
      'Bearer newer-token',
    ]);
  });

  it('replays with the token of a refresh that completed while the request was out', async () => {
    const late = deferred<void>();
    let permissionsCalls = 0;
    const mock = createMockFetch(async (request) => {
      if (request.path === '/auth/refresh-token') return refreshed();
      if (request.authorization === `Bearer ${NEW}`) return ok(PERMISSIONS);
      if (request.path === '/permissions' && ++permissionsCalls === 1) await late.promise;
      return unauthorized();
    });
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const slow = unwrap(client.GET('/permissions'));
    await expect.poll(() => mock.calls.length).toBe(1);
    // Another call meets the 401 first and completes a whole refresh.
    await expect(unwrap(client.GET('/users/promoters'))).resolves.toEqual(PERMISSIONS);
    late.resolve();
    await expect(slow).resolves.toEqual(PERMISSIONS);
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
  });

  it('tries again on the next 401 after a refresh that got no answer', async () => {
    let online = false;
    const mock = createMockFetch((request) => {
      if (request.path === '/auth/refresh-token') {
        return online ? refreshed() : Promise.reject(new TypeError('fetch failed'));
      }
      return request.authorization === `Bearer ${NEW}` ? ok(PERMISSIONS) : unauthorized();
    });
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    expect(await settled(unwrap(client.GET('/permissions')))).toMatchObject({ statusCode: 0 });
    online = true;
    await expect(unwrap(client.GET('/permissions'))).resolves.toEqual(PERMISSIONS);
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(2);
    expect(getAccessToken()).toBe(NEW);
  });

  it('leaves answers other than 401 alone, and never refreshes for them', async () => {
    const mock = createMockFetch((request) =>
      request.path === '/auth/refresh-token'
        ? refreshed()
        : failure(403, 'FORBIDDEN', 'No tienes permiso para realizar esta acción.'),
    );
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    expect(await settled(unwrap(client.GET('/permissions')))).toMatchObject({ statusCode: 403 });
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
    expect(mock.calls).toHaveLength(1);
    expect(getAccessToken()).toBe(OLD);
  });

  it('replays a 401 whose answer has no body, and ends the session on a bodiless logout 401', async () => {
    const bare401 = () => new Response(null, { status: 401 });
    const mock = createMockFetch((request) => {
      if (request.path === '/auth/refresh-token') return refreshed();
      if (request.path === '/auth/logout') return bare401();
      return request.authorization === `Bearer ${NEW}` ? ok(PERMISSIONS) : bare401();
    });
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    await expect(unwrap(client.GET('/permissions'))).resolves.toEqual(PERMISSIONS);
    expect(await settled(unwrap(client.POST('/auth/logout')))).toMatchObject({
      errorCode: 'REFRESH_TOKEN_ERROR',
    });
    expect(getAccessToken()).toBeNull();
  });

  it("keeps the call's own timeout on the replay", async () => {
    const mock = createMockFetch((request) => {
      if (request.path === '/auth/refresh-token') return refreshed();
      if (request.authorization !== `Bearer ${NEW}`) return unauthorized();
      // The replay never answers: only its own 50 ms timeout ends it.
      return new Promise<Response>((_resolve, reject) => {
        request.signal?.addEventListener('abort', () => reject(request.signal!.reason));
      });
    });
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const started = Date.now();
    const result = await settled(unwrap(client.GET('/permissions', { timeoutMs: 50 })));
    expect(result).toMatchObject({ statusCode: 0, errorCode: 'TIMEOUT' });
    // Far below the default 10 s.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refreshes inside the cross-tab Web Lock where the browser has one', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, task: () => Promise<unknown>) => {
          held.push(name);
          return task();
        },
      },
    });
    try {
      const { client, mock } = server(refreshed);
      await unwrap(client.GET('/permissions'));
      expect(held).toEqual(['anaquel-auth-refresh']);
      expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
