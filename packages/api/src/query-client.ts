import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { CLIENT_ERROR_CODES, isApiError } from './api-error';
import type { GlobalErrorHandler } from './errors';
import './meta';

/** spec 1 §9: data is fresh for 5 minutes. */
export const DEFAULT_STALE_TIME_MS = 5 * 60_000;

/** A query is retried once, unless the server answered 4xx (retrying cannot change the answer). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return false;
  return error.statusCode === 0 || error.statusCode >= 500;
}

/**
 * spec 1 §9: a failed mutation is retried once, but only when it cannot have taken effect on the
 * server (unreachable, 502/503/504), so a create is never sent twice and a 4xx is never repeated.
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !isApiError(error)) return false;
  if (error.errorCode === CLIENT_ERROR_CODES.network) return true;
  return error.statusCode === 502 || error.statusCode === 503 || error.statusCode === 504;
}

export interface CreateQueryClientOptions {
  /** The global error handler (see `createGlobalErrorHandler`); receives the query's or mutation's meta. */
  onError: GlobalErrorHandler;
}

/** The app's QueryClient with the defaults of spec 1 §9 and every error routed to `onError`. */
export function createQueryClient({ onError }: CreateQueryClientOptions): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onError(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) =>
        onError(error, mutation.options.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
      mutations: {
        retry: shouldRetryMutation,
      },
    },
  });
}
