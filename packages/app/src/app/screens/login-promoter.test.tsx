import type { SessionUser } from '@anaquel/api';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openFieldApp } from '../../lib/field-app';
import { useAuthStore } from '../../stores/auth-store';
import { okEnvelope, stubApi } from '../../test/api-stub';
import { getPasswordInput } from '../../test/queries';
import { LoginScreen } from './login-screen';

vi.mock('../../lib/field-app', () => ({ openFieldApp: vi.fn() }));

const person = (profileName: string): SessionUser => ({
  id: 7,
  completeName: 'María Fernanda López Hernández',
  email: 'promotor@anaquel.mx',
  profileImageUrl: null,
  permissions: [],
  profileName,
});

async function signInAs(user: SessionUser) {
  stubApi({ 'POST /auth/login': () => okEnvelope({ accessToken: 'token-1', user }) });
  const navigate = vi.fn();
  render(<LoginScreen navigate={navigate} destination="/dashboard" prefetch={() => undefined} />);
  const typist = userEvent.setup();
  await typist.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), user.email);
  await typist.type(getPasswordInput('Contraseña'), 'Promotor#2026');
  await typist.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(true));
  return navigate;
}

describe('signing in (issue #22)', () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    vi.mocked(openFieldApp).mockClear();
  });

  it('sends a promoter to the field app', async () => {
    const navigate = await signInAs(person('Promotor'));
    expect(openFieldApp).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends anybody else where they were going', async () => {
    const navigate = await signInAs(person('Administrador'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dashboard', { replace: true }));
    expect(openFieldApp).not.toHaveBeenCalled();
  });
});
