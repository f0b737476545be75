import type { GlobalErrorHandler } from '@anaquel/api';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

export interface AppServices {
  queryClient: QueryClient;
  /** The global error handler (spec 1 §8), for errors raised outside React Query. */
  onError: GlobalErrorHandler;
}

export const AppServicesContext = createContext<AppServices | null>(null);

/** The app-wide services created in main.tsx. */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices must be used inside <AppProviders>');
  return services;
}
