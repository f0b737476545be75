import { QueryClientContext } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { AppServicesContext, type AppServices } from './app-context';
import { loadedAppServices, subscribeAppServices } from './lazy-services';
import { syncAuthWithToken } from './session';

/**
 * Everything the screens share that does not depend on the router; also keeps the auth store in
 * step with the token broadcasts of @anaquel/api while mounted. `services` is null until the app
 * loads its QueryClient (lazy-services.ts): the tree keeps its shape, so nothing remounts then.
 */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices | null;
  children: ReactNode;
}) {
  const queryClient = services?.queryClient;
  useEffect(() => syncAuthWithToken(queryClient), [queryClient]);
  // What QueryClientProvider does, with a client that may come later.
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  return (
    // The app speaks es-MX whatever the browser's language: react-aria's own texts (and the only
    // strings the build keeps, see vite.config.ts) and its date and number formats follow it.
    <I18nProvider locale="es-MX">
      <AppServicesContext value={services}>
        <QueryClientContext value={queryClient}>{children}</QueryClientContext>
      </AppServicesContext>
    </I18nProvider>
  );
}

/** The running app's providers: its services from the moment `loadAppServices` created them. */
export function LazyAppProviders({ children }: { children: ReactNode }) {
  const services = useSyncExternalStore(subscribeAppServices, loadedAppServices);
  return <AppProviders services={services}>{children}</AppProviders>;
}
