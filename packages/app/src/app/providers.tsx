import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
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
    // The app speaks es-MX whatever the browser's language: react-aria's own texts (and the only
    // strings the build keeps, see vite.config.ts) and its date and number formats follow it.
    <I18nProvider locale="es-MX">
      <AppServicesContext value={services}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppServicesContext>
    </I18nProvider>
  );
}
