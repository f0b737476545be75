import { createQueryClient } from '@anaquel/api';
import type { QueryClient } from '@tanstack/react-query';
import type { AppServices } from './app-context';
import { createAppErrorHandler } from './session';

/**
 * The app's QueryClient: spec 1 §9 defaults, and every error through the one global handler
 * (spec 1 §8), which toasts and, when the session cannot be renewed, ends it. This module holds
 * TanStack Query's client (about 12 KB compressed): the app loads it through `loadAppServices`
 * (lazy-services.ts), never on the sign-in route; tests and stories create their own with it.
 */
export function createAppQueryClient(): AppServices {
  // Called on a later failure, once `queryClient` below exists.
  const onError = createAppErrorHandler(() => queryClient);
  const queryClient: QueryClient = createQueryClient({ onError });
  return { queryClient, onError };
}

/** The QueryClient of the running app around its one error handler (see lazy-services.ts). */
export function createAppQueryClientWith(onError: AppServices['onError']): QueryClient {
  return createQueryClient({ onError });
}
