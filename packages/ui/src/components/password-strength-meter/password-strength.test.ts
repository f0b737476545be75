import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('has no strength for an empty password', () => {
    expect(passwordStrength('')).toBeNull();
  });

  it.each([
    // [password, criteria met, level, label]
    ['a', 1, 0, 'Muy Débil'], // lowercase only: 1 - 1 = 0
    ['aB', 2, 1, 'Débil'], // lowercase + uppercase
    ['aB3', 3, 2, 'Moderada'], // + digit
    ['aB3#', 4, 3, 'Fuerte'], // + special, still short
    ['aB3#efgh', 5, 4, 'Muy Fuerte'], // all five, 8 characters
    ['Anaquel#2026', 5, 4, 'Muy Fuerte'], // the demo admin password
    ['abcdefgh', 2, 1, 'Débil'], // lowercase + length
    ['12345678', 2, 1, 'Débil'], // digit + length
    ['ABCDEFG1', 3, 2, 'Moderada'], // uppercase + digit + length
    ['contraseña1', 3, 2, 'Moderada'], // 'ñ' is a letter, not a special character
    ['        ', 2, 1, 'Débil'], // spaces are special characters; 8 of them meet the length
  ])('%j meets %i criteria: level %i (%s)', (password, met, level, label) => {
    const strength = passwordStrength(password);
    expect(strength).toMatchObject({ met, level, label });
  });

  it('gives level 0 (Muy Débil) to a single criterion', () => {
    expect(passwordStrength('é')?.level).toBe(0);
    expect(passwordStrength('!')?.criteria).toEqual({
      lowercase: false,
      uppercase: false,
      digit: false,
      special: true,
      length: false,
    });
  });

  it('counts the length in characters, not UTF-16 units', () => {
    expect(passwordStrength('😀😀😀😀aaa')?.criteria.length).toBe(false);
    expect(passwordStrength('😀😀😀😀aaaa')?.criteria.length).toBe(true);
  });
});
