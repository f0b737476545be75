import { z } from 'zod';

export const emailMessages = {
  required: 'Correo requerido',
  invalid: 'Correo inválido',
} as const;

/** An e-mail field: required and valid (spec 1 §5). */
export const emailSchema = z
  .string()
  .trim()
  .min(1, emailMessages.required)
  .pipe(z.email(emailMessages.invalid));

/** spec 1 §5: username required and a valid e-mail; password required. */
export const loginSchema = z.object({
  username: emailSchema,
  password: z.string().min(1, 'Contraseña requerida'),
  rememberMe: z.boolean(),
});

export type LoginValues = z.input<typeof loginSchema>;

/** The 'Olvidé mi contraseña' request (spec 1 §5). */
export const resetRequestSchema = z.object({ email: emailSchema });

export type ResetRequestValues = z.input<typeof resetRequestSchema>;
