import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginSchema, resetRequestSchema } from './login-schema';
import { changePasswordSchema, resetPasswordSchema } from './password-schemas';

function messages(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('login schema (spec 1 §5)', () => {
  it('requires the e-mail and the password', () => {
    expect(messages(loginSchema, { username: '', password: '', rememberMe: false })).toEqual({
      username: ['Correo requerido'],
      password: ['Contraseña requerida'],
    });
  });
  it('rejects a malformed e-mail', () => {
    expect(messages(loginSchema, { username: 'admin@', password: 'x', rememberMe: false })).toEqual(
      { username: ['Correo inválido'] },
    );
  });
  it('accepts a valid login', () => {
    expect(
      messages(loginSchema, { username: 'admin@anaquel.mx', password: 'x', rememberMe: true }),
    ).toEqual({});
  });
  it('reset request needs a valid e-mail', () => {
    expect(messages(resetRequestSchema, { email: '' })).toEqual({ email: ['Correo requerido'] });
    expect(messages(resetRequestSchema, { email: 'maria' })).toEqual({
      email: ['Correo inválido'],
    });
  });
});

describe('change-password schema (spec 1 §5)', () => {
  const valid = {
    currentPassword: 'Actual2026',
    newPassword: 'Nueva2027',
    confirmPassword: 'Nueva2027',
  };

  it('accepts a valid change', () => {
    expect(messages(changePasswordSchema, valid)).toEqual({});
  });
  it('requires every field', () => {
    expect(
      messages(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toMatchObject({
      currentPassword: ['La contraseña actual es requerida.'],
      newPassword: expect.arrayContaining(['La nueva contraseña es requerida.']) as unknown,
      confirmPassword: ['Debe confirmar la nueva contraseña.'],
    });
  });
  it.each([
    ['Nu3va', 'Debe tener al menos 8 caracteres.'],
    ['nueva2027', 'Debe contener al menos una letra mayúscula.'],
    ['NuevaClave', 'Debe contener al menos un dígito.'],
  ])('rejects %s', (newPassword, message) => {
    expect(
      messages(changePasswordSchema, { ...valid, newPassword, confirmPassword: newPassword })
        .newPassword,
    ).toEqual([message]);
  });
  it('rejects a new password equal to the current one, even when other rules pass', () => {
    expect(
      messages(changePasswordSchema, {
        currentPassword: 'Igual2026',
        newPassword: 'Igual2026',
        confirmPassword: 'Igual2026',
      }),
    ).toEqual({ newPassword: ['La nueva contraseña no puede ser igual a la actual.'] });
  });
  it('requires the confirmation to match, even while another field is invalid', () => {
    expect(
      messages(changePasswordSchema, {
        ...valid,
        currentPassword: '',
        confirmPassword: 'Otra2027',
      }),
    ).toEqual({
      currentPassword: ['La contraseña actual es requerida.'],
      confirmPassword: ['Las contraseñas deben coincidir.'],
    });
  });
});

describe('reset-password schema (spec 2 §5)', () => {
  it('also needs one of @$!%*?&#', () => {
    expect(
      messages(resetPasswordSchema, { newPassword: 'Bodega2027', confirmPassword: 'Bodega2027' }),
    ).toEqual({ newPassword: ['Debe contener al menos un carácter especial (@$!%*?&#).'] });
    expect(
      messages(resetPasswordSchema, { newPassword: 'Bodega#2027', confirmPassword: 'Bodega#2027' }),
    ).toEqual({});
  });
  it('requires the confirmation to match', () => {
    expect(
      messages(resetPasswordSchema, { newPassword: 'Bodega#2027', confirmPassword: 'Bodega#2028' }),
    ).toEqual({ confirmPassword: ['Las contraseñas deben coincidir.'] });
  });
});
