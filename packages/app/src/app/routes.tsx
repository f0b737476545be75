import type { PermissionCode } from '@anaquel/api';
import type { ComponentType } from 'react';
import { LoadingOverlay } from '@anaquel/ui';
import { matchPath, type RouteObject } from 'react-router';
import type * as RelationScreens from '../features/relations/relation-screens';
import { PrivateRoute, PublicOnlyRoute, RequirePermission } from './guards';
import { AppRoot } from './app-root';
import { loadAppServices } from './lazy-services';
import { loadAppSidebar, sidebarShownAtLoad } from './layouts/lazy-sidebar';
import { PublicLayout } from './layouts/public-layout';
import type { MenuPlacement } from './menu';
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
  /**
   * Its side-menu entry (spec 1 §2), labelled with `title` and shown with `anyOf[0]`; the menu
   * lists these in this table's order. Screens without it (relation editors) are not in the menu.
   */
  menu?: MenuPlacement;
}

/** One of the relation editors (features/relations), which share one module. */
function relationScreen(name: keyof typeof RelationScreens): ScreenModule {
  return async () => ({ default: (await import('../features/relations/relation-screens'))[name] });
}

/**
 * Every private screen, one entry each: its route, document title and side-menu entry (menu.ts
 * derives the menu from here). A screen that does not exist yet has no entry (no dead links).
 */
export const privateScreens: readonly ScreenRoute[] = [
  {
    path: '/dashboard',
    title: 'Panel de control',
    screen: () => import('./screens/dashboard'),
    menu: { icon: 'dashboard' },
  },
  { path: '/prueba', title: 'Página de Prueba', screen: () => import('./screens/prueba') },
  // Master data (spec 2 §2): the guard is the resource's VIEW_ code; menu order within a group.
  {
    path: '/users',
    title: 'Usuarios',
    screen: () => import('../features/users/users-page'),
    anyOf: ['VIEW_USERS'],
    menu: { group: 'security', icon: 'users' },
  },
  {
    path: '/profiles',
    title: 'Perfiles',
    screen: () => import('../features/profiles/profiles-page'),
    anyOf: ['VIEW_PROFILES'],
    menu: { group: 'security', icon: 'id-card' },
  },
  {
    path: '/clients',
    title: 'Clientes',
    screen: () => import('../features/clients/clients-page'),
    anyOf: ['VIEW_CLIENTS'],
    menu: { group: 'administration', icon: 'building' },
  },
  {
    path: '/regions',
    title: 'Regiones',
    screen: () => import('../features/regions/regions-page'),
    anyOf: ['VIEW_REGIONS'],
    menu: { group: 'administration', icon: 'map' },
  },
  {
    path: '/points-of-sales',
    title: 'Puntos de venta',
    screen: () => import('../features/points-of-sale/points-of-sale-page'),
    anyOf: ['VIEW_POINTOFSALES'],
    menu: { group: 'administration', icon: 'store' },
  },
  {
    path: '/campaigns',
    title: 'Campañas',
    screen: () => import('../features/campaigns/campaigns-page'),
    anyOf: ['VIEW_CAMPAIGNS'],
    menu: { group: 'administration', icon: 'megaphone' },
  },
  {
    path: '/brands',
    title: 'Marcas',
    screen: () => import('../features/brands/brands-page'),
    anyOf: ['VIEW_BRANDS'],
    menu: { group: 'products', icon: 'tag' },
  },
  {
    path: '/categories',
    title: 'Categorías',
    screen: () => import('../features/categories/categories-page'),
    anyOf: ['VIEW_CATEGORIES'],
    menu: { group: 'products', icon: 'folder' },
  },
  {
    path: '/subcategories',
    title: 'Subcategorías',
    screen: () => import('../features/subcategories/subcategories-page'),
    anyOf: ['VIEW_SUBCATEGORIES'],
    menu: { group: 'products', icon: 'folder-tree' },
  },
  {
    path: '/products',
    title: 'Productos',
    screen: () => import('../features/products/products-page'),
    anyOf: ['VIEW_PRODUCTS'],
    menu: { group: 'products', icon: 'package' },
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
  // Surveys (spec 2 §2, issue 10).
  {
    path: '/surveys',
    title: 'Cuestionarios',
    screen: () => import('../features/surveys/surveys-page'),
    anyOf: ['VIEW_SURVEYS'],
    menu: { group: 'operation', icon: 'clipboard-list' },
  },
  {
    path: '/segments',
    title: 'Segmentos',
    screen: () => import('../features/surveys/segments-page'),
    anyOf: ['VIEW_SEGMENTS'],
  },
  {
    path: '/questions',
    title: 'Preguntas',
    screen: () => import('../features/surveys/questions-page'),
    anyOf: ['VIEW_QUESTIONS'],
  },
  {
    path: '/multipleoptions',
    title: 'Opciones múltiples',
    screen: () => import('../features/surveys/multiple-options-page'),
    anyOf: ['VIEW_MULTIPLEOPTIONS'],
  },
  {
    path: '/surveys/:surveyId',
    title: 'Diseñador de cuestionario',
    screen: () => import('../features/surveys/survey-designer-page'),
    anyOf: ['VIEW_SURVEYS'],
  },
  // Visits (spec 1 §2, issue 11): read with VIEW_CHECKINS.
  {
    path: '/checkins',
    title: 'Visitas',
    screen: () => import('../features/checkins/checkins-page'),
    anyOf: ['VIEW_CHECKINS'],
    menu: { group: 'operation', icon: 'map-pin' },
  },
  {
    path: '/checkins/:checkInId/surveys',
    title: 'Encuestas de la visita',
    screen: () => import('../features/checkins/check-in-surveys-page'),
    anyOf: ['VIEW_CHECKINS'],
  },
  {
    path: '/checkins/:checkInId/surveys/:checkInSurveyId',
    title: 'Respuestas de la encuesta',
    screen: () => import('../features/checkins/survey-result-page'),
    anyOf: ['VIEW_CHECKINS'],
  },
  // Reports (spec 1 §2, issue 12): the product survey export, with VIEW_CHECKINS.
  {
    path: '/reports/product-surveys',
    title: 'Exportación de Reportes',
    screen: () => import('../features/reports/product-survey-export-page'),
    anyOf: ['VIEW_CHECKINS'],
    menu: { group: 'reports', icon: 'chart' },
  },
];

/** The signed-in shell's module (header, side menu, user menu); loaded on the first private page. */
export function loadShellLayout() {
  return import('./layouts/shell-layout');
}

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
  screens
    .find(({ path }) => matchPath(path, pathname))
    ?.screen()
    .catch(ignoreFailure);
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
