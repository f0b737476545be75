import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getPasswordInput } from '../../../test/queries';
import { LoginForm } from './login-form';

function setup(props: Partial<Parameters<typeof LoginForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const onForgotPassword = vi.fn();
  const user = userEvent.setup();
  render(<LoginForm onSubmit={onSubmit} onForgotPassword={onForgotPassword} {...props} />);
  return {
    user,
    onSubmit,
    onForgotPassword,
    email: screen.getByRole('textbox', { name: 'Correo electrónico' }),
    password: getPasswordInput('Contraseña'),
    remember: screen.getByRole('switch', { name: 'Recordarme' }),
    submit: screen.getByRole('button', { name: 'Iniciar Sesión' }),
  };
}

describe('LoginForm (spec 1 §2, §4, §5)', () => {
  it('starts with the submit disabled and no error shown', () => {
    const { submit } = setup();
    expect(submit).toBeDisabled();
    expect(screen.queryByText('Correo requerido')).not.toBeInTheDocument();
    expect(screen.queryByText('Contraseña requerida')).not.toBeInTheDocument();
  });

  it('shows the required messages once the fields are touched', async () => {
    const { user, email, password } = setup();
    await user.click(email);
    await user.click(password);
    expect(await screen.findByText('Correo requerido')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(await screen.findByText('Contraseña requerida')).toBeInTheDocument();
  });

  it("shows 'Correo inválido' for a malformed e-mail and keeps the submit disabled", async () => {
    const { user, email, password, submit } = setup();
    await user.type(email, 'admin@anaquel');
    await user.type(password, 'Anaquel#2026');
    expect(await screen.findByText('Correo inválido')).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('enables the submit once valid and modified, and sends the values', async () => {
    const { user, email, password, remember, submit, onSubmit } = setup();
    await user.type(email, 'admin@anaquel.mx');
    expect(submit).toBeDisabled();
    await user.type(password, 'Anaquel#2026');
    await user.click(remember);
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(
      { username: 'admin@anaquel.mx', password: 'Anaquel#2026', rememberMe: true },
      expect.anything(),
    );
  });

  it('disables the form while the request is pending', () => {
    const { submit, email } = setup({ isPending: true });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(email).toBeDisabled();
  });

  it("'Olvidé mi contraseña' asks for the reset modal", async () => {
    const { user, onForgotPassword } = setup();
    await user.click(screen.getByRole('button', { name: 'Olvidé mi contraseña' }));
    expect(onForgotPassword).toHaveBeenCalledOnce();
  });
});
