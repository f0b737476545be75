import { NavGroup, NavItem, NavList, Sidebar, UserCard } from '@anaquel/ui';
import { fileUrl } from '@anaquel/api';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '../../stores/auth-store';
import {
  groupOfPath,
  isUnder,
  menuEntries,
  menuGroups,
  visibleMenu,
  type MenuEntry,
  type MenuGroup,
  type MenuGroupId,
} from '../menu';
import { SIDEBAR_ID } from './sidebar-id';

export { SIDEBAR_ID } from './sidebar-id';

export interface AppSidebarProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChangePassword: () => void;
  onLogout: () => void;
  /** The menu configuration (default: `menu.ts`). */
  entries?: readonly MenuEntry[];
  groups?: readonly MenuGroup[];
}

/**
 * The side menu (spec 1 §2): 'Panel de control', then the groups the user's permissions leave
 * visible. The current page's group starts open; only one group is open at a time.
 */
export function AppSidebar({
  isOpen,
  onOpenChange,
  onChangePassword,
  onLogout,
  entries = menuEntries,
  groups = menuGroups,
}: AppSidebarProps) {
  const user = useAuthStore((s) => s.user);
  const permissions = user?.permissions;
  const menu = useMemo(
    () => visibleMenu(permissions ?? null, entries, groups),
    [permissions, entries, groups],
  );
  const { pathname } = useLocation();
  const currentGroup = groupOfPath(menu, pathname);

  const [openGroup, setOpenGroup] = useState<MenuGroupId | null>(currentGroup);
  // Arriving at a page of another group opens that group (and so closes the others).
  const [seenGroup, setSeenGroup] = useState(currentGroup);
  if (seenGroup !== currentGroup) {
    setSeenGroup(currentGroup);
    if (currentGroup) setOpenGroup(currentGroup);
  }

  const navItem = (entry: MenuEntry) => (
    <NavItem
      key={entry.path}
      href={entry.path}
      label={entry.label}
      icon={entry.icon}
      isCurrent={isUnder(pathname, entry.path)}
    />
  );
  return (
    <Sidebar
      id={SIDEBAR_ID}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={
        user && (
          <UserCard
            name={user.completeName}
            email={user.email}
            imageUrl={user.profileImageUrl ? fileUrl(user.profileImageUrl) : null}
            onChangePassword={onChangePassword}
            onLogout={onLogout}
          />
        )
      }
    >
      <NavList>
        {menu.top.map(navItem)}
        {menu.groups.map((group) => (
          <NavGroup
            key={group.id}
            label={group.label}
            icon={group.icon}
            isExpanded={openGroup === group.id}
            onExpandedChange={(expanded) =>
              setOpenGroup((open) => (expanded ? group.id : open === group.id ? null : open))
            }
            containsCurrent={group.id === currentGroup}
          >
            {group.entries.map(navItem)}
          </NavGroup>
        ))}
      </NavList>
    </Sidebar>
  );
}
