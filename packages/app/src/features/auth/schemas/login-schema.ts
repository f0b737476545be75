// zod/mini (the functional, tree-shakable build of zod 4) for the reset request modal, which the
// sign-in route fetches when it is first opened. The sign-in form itself validates without zod
// (login-validation.ts), with the same messages and e-mail pattern.
import * as z from 'zod/mini';
import { emailMessages } from './login-validation';

/** An e-mail field: required and valid (spec 1 §5). */
const emailSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1, emailMessages.required)),
  z.email(emailMessages.invalid),
);

/** The 'Olvidé mi contraseña' request (spec 1 §5). */
export const resetRequestSchema = z.object({ email: emailSchema });
