import { KeyIcon, LogOutIcon, MoreVerticalIcon } from '../../icons';
import { Avatar } from '../avatar';
import { Button } from '../button';
import { Menu, MenuItem, MenuTrigger } from '../menu';
import { useSidebar } from '../sidebar/sidebar-context';

export interface UserCardProps {
  /** Full name ('completeName'), shown when the sidebar is expanded. */
  name: string;
  /** E-mail, shown under the name when expanded. */
  email: string;
  /** Profile image URL; without it the avatar shows the name's first letter. */
  imageUrl?: string | null;
  /** 'Cambiar Contraseña' chosen. */
  onChangePassword: () => void;
  /** 'Cerrar Sesión' chosen. */
  onLogout: () => void;
  /** Overrides the surrounding Sidebar's collapsed state. */
  isCollapsed?: boolean;
}

/**
 * The signed-in user at the bottom of the sidebar: avatar, full name and e-mail (when
 * expanded) and a menu button 'Menú de usuario' with 'Cambiar Contraseña' and 'Cerrar Sesión'.
 */
export function UserCard({
  name,
  email,
  imageUrl,
  onChangePassword,
  onLogout,
  isCollapsed: collapsedProp,
}: UserCardProps) {
  const sidebar = useSidebar();
  const isCollapsed = collapsedProp ?? sidebar.isCollapsed;
  const menu = (
    <Menu
      aria-label="Menú de usuario"
      placement={isCollapsed ? 'right bottom' : 'top end'}
      onAction={(key) => (key === 'logout' ? onLogout() : onChangePassword())}
    >
      <MenuItem id="change-password" textValue="Cambiar Contraseña">
        <KeyIcon className="size-4" />
        Cambiar Contraseña
      </MenuItem>
      <MenuItem id="logout" textValue="Cerrar Sesión">
        <LogOutIcon className="size-4" />
        Cerrar Sesión
      </MenuItem>
    </Menu>
  );

  if (isCollapsed) {
    return (
      <MenuTrigger>
        <Button
          variant="icon"
          aria-label="Menú de usuario"
          className="mx-auto size-12 rounded-full"
        >
          <Avatar name={name} src={imageUrl} size="md" isDecorative />
        </Button>
        {menu}
      </MenuTrigger>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-lg p-1">
      <Avatar name={name} src={imageUrl} isDecorative />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-fg" title={name}>
          {name}
        </p>
        <p className="truncate text-xs text-fg-muted" title={email}>
          {email}
        </p>
      </div>
      <MenuTrigger>
        <Button variant="icon" size="sm" aria-label="Menú de usuario">
          <MoreVerticalIcon />
        </Button>
        {menu}
      </MenuTrigger>
    </div>
  );
}
