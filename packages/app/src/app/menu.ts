import {
  BuildingIcon,
  ChartIcon,
  ClipboardListIcon,
  DashboardIcon,
  FolderIcon,
  FolderTreeIcon,
  IdCardIcon,
  MapIcon,
  MegaphoneIcon,
  PackageIcon,
  ShieldIcon,
  StoreIcon,
  TagIcon,
  UsersIcon,
  type Icon,
} from '@anaquel/ui';
import type { PermissionCode } from '@anaquel/api';

export type MenuGroupId = 'security' | 'administration' | 'products' | 'operation' | 'reports';

export interface MenuGroup {
  id: MenuGroupId;
  label: string;
  icon: Icon;
}

export interface MenuEntry {
  path: string;
  label: string;
  icon: Icon;
  /** The group it sits in; none = top level, above the groups. */
  group?: MenuGroupId;
  /** spec 1 §6: the VIEW_ code the user must hold to see the entry; none = every signed-in user. */
  permission?: PermissionCode;
}

/** The sidebar's groups, in order (spec 1 §2). */
export const menuGroups: readonly MenuGroup[] = [
  { id: 'security', label: 'Seguridad', icon: ShieldIcon },
  { id: 'administration', label: 'Administración', icon: BuildingIcon },
  { id: 'products', label: 'Productos', icon: PackageIcon },
  { id: 'operation', label: 'Operación', icon: ClipboardListIcon },
  { id: 'reports', label: 'Reportes', icon: ChartIcon },
];

/**
 * The sidebar's entries, one per existing screen (add the screen's route in `routes.tsx` too).
 * Planned, from spec 1 §2 and §6:
 *   security:       /users 'Usuarios' VIEW_USERS, /profiles 'Perfiles' VIEW_PROFILES
 *   administration: /clients 'Clientes' VIEW_CLIENTS, /regions 'Regiones' VIEW_REGIONS,
 *                   /points-of-sales 'Puntos de Venta' VIEW_POINTOFSALES, /campaigns 'Campañas' VIEW_CAMPAIGNS
 *   products:       /brands 'Marcas' VIEW_BRANDS, /categories 'Categorías' VIEW_CATEGORIES,
 *                   /subcategories 'Subcategorías' VIEW_SUBCATEGORIES, /products 'Productos' VIEW_PRODUCTS
 *   operation:      /surveys 'Cuestionarios' VIEW_SURVEYS, /checkins 'Visitas' VIEW_CHECKINS
 *   reports:        /reports/product-surveys 'Encuestas de Productos' VIEW_CHECKINS
 */
export const menuEntries: readonly MenuEntry[] = [
  { path: '/dashboard', label: 'Panel de control', icon: DashboardIcon },
  {
    path: '/users',
    label: 'Usuarios',
    icon: UsersIcon,
    group: 'security',
    permission: 'VIEW_USERS',
  },
  {
    path: '/profiles',
    label: 'Perfiles',
    icon: IdCardIcon,
    group: 'security',
    permission: 'VIEW_PROFILES',
  },
  {
    path: '/clients',
    label: 'Clientes',
    icon: BuildingIcon,
    group: 'administration',
    permission: 'VIEW_CLIENTS',
  },
  {
    path: '/regions',
    label: 'Regiones',
    icon: MapIcon,
    group: 'administration',
    permission: 'VIEW_REGIONS',
  },
  {
    path: '/points-of-sales',
    label: 'Puntos de Venta',
    icon: StoreIcon,
    group: 'administration',
    permission: 'VIEW_POINTOFSALES',
  },
  {
    path: '/campaigns',
    label: 'Campañas',
    icon: MegaphoneIcon,
    group: 'administration',
    permission: 'VIEW_CAMPAIGNS',
  },
  { path: '/brands', label: 'Marcas', icon: TagIcon, group: 'products', permission: 'VIEW_BRANDS' },
  {
    path: '/categories',
    label: 'Categorías',
    icon: FolderIcon,
    group: 'products',
    permission: 'VIEW_CATEGORIES',
  },
  {
    path: '/subcategories',
    label: 'Subcategorías',
    icon: FolderTreeIcon,
    group: 'products',
    permission: 'VIEW_SUBCATEGORIES',
  },
  {
    path: '/products',
    label: 'Productos',
    icon: PackageIcon,
    group: 'products',
    permission: 'VIEW_PRODUCTS',
  },
];

export interface VisibleMenuGroup extends MenuGroup {
  entries: MenuEntry[];
}

export interface VisibleMenu {
  /** Entries outside any group ('Panel de control'). */
  top: MenuEntry[];
  /** Groups holding at least one visible entry, in the configured order. */
  groups: VisibleMenuGroup[];
}

/**
 * The menu a user sees: entries they hold the permission for; a group with no visible entry is
 * hidden (spec 1 §2, §6). An anonymous visitor sees an empty menu.
 */
export function visibleMenu(
  permissions: readonly string[] | null,
  entries: readonly MenuEntry[] = menuEntries,
  groups: readonly MenuGroup[] = menuGroups,
): VisibleMenu {
  if (!permissions) return { top: [], groups: [] };
  const visible = entries.filter((e) => !e.permission || permissions.includes(e.permission));
  return {
    top: visible.filter((e) => !e.group),
    groups: groups
      .map((group) => ({ ...group, entries: visible.filter((e) => e.group === group.id) }))
      .filter((group) => group.entries.length > 0),
  };
}

/** True when `pathname` is the entry's page or one below it (/clients/7/products is under /clients). */
export function isUnder(pathname: string, entryPath: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const base = entryPath.toLowerCase();
  return path === base || path.startsWith(`${base}/`);
}

/** The group holding the current page (open by default), if any. */
export function groupOfPath(menu: VisibleMenu, pathname: string): MenuGroupId | null {
  let best: { id: MenuGroupId; length: number } | null = null;
  for (const group of menu.groups) {
    for (const entry of group.entries) {
      if (isUnder(pathname, entry.path) && (!best || entry.path.length > best.length)) {
        best = { id: group.id, length: entry.path.length };
      }
    }
  }
  return best?.id ?? null;
}
