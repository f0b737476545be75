import { describe, expect, it } from 'vitest';
import type * as z4 from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import { resetRequestSchema } from './login-schema';
import { loginErrors, submittedLoginValues, type LoginValues } from './login-validation';
import { changePasswordSchema, resetPasswordSchema } from './password-schemas';

function messages(schema: z4.$ZodType, value: unknown): Record<string, string[]> {
  const result = safeParse(schema, value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('login validation (spec 1 §5)', () => {
  it('requires the e-mail and the password', () => {
    expect(loginErrors({ username: '', password: '', rememberMe: false })).toEqual({
      username: 'Correo requerido',
      password: 'Contraseña requerida',
    });
    expect(loginErrors({ username: '   ', password: 'x', rememberMe: false })).toEqual({
      username: 'Correo requerido',
    });
  });
  it('rejects a malformed e-mail', () => {
    expect(loginErrors({ username: 'admin@', password: 'x', rememberMe: false })).toEqual({
      username: 'Correo inválido',
    });
  });
  it('accepts a valid login and hands the e-mail trimmed to the submit', () => {
    const values: LoginValues = {
      username: ' admin@anaquel.mx ',
      password: ' x ',
      rememberMe: true,
    };
    expect(loginErrors(values)).toEqual({});
    expect(submittedLoginValues(values)).toEqual({
      username: 'admin@anaquel.mx',
      password: ' x ',
      rememberMe: true,
    });
  });
  it('gives its errors by field', () => {
    expect(loginErrors({ username: 'maria', password: '', rememberMe: false })).toEqual({
      username: 'Correo inválido',
      password: 'Contraseña requerida',
    });
  });
  it('accepts the same e-mails as the zod schema of the reset request', () => {
    for (const email of [
      '',
      ' ',
      'maria',
      'maria@',
      'maria@anaquel',
      '.maria@anaquel.mx',
      'maria..lopez@anaquel.mx',
      'maria.lopez+mx@anaquel.com.mx',
      " o'neil@sub-dominio.mx ",
      'maria@-anaquel.mx',
      'maría@anaquel.mx',
    ]) {
      const login = loginErrors({ username: email, password: 'x', rememberMe: false }).username;
      expect(login ? [login] : undefined, email).toEqual(
        messages(resetRequestSchema, { email }).email,
      );
    }
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
