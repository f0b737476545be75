/** Spanish labels of the five strength levels (spec 1 §4), weakest first. */
export const PASSWORD_STRENGTH_LABELS = [
  'Muy Débil',
  'Débil',
  'Moderada',
  'Fuerte',
  'Muy Fuerte',
] as const;

export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];
export type PasswordStrengthLevel = 0 | 1 | 2 | 3 | 4;

export interface PasswordCriteria {
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
  /** At least 8 characters (spec 1 §9: password minimum length 8). */
  length: boolean;
}

export interface PasswordStrength {
  /** 0 (Muy Débil) to 4 (Muy Fuerte). */
  level: PasswordStrengthLevel;
  label: PasswordStrengthLabel;
  /** Which of the five criteria the password meets. */
  criteria: PasswordCriteria;
  /** How many criteria are met (0 to 5). */
  met: number;
}

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Strength of a password (spec 1 §4): criteria are a lowercase letter, an uppercase letter, a
 * digit, a special character (anything that is not a letter or digit) and a length of at least
 * 8; level = criteria met - 1, never below 0. An empty password has no strength (`null`).
 */
export function passwordStrength(password: string): PasswordStrength | null {
  if (password === '') return null;
  const criteria: PasswordCriteria = {
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    special: /[^\p{L}\p{N}]/u.test(password),
    length: [...password].length >= PASSWORD_MIN_LENGTH,
  };
  const met = Object.values(criteria).filter(Boolean).length;
  const level = Math.max(0, met - 1) as PasswordStrengthLevel;
  return { level, label: PASSWORD_STRENGTH_LABELS[level], criteria, met };
}
