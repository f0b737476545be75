import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { AppServicesContext, type AppServices } from './app-context';
import { syncAuthWithToken } from './session';

/**
 * Everything the screens share that does not depend on the router; also keeps the auth store in
 * step with the token broadcasts of @anaquel/api while mounted.
 */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  const { queryClient } = services;
  useEffect(() => syncAuthWithToken(queryClient), [queryClient]);
  return (
    <AppServicesContext value={services}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppServicesContext>
  );
}
