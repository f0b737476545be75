import { z } from 'zod';
import { newPasswordSchema, passwordMessages } from '../../../lib/password-rules';

const changePasswordMessages = {
  currentRequired: 'La contraseña actual es requerida.',
  newRequired: 'La nueva contraseña es requerida.',
  sameAsCurrent: 'La nueva contraseña no puede ser igual a la actual.',
  confirmRequired: 'Debe confirmar la nueva contraseña.',
  ...passwordMessages,
} as const;

/** spec 1 §5: the change-password modal. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, changePasswordMessages.currentRequired),
    newPassword: newPasswordSchema(changePasswordMessages.newRequired, { special: false }),
    confirmPassword: z.string().min(1, changePasswordMessages.confirmRequired),
  })
  .superRefine(({ currentPassword, newPassword, confirmPassword }, ctx) => {
    if (newPassword && currentPassword && newPassword === currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: changePasswordMessages.sameAsCurrent,
      });
    }
    if (confirmPassword && newPassword !== confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: passwordMessages.mismatch,
      });
    }
  });

/** The /reset-password form: a strong password (spec 2 §5) and its confirmation. */
export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordSchema(changePasswordMessages.newRequired, { special: true }),
    confirmPassword: z.string().min(1, changePasswordMessages.confirmRequired),
  })
  .superRefine(({ newPassword, confirmPassword }, ctx) => {
    if (confirmPassword && newPassword !== confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: passwordMessages.mismatch,
      });
    }
  });
