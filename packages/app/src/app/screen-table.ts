// The private screens' table: their paths, titles, menu entries and code. It holds no React
// Router nor any screen's code, so the entry (main.tsx) reads it to start the code of the screen
// a signed-in page opens on, and its first queries, together with the router's code instead of
// after it (first-screen.ts); the router (routes.tsx) and the menu (menu.ts) are built from it.
import type { PermissionCode } from '@anaquel/api';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type * as RelationScreens from '../features/relations/relation-screens';
import type { MenuPlacement } from './menu';

/** Where a screen is opened: its path's params, the query string and the user's permissions. */
interface ScreenLocation {
  params: Readonly<Record<string, string>>;
  search: URLSearchParams;
  permissions: readonly string[];
}

/**
 * Starts the queries a screen shows first, with the options the screen itself uses (so it finds
 * them running or answered): a signed-in page's first load calls it once the screen's code, the
 * QueryClient and the session are there, before the router and the shell render (first-screen.ts).
 */
export type ScreenPrefetch = (queryClient: QueryClient, at: ScreenLocation) => void;

/**
 * A code-split screen module: its default export is the screen component; `prefetch`, if it has
 * one, starts its first queries.
 */
export type ScreenModule = () => Promise<{ default: ComponentType; prefetch?: ScreenPrefetch }>;

/** A private screen of the back-office, rendered inside the shell (header + sidebar). */
export interface ScreenRoute {
  /** Absolute path, with `:params` (e.g. '/clients/:clientId/products'). */
  path: string;
  /** Document title, shown as '{title} · Anaquel'. */
  title: string;
  /** The screen, loaded on first visit. */
  screen: ScreenModule;
  /**
   * The screen's `prefetch` in a smaller module of its own, for a screen whose code takes long to
   * arrive: a first load starts its queries from there, without waiting for the screen's code.
   */
  queries?: () => Promise<{ prefetch: ScreenPrefetch }>;
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
    queries: () => import('../features/checkins/visit-queries'),
    anyOf: ['VIEW_CHECKINS'],
    menu: { group: 'operation', icon: 'map-pin' },
  },
  // The visits map (issue #24, docs/geo.md): a view of 'Visitas' with the list's URL parameters.
  {
    path: '/checkins/mapa',
    title: 'Mapa de visitas',
    screen: () => import('../features/checkins/map/checkins-map-page'),
    anyOf: ['VIEW_CHECKINS'],
  },
  {
    path: '/checkins/fotos',
    title: 'Fotos de las visitas',
    screen: () => import('../features/checkins/gallery/gallery-page'),
    anyOf: ['VIEW_CHECKINS'],
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

const segments = (path: string) => path.split('/').filter(Boolean);

/** `pattern`'s params at `parts` (a path's segments), or null when it does not match. */
function matchSegments(pattern: string, parts: readonly string[]): Record<string, string> | null {
  const expected = segments(pattern);
  if (expected.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of expected.entries()) {
    const part = parts[i]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return params;
}

/**
 * The screen of `screens` at `pathname` and its params, matched as the router matches them
 * (case-insensitive, a trailing slash allowed, a fixed segment before a `:param`), or null.
 */
export function screenAt(
  pathname: string,
  screens: readonly ScreenRoute[] = privateScreens,
): { route: ScreenRoute; params: Record<string, string> } | null {
  const parts = segments(pathname);
  let best: { route: ScreenRoute; params: Record<string, string> } | null = null;
  for (const route of screens) {
    const params = matchSegments(route.path, parts);
    if (params && (!best || Object.keys(params).length < Object.keys(best.params).length))
      best = { route, params };
  }
  return best;
}
