import { LoadingOverlay, Toaster } from '@anaquel/ui';
import { startTransition, useContext, useEffect, useState } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import {
  Outlet,
  ScrollRestoration,
  useHref,
  useMatches,
  useNavigate,
  type NavigateOptions,
} from 'react-router';
import { AppServicesContext, useErrorHandler } from './app-context';
import { loadedAppServices } from './lazy-services';
import type { RouteHandle } from './routes';
import { endSession, needsSessionRestore, restoreSession } from './session';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/**
 * The href react-aria links render: a route path goes through the router, but an absolute URL
 * (a map, a mail address) is left as it is, since react-router would resolve it as a path under
 * the current route ('/checkins/https:/www.google.com/...').
 */
function useLinkHref(href: string): string {
  const routed = useHref(ABSOLUTE_URL.test(href) ? '/' : href);
  return ABSOLUTE_URL.test(href) ? href : routed;
}

/** '{title} · Anaquel' from the deepest route that names one. */
function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  useEffect(() => {
    document.title = title?.title ? `${title.title} · Anaquel` : 'Anaquel';
  }, [title?.title]);
}

/** True while a reloaded session is being renewed through the refresh cookie. */
function useSessionRestore(): boolean {
  const onError = useErrorHandler();
  // Null on a reload of the running app (its QueryClient is loaded by the first screen using it).
  const queryClient = useContext(AppServicesContext)?.queryClient;
  const [isRestoring, setRestoring] = useState(needsSessionRestore);
  useEffect(() => {
    if (!isRestoring) return;
    let active = true;
    const onRefused = () => endSession(queryClient ?? loadedAppServices()?.queryClient);
    void restoreSession(onError, onRefused).finally(() => {
      // The page under the overlay (the shell and its screen) renders as a transition: in slices
      // that let a slow phone handle input in between, not as one long task.
      if (active) startTransition(() => setRestoring(false));
    });
    return () => {
      active = false;
    };
  }, [isRestoring, onError, queryClient]);
  return isRestoring;
}

/**
 * Root of every route: lets react-aria links and menus navigate through the router and keeps the
 * document title in step with the screen; after a reload, shows the loading overlay until the
 * session is renewed.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const isRestoring = useSessionRestore();
  useDocumentTitle();
  return (
    <AriaRouterProvider
      navigate={(to, options) => void navigate(to, options)}
      useHref={useLinkHref}
    >
      {isRestoring ? <LoadingOverlay /> : <Outlet />}
      <Toaster />
      <ScrollRestoration />
    </AriaRouterProvider>
  );
}
