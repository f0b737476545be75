import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, okEnvelope, stubApi } from '../../test/api-stub';
import { getPasswordInput } from '../../test/queries';
import { renderRoutes } from '../../test/render';
import { buildRoutes } from '../routes';

async function fill(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(getPasswordInput('Nueva Contraseña'), password);
  await user.type(getPasswordInput('Confirmar Contraseña'), confirmation);
  return user;
}

describe('/reset-password (spec 1 §2)', () => {
  it.each([
    '/reset-password',
    '/reset-password?token=abc',
    '/reset-password?email=maria@anaquel.mx',
    '/reset-password?token=&email=maria@anaquel.mx',
  ])('%s: says the link is not valid and goes to /login', async (path) => {
    const { router } = renderRoutes(buildRoutes(), path);
    expect(await screen.findByText('El token o el correo no son válidos.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Anaquel' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for a strong password and a matching confirmation', async () => {
    renderRoutes(buildRoutes(), '/reset-password?token=abc&email=maria@anaquel.mx');
    await screen.findByRole('heading', { level: 1, name: 'Restablecer Contraseña' });
    const user = await fill('Bodega2027', 'Bodega2028');
    await user.tab();
    expect(
      await screen.findByText('Debe contener al menos un carácter especial (@$!%*?&#).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas deben coincidir.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restablecer Contraseña' })).toBeDisabled();
  });

  it('resets the password and goes to /login', async () => {
    const calls = stubApi({
      'POST /auth/reset-password': () => okEnvelope({ message: 'Contraseña restablecida.' }),
    }).requests;
    const { router } = renderRoutes(
      buildRoutes(),
      '/reset-password?token=tok-123&email=maria%40anaquel.mx',
    );
    await screen.findByRole('heading', { level: 1, name: 'Restablecer Contraseña' });
    const user = await fill('Bodega#2027');
    const submit = screen.getByRole('button', { name: 'Restablecer Contraseña' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Contraseña restablecida exitosamente.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/auth/reset-password',
        body: { token: 'tok-123', email: 'maria@anaquel.mx', newPassword: 'Bodega#2027' },
      },
    ]);
  });

  it('shows the bad-request message on a 400 and stays', async () => {
    stubApi({
      'POST /auth/reset-password': () =>
        failureEnvelope(400, 'INVALID_RESET_TOKEN', 'El enlace ya no es válido.'),
    });
    const { router } = renderRoutes(buildRoutes(), '/reset-password?token=old&email=m@a.mx');
    await screen.findByRole('heading', { level: 1, name: 'Restablecer Contraseña' });
    const user = await fill('Bodega#2027');
    const submit = screen.getByRole('button', { name: 'Restablecer Contraseña' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(
      await screen.findByText(
        'Los datos para restablecer la contraseña son incorrectos. Inténtalo de nuevo.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
