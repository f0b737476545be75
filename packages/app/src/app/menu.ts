import {
  BuildingIcon,
  ChartIcon,
  ClipboardListIcon,
  DashboardIcon,
  FolderIcon,
  FolderTreeIcon,
  IdCardIcon,
  MapIcon,
  MapPinIcon,
  MegaphoneIcon,
  PackageIcon,
  ShieldIcon,
  StoreIcon,
  TagIcon,
  UsersIcon,
  type Icon,
} from '@anaquel/ui';
import type { PermissionCode } from '@anaquel/api';
import { privateScreens } from './screen-table';

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

/** The icons of the menu, by name (kept here so the route table stays free of icon code). */
const MENU_ICONS = {
  dashboard: DashboardIcon,
  users: UsersIcon,
  'id-card': IdCardIcon,
  building: BuildingIcon,
  map: MapIcon,
  store: StoreIcon,
  megaphone: MegaphoneIcon,
  tag: TagIcon,
  folder: FolderIcon,
  'folder-tree': FolderTreeIcon,
  package: PackageIcon,
  'clipboard-list': ClipboardListIcon,
  'map-pin': MapPinIcon,
  chart: ChartIcon,
} satisfies Record<string, Icon>;

/** Where a screen of the route table sits in the side menu (`ScreenRoute.menu`). */
export interface MenuPlacement {
  icon: keyof typeof MENU_ICONS;
  /** The group it sits in; none = top level, above the groups. */
  group?: MenuGroupId;
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
 * The sidebar's entries: the screens of the route table with a `menu` placement, labelled with
 * their title and guarded by their first `anyOf` code (spec 1 §2, §6). Add a screen there, not here.
 */
export const menuEntries: readonly MenuEntry[] = privateScreens.flatMap((screen) =>
  screen.menu
    ? [
        {
          path: screen.path,
          label: screen.title,
          icon: MENU_ICONS[screen.menu.icon],
          ...(screen.menu.group ? { group: screen.menu.group } : {}),
          ...(screen.anyOf?.[0] ? { permission: screen.anyOf[0] } : {}),
        },
      ]
    : [],
);

interface VisibleMenuGroup extends MenuGroup {
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
