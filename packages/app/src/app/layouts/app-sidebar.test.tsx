import type { PermissionCode } from '@anaquel/api';
import { DashboardIcon, MapIcon, TagIcon, UsersIcon } from '@anaquel/ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, Outlet, RouterProvider, useHref, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import type { MenuEntry } from '../menu';
import { AppSidebar } from './app-sidebar';

const entries: MenuEntry[] = [
  { path: '/dashboard', label: 'Panel de control', icon: DashboardIcon },
  {
    path: '/users',
    label: 'Usuarios',
    icon: UsersIcon,
    group: 'security',
    permission: 'VIEW_USERS',
  },
  {
    path: '/regions',
    label: 'Regiones',
    icon: MapIcon,
    group: 'administration',
    permission: 'VIEW_REGIONS',
  },
  {
    path: '/clients',
    label: 'Clientes',
    icon: MapIcon,
    group: 'administration',
    permission: 'VIEW_CLIENTS',
  },
  { path: '/brands', label: 'Marcas', icon: TagIcon, group: 'products', permission: 'VIEW_BRANDS' },
  {
    path: '/checkins',
    label: 'Visitas',
    icon: TagIcon,
    group: 'operation',
    permission: 'VIEW_CHECKINS',
  },
];

function login(permissions: PermissionCode[]) {
  useAuthStore.getState().login({
    user: {
      id: 3,
      completeName: 'María López',
      email: 'maria.lopez@anaquel.mx',
      profileImageUrl: null,
      permissions,
    },
  });
}

function Frame({
  onChangePassword,
  onLogout,
}: {
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <AppSidebar
        isOpen
        onOpenChange={() => {}}
        onChangePassword={onChangePassword}
        onLogout={onLogout}
        entries={entries}
      />
      <Outlet />
    </AriaRouterProvider>
  );
}

function renderAt(path: string) {
  const onChangePassword = vi.fn();
  const onLogout = vi.fn();
  const router = createMemoryRouter(
    [
      {
        element: <Frame onChangePassword={onChangePassword} onLogout={onLogout} />,
        children: [{ path: '*', element: <p>pantalla</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const nav = screen.getByRole('navigation', { name: 'Menú principal' });
  return { router, nav, onChangePassword, onLogout, user: userEvent.setup() };
}

const groupNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('AppSidebar (spec 1 §2, §6)', () => {
  beforeEach(() => useAuthStore.getState().logout());

  it("shows only 'Panel de control' to a user without VIEW_ permissions", () => {
    login([]);
    const { nav } = renderAt('/dashboard');
    expect(within(nav).getByRole('link', { name: 'Panel de control' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).queryAllByRole('button')).toEqual([]);
  });

  it('shows the groups holding an entry the user may open, in order', () => {
    login(['VIEW_BRANDS', 'VIEW_REGIONS', 'CREATE_USERS']);
    const { nav } = renderAt('/dashboard');
    expect(groupNames(nav)).toEqual(['Administración', 'Productos']);
  });

  it("opens the current page's group, and only one group at a time", async () => {
    login(['VIEW_USERS', 'VIEW_REGIONS', 'VIEW_CLIENTS', 'VIEW_BRANDS']);
    const { nav, user } = renderAt('/clients/4/products');
    const administration = within(nav).getByRole('button', { name: 'Administración' });
    const security = within(nav).getByRole('button', { name: 'Seguridad' });
    expect(administration).toHaveAttribute('aria-expanded', 'true');
    expect(security).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Clientes' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(security);
    expect(security).toHaveAttribute('aria-expanded', 'true');
    expect(administration).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Usuarios' })).toBeVisible();

    await user.click(security);
    expect(security).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryAllByRole('button', { expanded: true })).toEqual([]);
  });

  it('opens the group of a page reached by navigation', async () => {
    login(['VIEW_USERS', 'VIEW_BRANDS']);
    const { nav, router } = renderAt('/users');
    expect(within(nav).getByRole('button', { name: 'Seguridad' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await act(() => router.navigate('/brands'));
    expect(within(nav).getByRole('button', { name: 'Productos' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(nav).getByRole('button', { name: 'Seguridad' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows the user card with the menu actions', async () => {
    login([]);
    const { user, onChangePassword, onLogout } = renderAt('/dashboard');
    expect(screen.getByText('María López')).toBeInTheDocument();
    expect(screen.getByText('maria.lopez@anaquel.mx')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cambiar Contraseña' }));
    expect(onChangePassword).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar Sesión' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('is empty for an anonymous visitor', () => {
    const { nav } = renderAt('/dashboard');
    expect(within(nav).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Menú de usuario' })).not.toBeInTheDocument();
  });
});
