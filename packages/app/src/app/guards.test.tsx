import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, type SessionUser } from '../stores/auth-store';
import { PrivateRoute, PublicOnlyRoute, RequirePermission, rememberedPath } from './guards';

const user: SessionUser = {
  id: 1,
  completeName: 'Administrador General',
  email: 'admin@anaquel.mx',
  profileImageUrl: null,
  permissions: ['VIEW_BRANDS'],
};

function Page({ title }: { title: string }) {
  const location = useLocation();
  return (
    <main>
      <h1>{title}</h1>
      <p data-testid="from">{rememberedPath(location.state) ?? 'none'}</p>
    </main>
  );
}

function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <main>
      <h1>Login</h1>
      <p data-testid="from">{rememberedPath(location.state) ?? 'none'}</p>
      <button
        onClick={() => {
          useAuthStore.getState().login({ user });
          void navigate(rememberedPath(location.state) ?? '/dashboard', { replace: true });
        }}
      >
        Entrar
      </button>
    </main>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Page title="Inicio" /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: '/login', element: <LoginPage /> },
          // A lazy screen: the navigation after login stays pending for a moment.
          {
            path: '/reset-password',
            lazy: async () => ({ Component: () => <Page title="Reset" /> }),
          },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          { path: '/dashboard', element: <Page title="Panel" /> },
          {
            path: '/reportes',
            lazy: async () => {
              await new Promise((r) => setTimeout(r, 20));
              return { Component: () => <Page title="Reportes" /> };
            },
          },
          {
            element: <RequirePermission anyOf={['VIEW_BRANDS', 'VIEW_CATEGORIES']} />,
            children: [{ path: '/brands', element: <Page title="Marcas" /> }],
          },
          {
            element: <RequirePermission anyOf={['VIEW_USERS']} />,
            children: [{ path: '/users', element: <Page title="Usuarios" /> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('route guards (spec 1 §2, §6)', () => {
  beforeEach(() => useAuthStore.getState().logout());

  it('sends an anonymous visitor of a private route to /login, remembering the target', async () => {
    const router = renderAt('/brands?page=2#top');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('from')).toHaveTextContent('/brands?page=2#top');
  });

  it('after sign-in returns to the remembered route, not to /', async () => {
    const router = renderAt('/reportes');
    await screen.findByRole('heading', { name: 'Login' });
    act(() => screen.getByRole('button', { name: 'Entrar' }).click());
    expect(await screen.findByRole('heading', { name: 'Reportes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reportes');
  });

  it('after sign-in returns to an already loaded route too', async () => {
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { name: 'Login' });
    act(() => screen.getByRole('button', { name: 'Entrar' }).click());
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets a signed-in user into a private route', async () => {
    useAuthStore.getState().login({ user });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of a public-only route to /', async () => {
    useAuthStore.getState().login({ user });
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets an anonymous visitor into a public-only route', async () => {
    renderAt('/reset-password?token=t&email=e');
    expect(await screen.findByRole('heading', { name: 'Reset' })).toBeInTheDocument();
  });

  it('lets in a user holding one of the required permissions', async () => {
    useAuthStore.getState().login({ user });
    renderAt('/brands');
    expect(await screen.findByRole('heading', { name: 'Marcas' })).toBeInTheDocument();
  });

  it('sends a user holding none of the required permissions to /dashboard', async () => {
    useAuthStore.getState().login({ user });
    const router = renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends the user to /login when the session ends while on a private route', async () => {
    useAuthStore.getState().login({ user });
    const router = renderAt('/brands');
    await screen.findByRole('heading', { name: 'Marcas' });
    act(() => useAuthStore.getState().logout());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('rememberedPath', () => {
  it('keeps in-app paths only', () => {
    expect(rememberedPath({ from: { pathname: '/users', search: '?q=1', hash: '' } })).toBe(
      '/users?q=1',
    );
    expect(rememberedPath({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe(
      null,
    );
    expect(rememberedPath({ from: { pathname: '/login', search: '', hash: '' } })).toBe(null);
    expect(rememberedPath(null)).toBe(null);
    expect(rememberedPath({ from: 'x' })).toBe(null);
  });
});
