// The sign-in form's rules without zod: the sign-in route is the one page every visitor loads, and
// zod's core (its schema machinery) weighs about 12 KB compressed there for three checks. The
// e-mail pattern is zod's own (`z.email()`), so this form and the zod schemas of the other auth
// forms accept the same addresses (schemas.test.ts checks they agree).
import { regexes } from 'zod/v4/core';

export const emailMessages = {
  required: 'Correo requerido',
  invalid: 'Correo inválido',
} as const;

const PASSWORD_REQUIRED = 'Contraseña requerida';

/** The sign-in form's values (the submitted `username` comes trimmed). */
export interface LoginValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** spec 1 §5: the e-mail's message, or null when valid (trimmed first, like `emailSchema`). */
function emailError(value: string): string | null {
  const email = value.trim();
  if (email.length === 0) return emailMessages.required;
  return regexes.email.test(email) ? null : emailMessages.invalid;
}

/** spec 1 §5: username required and a valid e-mail; password required. Messages by field. */
export function loginErrors(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const username = emailError(values.username);
  if (username) errors.username = username;
  if (values.password.length === 0) errors.password = PASSWORD_REQUIRED;
  return errors;
}

/** What the sign-in form submits once valid: the values, the e-mail trimmed. */
export function submittedLoginValues(values: LoginValues): LoginValues {
  return { ...values, username: values.username.trim() };
}
