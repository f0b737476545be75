import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppServicesContext, type AppServices } from './app-context';

/** Everything the screens share that does not depend on the router. */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return (
    <AppServicesContext value={services}>
      <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
    </AppServicesContext>
  );
}
