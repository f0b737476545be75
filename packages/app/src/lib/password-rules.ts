import { z } from 'zod';

/** spec 1 §9, spec 2 §5. */
export const PASSWORD_MIN_LENGTH = 8;
/** The special characters a strong password needs one of (spec 2 §5). */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&#';

export const passwordMessages = {
  minLength: 'Debe tener al menos 8 caracteres.',
  uppercase: 'Debe contener al menos una letra mayúscula.',
  digit: 'Debe contener al menos un dígito.',
  special: 'Debe contener al menos un carácter especial (@$!%*?&#).',
  mismatch: 'Las contraseñas deben coincidir.',
} as const;

/**
 * A new password: required (`requiredMessage`), 8+ characters, an uppercase letter and a digit
 * (spec 1 §5); with `special`, also one of @$!%*?&# (reset and admin change, spec 2 §5).
 */
export function newPasswordSchema(requiredMessage: string, { special }: { special: boolean }) {
  let schema = z
    .string()
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, passwordMessages.minLength)
    .regex(/[A-ZÁÉÍÓÚÑÜ]/, passwordMessages.uppercase)
    .regex(/\d/, passwordMessages.digit);
  if (special) schema = schema.regex(/[@$!%*?&#]/, passwordMessages.special);
  return schema.max(128, 'Debe tener como máximo 128 caracteres.');
}
