import type { PermissionCode } from '@anaquel/api';
import type { ComponentType } from 'react';
import { LoadingOverlay } from '@anaquel/ui';
import type { RouteObject } from 'react-router';
import type * as RelationScreens from '../features/relations/relation-screens';
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
  anyOf?: readonly PermissionCode[];
}

/** One of the relation editors (features/relations), which share one module. */
function relationScreen(name: keyof typeof RelationScreens): ScreenModule {
  return async () => ({ default: (await import('../features/relations/relation-screens'))[name] });
}

/**
 * Every private screen, one entry each. A screen that does not exist yet has no entry (no dead
 * links); its menu entry goes in `menu.ts`.
 */
export const privateScreens: readonly ScreenRoute[] = [
  { path: '/dashboard', title: 'Panel de control', screen: () => import('./screens/dashboard') },
  { path: '/prueba', title: 'Página de Prueba', screen: () => import('./screens/prueba') },
  // Master data (spec 2 §2): the guard is the resource's VIEW_ code.
  {
    path: '/profiles',
    title: 'Perfiles',
    screen: () => import('../features/profiles/profiles-page'),
    anyOf: ['VIEW_PROFILES'],
  },
  {
    path: '/brands',
    title: 'Marcas',
    screen: () => import('../features/brands/brands-page'),
    anyOf: ['VIEW_BRANDS'],
  },
  {
    path: '/categories',
    title: 'Categorías',
    screen: () => import('../features/categories/categories-page'),
    anyOf: ['VIEW_CATEGORIES'],
  },
  {
    path: '/subcategories',
    title: 'Subcategorías',
    screen: () => import('../features/subcategories/subcategories-page'),
    anyOf: ['VIEW_SUBCATEGORIES'],
  },
  {
    path: '/clients',
    title: 'Clientes',
    screen: () => import('../features/clients/clients-page'),
    anyOf: ['VIEW_CLIENTS'],
  },
  {
    path: '/regions',
    title: 'Regiones',
    screen: () => import('../features/regions/regions-page'),
    anyOf: ['VIEW_REGIONS'],
  },
  {
    path: '/campaigns',
    title: 'Campañas',
    screen: () => import('../features/campaigns/campaigns-page'),
    anyOf: ['VIEW_CAMPAIGNS'],
  },
  {
    path: '/points-of-sales',
    title: 'Puntos de venta',
    screen: () => import('../features/points-of-sale/points-of-sale-page'),
    anyOf: ['VIEW_POINTOFSALES'],
  },
  {
    path: '/products',
    title: 'Productos',
    screen: () => import('../features/products/products-page'),
    anyOf: ['VIEW_PRODUCTS'],
  },
  {
    path: '/users',
    title: 'Usuarios',
    screen: () => import('../features/users/users-page'),
    anyOf: ['VIEW_USERS'],
  },
  {
    path: '/campaigns/:campaignId/clients',
    title: 'Clientes de la campaña',
    screen: relationScreen('CampaignClientsScreen'),
    anyOf: ['VIEW_CAMPAIGNS'],
  },
  {
    path: '/campaigns/:campaignId/points-of-sales',
    title: 'Puntos de venta de la campaña',
    screen: relationScreen('CampaignPointsOfSaleScreen'),
    anyOf: ['VIEW_CAMPAIGNS'],
  },
  {
    path: '/campaigns/:campaignId/products',
    title: 'Productos de la campaña',
    screen: relationScreen('CampaignProductsScreen'),
    anyOf: ['VIEW_CAMPAIGNS'],
  },
  {
    path: '/clients/:clientId/points-of-sales',
    title: 'Puntos de venta del cliente',
    screen: relationScreen('ClientPointsOfSaleScreen'),
    anyOf: ['VIEW_CLIENTS'],
  },
  {
    path: '/clients/:clientId/products',
    title: 'Productos del cliente',
    screen: relationScreen('ClientProductsScreen'),
    anyOf: ['VIEW_CLIENTS'],
  },
  {
    path: '/points-of-sales/:pointOfSalesId/products',
    title: 'Productos del punto de venta',
    screen: relationScreen('PointOfSaleProductsScreen'),
    anyOf: ['VIEW_POINTOFSALES'],
  },
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
