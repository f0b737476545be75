import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { adminPasswordSchema } from './admin-password-schema';
import { latestBirthDate, userSchema, type UserValues } from './user-schema';

// A fixed "today" in the user's calendar: 22 November 2026.
const today = () => new Date(2026, 10, 22, 9, 30);

const valid: UserValues = {
  name: 'María',
  lastName: 'López Hernández',
  dateOfBirth: '1994-05-17',
  email: 'maria.lopez@anaquel.mx',
  password: 'Promotor#2026',
  profileId: 2,
  profileName: 'Supervisor',
  regionIds: [],
  profileImage: null,
  profileImageUrl: null,
  isActive: true,
};

const messages = (values: Partial<UserValues>, mode: 'create' | 'edit' = 'create') =>
  firstMessages(userSchema(mode, today).safeParse({ ...valid, ...values }));

describe('latestBirthDate (spec 2 §9: minimum age 15)', () => {
  it('is the same day 15 years earlier', () => {
    expect(latestBirthDate(today())).toBe('2011-11-22');
  });

  it('moves February 29 to February 28 in a common year', () => {
    expect(latestBirthDate(new Date(2028, 1, 29))).toBe('2013-02-28');
  });
});

describe('userSchema (spec 2 §5 "User")', () => {
  it('accepts a valid user', () => {
    expect(messages({})).toEqual({});
  });

  it('requires name, last name, date of birth, e-mail and profile', () => {
    expect(
      messages({ name: ' ', lastName: '', dateOfBirth: null, email: '', profileId: null }),
    ).toEqual({
      name: 'El nombre es obligatorio',
      lastName: 'El apellido es obligatorio',
      dateOfBirth: 'La fecha de nacimiento es obligatoria',
      email: 'El correo es obligatorio',
      profileId: 'El perfil es obligatorio',
    });
  });

  it('wants a valid e-mail', () => {
    expect(messages({ email: 'maria.lopez' })).toEqual({ email: 'El correo no es válido' });
  });

  it('wants a user at least 15 years old', () => {
    expect(messages({ dateOfBirth: '2011-11-22' })).toEqual({});
    expect(messages({ dateOfBirth: '2011-11-23' })).toEqual({
      dateOfBirth: 'El usuario debe tener al menos 15 años',
    });
    expect(messages({ dateOfBirth: '2020-01-01' }, 'edit')).toEqual({
      dateOfBirth: 'El usuario debe tener al menos 15 años',
    });
  });

  it('asks for a strong password on create only', () => {
    expect(messages({ password: '' })).toEqual({ password: 'La contraseña es obligatoria' });
    expect(messages({ password: 'Corta#1' })).toEqual({
      password: 'Debe tener al menos 8 caracteres.',
    });
    expect(messages({ password: 'sinmayuscula#1' })).toEqual({
      password: 'Debe contener al menos una letra mayúscula.',
    });
    expect(messages({ password: 'SinDigito#!' })).toEqual({
      password: 'Debe contener al menos un dígito.',
    });
    expect(messages({ password: 'SinEspecial1' })).toEqual({
      password: 'Debe contener al menos un carácter especial (@$!%*?&#).',
    });
    // An edit does not change the password.
    expect(messages({ password: '' }, 'edit')).toEqual({});
  });

  it("requires a region for the 'promotor' profile, whatever its case", () => {
    expect(messages({ profileName: 'Promotor', regionIds: [] })).toEqual({
      regionIds: 'Debe seleccionar al menos una región para el perfil Promotor.',
    });
    expect(messages({ profileName: ' PROMOTOR ', regionIds: [] })).toEqual({
      regionIds: 'Debe seleccionar al menos una región para el perfil Promotor.',
    });
    expect(messages({ profileName: 'promotor', regionIds: [1] })).toEqual({});
    // Shown together with the other fields' messages.
    expect(messages({ name: '', profileName: 'Promotor', regionIds: [] })).toEqual({
      name: 'El nombre es obligatorio',
      regionIds: 'Debe seleccionar al menos una región para el perfil Promotor.',
    });
  });
});

describe('adminPasswordSchema (spec 2 §5 "admin password change")', () => {
  const check = (newPassword: string, confirmPassword: string) =>
    firstMessages(adminPasswordSchema.safeParse({ newPassword, confirmPassword }));

  it('follows the reset rules, special character included', () => {
    expect(check('Bodega#2027', 'Bodega#2027')).toEqual({});
    expect(check('', '')).toEqual({
      newPassword: 'La nueva contraseña es requerida.',
      confirmPassword: 'Debe confirmar la nueva contraseña.',
    });
    expect(check('Bodega2027', 'Bodega2027')).toEqual({
      newPassword: 'Debe contener al menos un carácter especial (@$!%*?&#).',
    });
  });

  it("wants the confirmation to match: 'Las contraseñas deben coincidir.'", () => {
    expect(check('Bodega#2027', 'Bodega#2028')).toEqual({
      confirmPassword: 'Las contraseñas deben coincidir.',
    });
    expect(check('corta', 'corto')).toEqual({
      newPassword: 'Debe tener al menos 8 caracteres.',
      confirmPassword: 'Las contraseñas deben coincidir.',
    });
  });
});
