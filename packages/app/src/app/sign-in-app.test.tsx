import type { SessionUser } from '@anaquel/api';
import { toast } from '@anaquel/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { failureEnvelope, okEnvelope, stubApi } from '../test/api-stub';
import { getPasswordInput } from '../test/queries';
import { AppProviders } from './providers';
import { SignInApp } from './sign-in-app';

const admin: SessionUser = {
  id: 1,
  completeName: 'Administrador General',
  email: 'admin@anaquel.mx',
  profileImageUrl: null,
  permissions: ['VIEW_USERS'],
};

function renderSignIn() {
  const leave = vi.fn();
  const prefetch = vi.fn();
  render(
    <AppProviders services={null}>
      <SignInApp leave={leave} prefetch={prefetch} />
    </AppProviders>,
  );
  return { leave, prefetch, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, password = 'Anaquel#2026') {
  await user.type(
    await screen.findByRole('textbox', { name: 'Correo electrónico' }, { timeout: 15_000 }),
    'admin@anaquel.mx',
  );
  await user.type(getPasswordInput('Contraseña'), password);
  const submit = screen.getByRole('button', { name: 'Iniciar Sesión' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
}

// The sign-in boot of main.tsx: /login opened signed out, without the router nor a QueryClient.
describe('SignInApp (issue 14)', () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    toast.clear();
    window.history.replaceState(null, '', '/login');
  });

  it("shows the router's sign-in page: header with 'Inicio', title, no toast region yet", async () => {
    const { leave } = renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Anaquel' })).toBeVisible();
    expect(document.title).toBe('Iniciar Sesión · Anaquel');
    expect(screen.queryByRole('region', { name: 'Notificaciones' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Inicio' }));
    expect(leave).toHaveBeenCalledWith('/');
  });

  it('signs in without a QueryClient, says so and leaves for the remembered route', async () => {
    window.history.replaceState({ usr: { from: { pathname: '/users', search: '?q=1' } } }, '');
    const calls = stubApi({
      'POST /auth/login': () => okEnvelope({ accessToken: 'token-1', user: admin }),
    }).requests;
    const { leave, prefetch, user } = renderSignIn();
    await signIn(user);
    // The toaster is fetched with the first toast.
    expect(await screen.findByText('Inicio de sesión exitoso.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(leave).toHaveBeenCalledWith('/users?q=1', { replace: true });
    expect(prefetch).toHaveBeenCalledOnce();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/login' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: admin });
  });

  it('shows the invalid-credentials message on a 401 and stays', async () => {
    stubApi({
      'POST /auth/login': () =>
        failureEnvelope(401, 'INVALID_CREDENTIALS', 'Usuario o contraseña incorrectos.'),
    });
    const { leave, user } = renderSignIn();
    await signIn(user, 'NoEs#LaClave1');
    expect(
      await screen.findByText('Credenciales inválidas. Por favor, inténtelo de nuevo.'),
    ).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
