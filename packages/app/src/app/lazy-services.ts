import type { GlobalErrorHandler } from '@anaquel/api';
import type { AppServices } from './app-context';
import { createAppErrorHandler } from './session';

// The running app's services, created lazily: the sign-in route paints, validates and signs in
// without TanStack Query (about 12 KB compressed), whose client is fetched while a sign-in is
// checked (routes.tsx prefetchSignedInShell) and before any screen that uses it renders (the
// lazy routes await `loadAppServices`).

let services: AppServices | null = null;
let loading: Promise<AppServices> | null = null;
const listeners = new Set<() => void>();

/** The global error handler (spec 1 §8) of the running app; usable before the QueryClient exists. */
export const appErrorHandler: GlobalErrorHandler = createAppErrorHandler(
  () => services?.queryClient,
);

/** The services once loaded, else null. */
export function loadedAppServices(): AppServices | null {
  return services;
}

/** Calls `listener` when the services are loaded; returns the unsubscribe. */
export function subscribeAppServices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads (once) the QueryClient's module and creates the app's services around `appErrorHandler`.
 * A failed fetch (offline) is retried on the next call.
 */
export function loadAppServices(): Promise<AppServices> {
  if (services) return Promise.resolve(services);
  loading ??= import('./query-services').then(
    ({ createAppQueryClientWith }) => {
      services = {
        queryClient: createAppQueryClientWith(appErrorHandler),
        onError: appErrorHandler,
      };
      for (const listener of listeners) listener();
      return services;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
