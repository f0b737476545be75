import type { SessionUser } from '@anaquel/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { failureEnvelope, okEnvelope, stubApi } from '../../test/api-stub';
import { getPasswordInput } from '../../test/queries';
import { renderRoutes } from '../../test/render';
import { buildRoutes } from '../routes';
import { loadShellLayout } from '../screen-table';

const admin: SessionUser = {
  id: 1,
  completeName: 'Administrador General',
  email: 'admin@anaquel.mx',
  profileImageUrl: null,
  permissions: ['VIEW_USERS'],
};

async function signIn(email = 'admin@anaquel.mx', password = 'Anaquel#2026') {
  const user = userEvent.setup();
  // The sign-in screen is code-split: its first load may take a while on busy cores.
  const emailField = await screen.findByRole(
    'textbox',
    { name: 'Correo electrónico' },
    { timeout: 15_000 },
  );
  await user.type(emailField, email);
  await user.type(getPasswordInput('Contraseña'), password);
  const submit = screen.getByRole('button', { name: 'Iniciar Sesión' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
}

describe('login screen (spec 1 §2, §8)', () => {
  // The screens and the shell are code-split: their first import (transformed on the fly under
  // jsdom) can outlast a findBy timeout on a loaded machine, so they are loaded once up front.
  beforeAll(async () => {
    await Promise.all([import('./login'), import('./prueba'), loadShellLayout()]);
  });
  beforeEach(() => useAuthStore.getState().logout());

  it('signs in, says so and goes to the remembered route', async () => {
    const calls = stubApi({
      'POST /auth/login': () => okEnvelope({ accessToken: 'token-1', user: admin }),
    }).requests;
    const { router } = renderRoutes(buildRoutes(), '/prueba');
    await signIn();
    expect(await screen.findByText('Inicio de sesión exitoso.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página de Prueba' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/prueba');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/auth/login',
      body: { username: 'admin@anaquel.mx', password: 'Anaquel#2026', rememberMe: false },
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: admin });
  });

  it('goes to /dashboard when no route was remembered', async () => {
    stubApi({ 'POST /auth/login': () => okEnvelope({ accessToken: 'token-1', user: admin }) });
    const { router } = renderRoutes(buildRoutes(), '/login');
    await signIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Panel de control' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the invalid-credentials message on a 401 and stays on /login', async () => {
    stubApi({
      'POST /auth/login': () =>
        failureEnvelope(401, 'INVALID_CREDENTIALS', 'Usuario o contraseña incorrectos.'),
    });
    const { router } = renderRoutes(buildRoutes(), '/login');
    await signIn('nadie@anaquel.mx', 'NoEs#LaClave1');
    expect(
      await screen.findByText('Credenciales inválidas. Por favor, inténtelo de nuevo.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('shows the 429 of the sign-in limits with the minutes to wait and stays on /login', async () => {
    stubApi({
      'POST /auth/login': () =>
        failureEnvelope(
          429,
          'TOO_MANY_ATTEMPTS',
          'Demasiados intentos. Intenta de nuevo en 12 minuto(s).',
        ),
    });
    const { router } = renderRoutes(buildRoutes(), '/login');
    await signIn();
    expect(
      await screen.findByText('Demasiados intentos. Intenta de nuevo en 12 minuto(s).'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('shows the locked-account message with the minutes left', async () => {
    stubApi({
      'POST /auth/login': () =>
        failureEnvelope(
          401,
          'ACCOUNT_LOCKED',
          'La cuenta está bloqueada. Intenta de nuevo en 14 minuto(s).',
        ),
    });
    renderRoutes(buildRoutes(), '/login');
    await signIn();
    expect(
      await screen.findByText('La cuenta está bloqueada. Intenta de nuevo en 14 minuto(s).'),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Credenciales inválidas. Por favor, inténtelo de nuevo.'),
    ).not.toBeInTheDocument();
  });

  it('the reset modal answers the same for any address and closes', async () => {
    const calls = stubApi({
      'POST /auth/send-reset-email': () =>
        failureEnvelope(400, 'VALIDATION_ERROR', 'El correo no está registrado.'),
    }).requests;
    renderRoutes(buildRoutes(), '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Olvidé mi contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restablecer Contraseña' });
    const email = screen.getAllByRole('textbox', { name: 'Correo electrónico' }).at(-1)!;
    await user.type(email, 'x');
    await user.clear(email);
    await user.tab();
    expect(await screen.findByText('Correo requerido')).toBeInTheDocument();
    await user.type(email, 'nadie@anaquel.mx');
    const send = screen.getByRole('button', { name: 'Enviar Correo' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(
      await screen.findByText(
        'Si el correo está registrado, recibirás un enlace de restablecimiento.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ body: { email: 'nadie@anaquel.mx' } });
    // The refused address is not reported with the global 400 message.
    expect(
      screen.queryByText(
        'La solicitud no es válida. Por favor, revisa los datos e intenta nuevamente.',
      ),
    ).not.toBeInTheDocument();
  });
});
