import { LoadingOverlay } from '@anaquel/ui';
import type { RouteObject } from 'react-router';
import { PrivateRoute, PublicOnlyRoute, RequirePermission } from './guards';
import { AppRoot } from './app-root';
import { loadAppServices } from './lazy-services';
import { loadAppSidebar, sidebarShownAtLoad } from './layouts/lazy-sidebar';
import { PublicLayout } from './layouts/public-layout';
import {
  loadShellLayout,
  privateScreens,
  screenAt,
  type ScreenModule,
  type ScreenRoute,
} from './screen-table';
import { RouteError } from './screens/route-error';

const ignoreFailure = () => undefined;

/**
 * Starts fetching the shell and the dashboard while a sign-in is being checked, so the first
 * signed-in page shows without waiting for its code. A failed fetch is retried on navigation.
 */
export function prefetchSignedInShell(): void {
  loadAppServices().catch(ignoreFailure);
  loadShellLayout().catch(ignoreFailure);
  loadAppSidebar().catch(ignoreFailure);
  privateScreens
    .find((route) => route.path === '/dashboard')
    ?.screen()
    .catch(ignoreFailure);
}

/**
 * Fetches the code of the screen at `pathname` (a link's target), if it is one of `screens`: called
 * when a link is pointed at, focused or pressed, so following it shows the screen without a
 * visible wait, while a page loads only its own code (issue 20).
 */
export function prefetchScreenAt(
  pathname: string,
  screens: readonly ScreenRoute[] = privateScreens,
): void {
  screenAt(pathname, screens)?.route.screen().catch(ignoreFailure);
}

/** What each route tells the document title (read by AppRoot from the matches). */
export interface RouteHandle {
  title?: string;
}

function lazyScreen(screen: ScreenModule) {
  return async () => ({ Component: (await screen()).default });
}

/** A public screen that uses TanStack Query: its code and the app's QueryClient (lazy-services.ts). */
function lazyQueryScreen(screen: ScreenModule) {
  return async () => ({ Component: (await Promise.all([screen(), loadAppServices()]))[0].default });
}

function toRouteObject({ path, title, screen, anyOf }: ScreenRoute): RouteObject {
  const route: RouteObject = {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: lazyScreen(screen),
  };
  if (!anyOf?.length) return route;
  return { element: <RequirePermission anyOf={anyOf} />, children: [route] };
}

/** The whole route table (spec 1 §2). */
export function buildRoutes(screens: readonly ScreenRoute[] = privateScreens): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      errorElement: <RouteError />,
      // Shown while the first screen's code loads.
      hydrateFallbackElement: <LoadingOverlay />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            {
              path: '/',
              handle: { title: 'Inicio' } satisfies RouteHandle,
              lazy: lazyScreen(() => import('./screens/home')),
            },
            {
              element: <PublicOnlyRoute />,
              children: [
                {
                  path: '/login',
                  handle: { title: 'Iniciar Sesión' } satisfies RouteHandle,
                  lazy: lazyScreen(() => import('./screens/login')),
                },
                {
                  path: '/reset-password',
                  handle: { title: 'Restablecer Contraseña' } satisfies RouteHandle,
                  lazy: lazyQueryScreen(() => import('./screens/reset-password')),
                },
              ],
            },
          ],
        },
        {
          element: <PrivateRoute />,
          children: [
            {
              // The signed-in shell is code-split too: /login loads none of it (its header, side
              // menu, user menu and their react-aria parts), nor the QueryClient that every screen
              // under it uses (lazy-services.ts). Both are prefetched on sign-in.
              lazy: async () => {
                const [{ ShellLayout }] = await Promise.all([
                  loadShellLayout(),
                  loadAppServices(),
                  // From tablet up the side menu shows at once; a phone's drawer loads it later.
                  sidebarShownAtLoad() ? loadAppSidebar() : null,
                ]);
                return { Component: ShellLayout };
              },
              children: screens.map(toRouteObject),
            },
          ],
        },
        {
          element: <PublicLayout />,
          children: [
            {
              path: '*',
              handle: { title: 'Página no encontrada' } satisfies RouteHandle,
              lazy: lazyScreen(() => import('./screens/not-found')),
            },
          ],
        },
      ],
    },
  ];
}
