import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { getAccessToken, resetAccessTokenStore } from './auth-token';
import { createApiClient } from './client';
import { EARLY_REFRESH_GLOBAL } from './early-refresh';
import { ADMIN_USER, TEST_BASE_URL, createMockFetch, failure, ok } from './test/mock-fetch';

// A reload's first renewal, started by index.html's script before the client existed
// (packages/app/build/first-load-preload.ts), is the client's first renewal: one use of the
// refresh token, not two.

const holder = globalThis as Record<string, unknown>;
const leaveEarly = (answer: Promise<Response>) => {
  holder[EARLY_REFRESH_GLOBAL] = answer;
};

beforeEach(() => resetAccessTokenStore());
afterEach(() => {
  delete holder[EARLY_REFRESH_GLOBAL];
  resetAccessTokenStore();
});

describe('the renewal the page started early', () => {
  it('is the first renewal: its token is used and no second refresh is sent', async () => {
    const mock = createMockFetch(() => ok({ accessToken: 'server', user: ADMIN_USER }));
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    leaveEarly(Promise.resolve(ok({ accessToken: 'early', user: ADMIN_USER })));

    const session = await client.refreshSession();
    expect(session.accessToken).toBe('early');
    expect(getAccessToken()).toBe('early');
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
    expect(holder[EARLY_REFRESH_GLOBAL]).toBeUndefined();

    // Taken once: the next renewal goes to the server.
    await client.refreshSession();
    expect(getAccessToken()).toBe('server');
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
  });

  it('is refused like any renewal when the server refused it (the session is over)', async () => {
    const mock = createMockFetch(() => ok({ accessToken: 'server', user: ADMIN_USER }));
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    leaveEarly(
      Promise.resolve(
        failure(
          401,
          'REFRESH_TOKEN_ERROR',
          'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
        ),
      ),
    );

    const error = await client.refreshSession().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorCode: 'REFRESH_TOKEN_ERROR' });
    expect(getAccessToken()).toBeNull();
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(0);
  });

  it('gives way to the usual renewal when it got no answer (offline at the first byte)', async () => {
    const mock = createMockFetch(() => ok({ accessToken: 'server', user: ADMIN_USER }));
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    leaveEarly(Promise.reject(new TypeError('Failed to fetch')));

    const session = await client.refreshSession();
    expect(session.accessToken).toBe('server');
    expect(mock.callsTo('POST', '/auth/refresh-token')).toHaveLength(1);
  });
});
