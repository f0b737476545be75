import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { expect, screen, userEvent as rootUserEvent, waitFor, within } from 'storybook/test';
import {
  BuildingIcon,
  DashboardIcon,
  MapIcon,
  MegaphoneIcon,
  ShieldIcon,
  StoreIcon,
  UsersIcon,
  IdCardIcon,
} from '../../icons';
import { Header } from '../header';
import { NavGroup, NavItem, NavList } from '../nav-group';
import { ThemeMenu } from '../theme-menu';
import { UserCard } from '../user-card';
import { Sidebar } from './Sidebar';

const groups = [
  {
    id: 'security',
    label: 'Seguridad',
    icon: ShieldIcon,
    entries: [
      { href: '/users', label: 'Usuarios', icon: UsersIcon },
      { href: '/profiles', label: 'Perfiles', icon: IdCardIcon },
    ],
  },
  {
    id: 'administration',
    label: 'Administración',
    icon: BuildingIcon,
    entries: [
      { href: '/clients', label: 'Clientes', icon: BuildingIcon },
      { href: '/regions', label: 'Regiones', icon: MapIcon },
      { href: '/points-of-sales', label: 'Puntos de Venta', icon: StoreIcon },
      { href: '/campaigns', label: 'Campañas', icon: MegaphoneIcon },
    ],
  },
];

/** The app shell as the app composes it; navigation is simulated with RouterProvider. */
function Shell({ initialOpen = true, initialPath = '/users' }) {
  const [isOpen, setOpen] = useState(initialOpen);
  const [path, setPath] = useState(initialPath);
  const [expanded, setExpanded] = useState<string | null>(
    groups.find((g) => g.entries.some((e) => e.href === path))?.id ?? null,
  );
  return (
    <RouterProvider navigate={setPath}>
      <div className="min-h-dvh bg-page">
        <Header
          onToggleSidebar={() => setOpen((open) => !open)}
          isSidebarOpen={isOpen}
          sidebarId="sidebar"
          logoHref="/"
          actions={<ThemeMenu value="system" onChange={() => {}} />}
        />
        <div className="flex">
          <Sidebar
            id="sidebar"
            isOpen={isOpen}
            onOpenChange={setOpen}
            footer={
              <UserCard
                name="Administrador Anaquel"
                email="admin@anaquel.mx"
                onChangePassword={() => {}}
                onLogout={() => {}}
              />
            }
          >
            <NavList>
              <NavItem
                href="/dashboard"
                label="Panel de control"
                icon={DashboardIcon}
                isCurrent={path === '/dashboard'}
              />
              {groups.map((group) => (
                <NavGroup
                  key={group.id}
                  label={group.label}
                  icon={group.icon}
                  containsCurrent={group.entries.some((e) => e.href === path)}
                  isExpanded={expanded === group.id}
                  // spec 1 §2: only one group is open at a time.
                  onExpandedChange={(open) => setExpanded(open ? group.id : null)}
                >
                  {group.entries.map((entry) => (
                    <NavItem key={entry.href} {...entry} isCurrent={path === entry.href} />
                  ))}
                </NavGroup>
              ))}
            </NavList>
          </Sidebar>
          <main className="min-w-0 flex-1 p-6">
            <h1 className="text-2xl font-bold text-fg">Panel de control</h1>
            <p className="mt-2 text-fg-muted">Ruta actual: {path}</p>
          </main>
        </div>
      </div>
    </RouterProvider>
  );
}

const meta = {
  title: 'Estructura/Sidebar',
  component: Shell,
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'desktop', isRotated: false } },
} satisfies Meta<typeof Shell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Menú principal' });
    const sidebar = canvas.getByRole('complementary');
    await expect(sidebar.getBoundingClientRect().width).toBe(256);
    await expect(canvas.getByRole('button', { name: 'Alternar menú lateral' })).toHaveAttribute(
      'aria-controls',
      sidebar.id,
    );

    // The group of the current page is open and its entry is marked as the current page.
    const security = within(nav).getByRole('button', { name: 'Seguridad' });
    await expect(security).toHaveAttribute('aria-expanded', 'true');
    await expect(within(nav).getByRole('link', { name: 'Usuarios' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Opening another group closes the first one (controlled by the app).
    await userEvent.click(within(nav).getByRole('button', { name: 'Administración' }));
    await expect(within(nav).getByRole('button', { name: 'Administración' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(security).toHaveAttribute('aria-expanded', 'false');

    // Links navigate through RouterProvider; aria-current follows the path.
    await userEvent.click(within(nav).getByRole('link', { name: 'Regiones' }));
    await expect(canvas.getByText('Ruta actual: /regions')).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'Regiones' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Panel de control' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

export const CollapsedDesktop: Story = {
  args: { initialOpen: false },
  play: async ({ canvas }) => {
    const sidebar = canvas.getByRole('complementary');
    await waitFor(() => expect(sidebar.getBoundingClientRect().width).toBe(64));
    const nav = canvas.getByRole('navigation', { name: 'Menú principal' });
    // Icons only, but every entry keeps its accessible name.
    const dashboard = within(nav).getByRole('link', { name: 'Panel de control' });
    await expect(within(nav).getByText('Panel de control')).toHaveClass('sr-only');
    await expect(canvas.queryByText('admin@anaquel.mx')).toBeNull();

    // Keyboard focus shows the label in a tooltip.
    await rootUserEvent.tab();
    await rootUserEvent.tab();
    await rootUserEvent.tab();
    await rootUserEvent.tab();
    await expect(dashboard).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Panel de control');
  },
};

export const ToggleFromHeader: Story = {
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Alternar menú lateral' });
    const sidebar = canvas.getByRole('complementary');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(sidebar.getBoundingClientRect().width).toBe(64));
    await userEvent.click(toggle);
    await waitFor(() => expect(sidebar.getBoundingClientRect().width).toBe(256));
  },
};

export const Tablet: Story = {
  globals: { viewport: { value: 'tablet', isRotated: false } },
  args: { initialOpen: false },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('complementary').getBoundingClientRect().width).toBe(64),
    );
  },
};

export const MobileOpen: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const overlay = canvas.getByTestId('sidebar-overlay');
    await waitFor(() => expect(overlay).toBeVisible());
    await expect(canvas.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    await userEvent.click(overlay);
    await expect(canvas.queryByTestId('sidebar-overlay')).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Alternar menú lateral' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

export const MobileEscapeCloses: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Menú principal' });
    within(nav).getByRole('link', { name: 'Panel de control' }).focus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
  },
};

export const MobileClosed: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { initialOpen: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    await expect(canvas.queryByTestId('sidebar-overlay')).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const DarkCollapsed: Story = { globals: { theme: 'dark' }, args: { initialOpen: false } };
