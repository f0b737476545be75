import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createGlobalErrorHandler } from './errors';
import { createQueryClient } from './query-client';

const badRequest = new ApiError({
  statusCode: 400,
  errorCode: 'VALIDATION_ERROR',
  errorMessage: 'x',
});
const serverDown = new ApiError({
  statusCode: 503,
  errorCode: 'SERVICE_UNAVAILABLE',
  errorMessage: 'x',
});
const offline = new ApiError({ statusCode: 0, errorCode: 'NETWORK_ERROR', errorMessage: 'x' });
const crashed = new ApiError({ statusCode: 500, errorCode: 'INTERNAL_ERROR', errorMessage: 'x' });

function setup() {
  const notify = vi.fn<(message: string) => void>();
  const onSessionExpired = vi.fn<() => void>();
  const queryClient = createQueryClient({
    onError: createGlobalErrorHandler({ notify, onSessionExpired }),
  });
  return { queryClient, notify, onSessionExpired };
}

/** Runs a query through an observer, as a mounted useQuery would (retries included). */
async function observe(
  queryClient: ReturnType<typeof createQueryClient>,
  queryFn: () => Promise<unknown>,
  extra: Record<string, unknown> = {},
) {
  const observer = new QueryObserver(queryClient, {
    queryKey: ['test', Math.random()],
    queryFn,
    retryDelay: 0,
    ...extra,
  });
  const settled = new Promise<void>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.status !== 'pending' && result.fetchStatus === 'idle') {
        unsubscribe();
        resolve();
      }
    });
  });
  await settled;
}

describe('createQueryClient (spec 1 §9)', () => {
  it('keeps data fresh for 5 minutes and does not refetch on window focus', () => {
    const { queryClient } = setup();
    const defaults = queryClient.getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(5 * 60 * 1000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
  });

  it('does not retry a query the server answered with 4xx, and shows the global message once', async () => {
    const { queryClient, notify } = setup();
    const queryFn = vi.fn(() => Promise.reject(badRequest));
    await observe(queryClient, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(
      'La solicitud no es válida. Por favor, revisa los datos e intenta nuevamente.',
      'error',
    );
  });

  it('retries a query once when the server failed or could not be reached', async () => {
    const { queryClient } = setup();
    const queryFn = vi.fn(() => Promise.reject(serverDown));
    await observe(queryClient, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('honours handledStatuses in the query meta', async () => {
    const { queryClient, notify } = setup();
    await observe(queryClient, () => Promise.reject(badRequest), {
      meta: { handledStatuses: [400] },
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('routes mutation errors to the global handler unless their meta handles the status', async () => {
    const { queryClient, notify } = setup();
    const run = (meta?: { handledStatuses: number[] }) =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(badRequest), meta })
        .execute(undefined)
        .catch(() => undefined);
    await run({ handledStatuses: [400] });
    expect(notify).not.toHaveBeenCalled();
    await run();
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('retries a mutation once when it never reached the server, never after a 4xx or a 500', async () => {
    const { queryClient } = setup();
    const attempts = async (error: ApiError) => {
      const mutationFn = vi.fn(() => Promise.reject(error));
      await queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn, retryDelay: 0 })
        .execute(undefined)
        .catch(() => undefined);
      return mutationFn.mock.calls.length;
    };
    expect(await attempts(offline)).toBe(2);
    expect(await attempts(serverDown)).toBe(2);
    expect(await attempts(badRequest)).toBe(1);
    expect(await attempts(crashed)).toBe(1);
  });

  it('ends the session once when queued queries all fail with REFRESH_TOKEN_ERROR', async () => {
    const { queryClient, notify, onSessionExpired } = setup();
    const expired = new ApiError({
      statusCode: 401,
      errorCode: 'REFRESH_TOKEN_ERROR',
      errorMessage: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
    });
    await Promise.all([1, 2, 3].map(() => observe(queryClient, () => Promise.reject(expired))));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
