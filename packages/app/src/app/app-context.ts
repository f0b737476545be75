import type { GlobalErrorHandler } from '@anaquel/api';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { appErrorHandler } from './lazy-services';

export interface AppServices {
  queryClient: QueryClient;
  /** The global error handler (spec 1 §8), for errors raised outside React Query. */
  onError: GlobalErrorHandler;
}

/** The services; null in the running app until its QueryClient is loaded (lazy-services.ts). */
export const AppServicesContext = createContext<AppServices | null>(null);

/**
 * The app-wide services. Only for what renders once they are loaded (the signed-in screens: their
 * routes await `loadAppServices`).
 */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices must be used inside <AppProviders> with services');
  return services;
}

/** The global error handler, also where the QueryClient is not loaded yet (the sign-in route). */
export function useErrorHandler(): GlobalErrorHandler {
  return useContext(AppServicesContext)?.onError ?? appErrorHandler;
}
