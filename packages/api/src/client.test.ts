import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { resetAccessTokenStore } from './auth-token';
import { DEFAULT_TIMEOUT_MS, createApiClient } from './client';
import { unwrap } from './envelope';
import { TEST_BASE_URL, createMockFetch, ok } from './test/mock-fetch';

/** A server that never answers; it only gives up when the request is aborted. */
function silentServer() {
  return createMockFetch(
    (request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      }),
  );
}

beforeEach(() => resetAccessTokenStore());
afterEach(() => resetAccessTokenStore());

describe('timeout (spec 1 §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after exactly 10 000 ms with statusCode 0 and a Spanish message', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers();
    const mock = silentServer();
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    let outcome: unknown = 'pending';
    void unwrap(client.GET('/health')).catch((reason: unknown) => {
      outcome = reason;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ApiError);
    expect(outcome).toMatchObject({
      statusCode: 0,
      errorCode: 'TIMEOUT',
      errorMessage: 'El servidor tardó demasiado en responder. Por favor, intenta nuevamente.',
    });
  });

  it('times out with real timers too (no signal is lost to garbage collection)', async () => {
    const mock = silentServer();
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch, timeoutMs: 30 });
    const error = await unwrap(client.GET('/health')).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ statusCode: 0, errorCode: 'TIMEOUT' });
  });

  it('lets one call ask for a longer timeout (e.g. a large export)', async () => {
    vi.useFakeTimers();
    const mock = silentServer();
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    let outcome: unknown = 'pending';
    void unwrap(client.GET('/health', { timeoutMs: 60_000 })).catch((reason: unknown) => {
      outcome = reason;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ errorCode: 'TIMEOUT' });
  });

  it("keeps the caller's cancellation an AbortError (React Query cancels silently)", async () => {
    const mock = silentServer();
    const client = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    const controller = new AbortController();
    const call = unwrap(client.GET('/health', { signal: controller.signal }));
    await expect.poll(() => mock.calls.length).toBe(1);
    controller.abort();
    const error = await call.catch((reason: unknown) => reason);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('base URL', () => {
  it('defaults to /api/v1 and resolves it against the page origin', async () => {
    vi.stubGlobal('location', { origin: 'http://anaquel.test' });
    const mock = createMockFetch(() => ok({ status: 'ok', database: 'ok' }));
    const client = createApiClient({ fetch: mock.fetch });
    expect(client.baseUrl).toBe('/api/v1');
    await unwrap(client.GET('/health'));
    expect(mock.calls[0]?.path).toBe('/health');
    vi.unstubAllGlobals();
  });
});
