import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PrivateRoute, PublicOnlyRoute, RequirePermission } from './guards';
import { AppRoot } from './app-root';
import { PublicLayout } from './layouts/public-layout';
import { ShellLayout } from './layouts/shell-layout';
import { RouteError } from './screens/route-error';

/** A code-split screen module: its default export is the screen component. */
type ScreenModule = () => Promise<{ default: ComponentType }>;

/** A private screen of the back-office, rendered inside the shell (header + sidebar). */
export interface ScreenRoute {
  /** Absolute path, with `:params` (e.g. '/clients/:clientId/products'). */
  path: string;
  /** Document title, shown as '{title} · Anaquel'. */
  title: string;
  /** The screen, loaded on first visit. */
  screen: ScreenModule;
  /** spec 1 §6: the user must hold at least one of these codes, or goes to /dashboard. */
  anyOf?: readonly string[];
}

/**
 * Every private screen, one entry each. A screen that does not exist yet has no entry (no dead
 * links); its menu entry goes in `menu.ts`.
 */
export const privateScreens: readonly ScreenRoute[] = [
  { path: '/dashboard', title: 'Panel de control', screen: () => import('./screens/dashboard') },
  { path: '/prueba', title: 'Página de Prueba', screen: () => import('./screens/prueba') },
];

/** What each route tells the document title (read by AppRoot from the matches). */
export interface RouteHandle {
  title?: string;
}

function lazyScreen(screen: ScreenModule) {
  return async () => ({ Component: (await screen()).default });
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
                  lazy: lazyScreen(() => import('./screens/reset-password')),
                },
              ],
            },
          ],
        },
        {
          element: <PrivateRoute />,
          children: [{ element: <ShellLayout />, children: screens.map(toRouteObject) }],
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
