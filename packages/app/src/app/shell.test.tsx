import { ApiError, setAccessToken } from '@anaquel/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, type SessionUser } from '../stores/auth-store';
import { useSidebarStore } from '../stores/sidebar-store';
import { failureEnvelope, okEnvelope, stubApi, type RouteAnswer } from '../test/api-stub';
import { setViewportWidth } from '../test/match-media';
import { getPasswordInput } from '../test/queries';
import { renderRoutes } from '../test/render';
import { buildRoutes } from './routes';
import { loadShellLayout } from './screen-table';

const maria: SessionUser = {
  id: 3,
  completeName: 'María López',
  email: 'maria.lopez@anaquel.mx',
  profileImageUrl: null,
  permissions: [],
};

/** Signed in with a live access token (no restore needed). */
function signedIn(routes: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi(routes).requests;
  useAuthStore.getState().login({ user: maria });
  setAccessToken('token-1');
  return calls;
}

const toggle = () => screen.getByRole('button', { name: 'Alternar menú lateral' });

describe('signed-in shell (spec 1 §2)', () => {
  // The shell is code-split: its first import (transformed on the fly under jsdom) can outlast
  // a findBy timeout on a loaded machine, so it is loaded once before the tests.
  beforeAll(async () => {
    await loadShellLayout();
  });
  beforeEach(() => {
    useAuthStore.getState().logout();
    useSidebarStore.setState(useSidebarStore.getInitialState());
  });

  it('shows header, menu and user card around the dashboard', async () => {
    signedIn();
    renderRoutes(buildRoutes(), '/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Panel de control' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anaquel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tema' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Panel de control' })).toBeInTheDocument();
    expect(screen.getByText('maria.lopez@anaquel.mx')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Panel de control · Anaquel'));
  });

  it('opens the sidebar on desktop, closes it on mobile, and follows the breakpoint', async () => {
    signedIn();
    setViewportWidth(1280);
    renderRoutes(buildRoutes(), '/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Panel de control' });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    act(() => setViewportWidth(500));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'false'));

    const user = userEvent.setup();
    await user.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'true'));
    // On mobile the open sidebar has a dimmed overlay; tapping it closes the sidebar.
    await user.click(screen.getByTestId('sidebar-overlay'));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'false'));

    act(() => setViewportWidth(900));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'true'));
    await user.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'false'));
  });

  it('starts closed on a phone', async () => {
    signedIn();
    setViewportWidth(375);
    renderRoutes(buildRoutes(), '/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Panel de control' });
    // Once rendered at 375 px, the drawer is closed and stays closed (failed once under a full
    // parallel suite when read at the very first paint: checked until the shell has settled).
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-expanded', 'false'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone renders the side menu when first opened, not with the page', async () => {
    signedIn();
    setViewportWidth(375);
    // As a page loaded on a phone creates the store (sidebar-store.test.ts).
    useSidebarStore.setState({ isOpen: false });
    renderRoutes(buildRoutes(), '/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Panel de control' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();

    await userEvent.setup().click(toggle());
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Panel de control' })).toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-controls', nav.closest('aside')?.id);
  });

  it("'Cerrar Sesión' calls logout, clears the session and goes to /login", async () => {
    const calls = signedIn({
      'POST /auth/logout': () => okEnvelope({ message: 'Sesión cerrada.' }),
    });
    const { router } = renderRoutes(buildRoutes(), '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar Sesión' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/logout']);
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('changes the password from the user card: server errors land on their fields', async () => {
    let answer: RouteAnswer<'POST /auth/change-password'> = failureEnvelope(
      400,
      'VALIDATION_ERROR',
      'Datos inválidos.',
      [{ field: 'currentPassword', message: 'La contraseña actual no es correcta.' }],
    );
    const calls = signedIn({ 'POST /auth/change-password': () => answer });
    renderRoutes(buildRoutes(), '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cambiar Contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar Contraseña' });

    await user.type(getPasswordInput('Contraseña Actual', dialog), 'Equivocada1');
    await user.type(getPasswordInput('Nueva Contraseña', dialog), 'Bodega2027');
    await user.type(getPasswordInput('Confirmar Contraseña', dialog), 'Bodega2027');
    const submit = within(dialog).getByRole('button', { name: 'Cambiar Contraseña' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(
      await screen.findByText(
        'Los datos ingresados son incorrectos. Verifica e inténtalo de nuevo.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    expect(getPasswordInput('Contraseña Actual', dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.at(-1)?.body).toEqual({
      currentPassword: 'Equivocada1',
      newPassword: 'Bodega2027',
    });

    answer = okEnvelope({ message: 'Contraseña actualizada.' });
    await user.clear(getPasswordInput('Contraseña Actual', dialog));
    await user.type(getPasswordInput('Contraseña Actual', dialog), 'Correcta2026');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('La contraseña se cambió exitosamente.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('on session expiry closes every modal, signs out and goes to /login', async () => {
    signedIn();
    const { router, services } = renderRoutes(buildRoutes(), '/prueba');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cambiar Contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar Contraseña' });

    act(() =>
      services.onError(
        new ApiError({
          statusCode: 401,
          errorCode: 'REFRESH_TOKEN_ERROR',
          errorMessage: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
        }),
      ),
    );
    expect(
      await screen.findByText('Tu sesión ha expirado. Por favor, inicia sesión nuevamente.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('session restore after a reload', () => {
  beforeEach(() => useAuthStore.getState().logout());

  it('renews the token through the cookie, with the loading overlay meanwhile', async () => {
    let answer: (r: RouteAnswer<'POST /auth/refresh-token'>) => void = () => {};
    const calls = stubApi({
      'POST /auth/refresh-token': () =>
        new Promise<RouteAnswer<'POST /auth/refresh-token'>>((resolve) => (answer = resolve)),
    }).requests;
    useAuthStore.getState().login({ user: maria });
    renderRoutes(buildRoutes(), '/dashboard');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Cargando' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Panel de control' })).not.toBeInTheDocument();

    // The refresh brings the user's current permissions too.
    answer(
      okEnvelope({
        accessToken: 'token-2',
        user: { ...maria, completeName: 'María López Ruiz', permissions: ['VIEW_USERS'] },
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Panel de control' }),
    ).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/auth/refresh-token']);
    expect(useAuthStore.getState().user).toMatchObject({
      completeName: 'María López Ruiz',
      permissions: ['VIEW_USERS'],
    });
  });

  it('simply shows /login, without the expired toast, when the session cannot be renewed', async () => {
    // E.g. the browser was reopened without 'Recordarme': the refresh cookie is gone.
    stubApi({
      'POST /auth/refresh-token': () =>
        failureEnvelope(401, 'REFRESH_TOKEN_ERROR', 'La sesión no es válida.'),
    });
    useAuthStore.getState().login({ user: maria });
    const { router } = renderRoutes(buildRoutes(), '/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(
      screen.queryByText('Tu sesión ha expirado. Por favor, inicia sesión nuevamente.'),
    ).not.toBeInTheDocument();
  });
});
