import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getPasswordInput } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';

function setup() {
  const onChanged = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<ChangePasswordForm onChanged={onChanged} />);
  return {
    user,
    onChanged,
    current: getPasswordInput('Contraseña Actual'),
    next: getPasswordInput('Nueva Contraseña'),
    confirm: getPasswordInput('Confirmar Contraseña'),
    submit: screen.getByRole('button', { name: 'Cambiar Contraseña' }),
  };
}

describe('ChangePasswordForm (spec 1 §4, §5)', () => {
  it('shows the required messages once each field is touched', async () => {
    const { user, current, next, confirm, submit } = setup();
    expect(submit).toBeDisabled();
    await user.click(current);
    await user.click(next);
    await user.click(confirm);
    await user.tab();
    expect(await screen.findByText('La contraseña actual es requerida.')).toBeInTheDocument();
    expect(screen.getByText('La nueva contraseña es requerida.')).toBeInTheDocument();
    expect(screen.getByText('Debe confirmar la nueva contraseña.')).toBeInTheDocument();
  });

  it.each([
    ['Ab1', 'Debe tener al menos 8 caracteres.'],
    ['bodega2027', 'Debe contener al menos una letra mayúscula.'],
    ['BodegaNueva', 'Debe contener al menos un dígito.'],
  ])('rejects the new password %s', async (password, message) => {
    const { user, next } = setup();
    await user.type(next, password);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('rejects a new password equal to the current one', async () => {
    const { user, current, next } = setup();
    await user.type(current, 'Bodega2026');
    await user.type(next, 'Bodega2026');
    await user.tab();
    expect(
      await screen.findByText('La nueva contraseña no puede ser igual a la actual.'),
    ).toBeInTheDocument();
  });

  it('checks the confirmation again when the new password changes', async () => {
    const { user, current, next, confirm, submit } = setup();
    await user.type(current, 'Bodega2026');
    await user.type(next, 'Bodega2027');
    await user.type(confirm, 'Bodega2027');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.type(next, 'x');
    expect(await screen.findByText('Las contraseñas deben coincidir.')).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeDisabled());
  });

  it('shows the strength of the new password', async () => {
    const { user, next } = setup();
    expect(screen.queryByText('Muy Débil')).not.toBeInTheDocument();
    await user.type(next, 'abc');
    expect(screen.getByText('Muy Débil')).toBeInTheDocument();
    await user.clear(next);
    await user.type(next, 'Nueva#Clave2026');
    expect(screen.getByText('Muy Fuerte')).toBeInTheDocument();
  });
});
