import { z } from 'zod';
import { newPasswordSchema, passwordMessages } from '../../lib/password-rules';

export const adminPasswordMessages = {
  newRequired: 'La nueva contraseña es requerida.',
  confirmRequired: 'Debe confirmar la nueva contraseña.',
  changed: 'La contraseña del usuario se cambió exitosamente.',
  failed: 'No se pudo cambiar la contraseña del usuario. Inténtalo nuevamente.',
  ...passwordMessages,
} as const;

/**
 * spec 2 §5: an administrator's password change follows the reset rules (8+ characters, an
 * uppercase letter, a digit and one of @$!%*?&#) and the confirmation must match.
 */
export const adminPasswordSchema = z
  .object({
    newPassword: newPasswordSchema(adminPasswordMessages.newRequired, { special: true }),
    confirmPassword: z.string().min(1, adminPasswordMessages.confirmRequired),
  })
  .refine(
    ({ newPassword, confirmPassword }) => !confirmPassword || newPassword === confirmPassword,
    {
      path: ['confirmPassword'],
      error: adminPasswordMessages.mismatch,
      // Checked even while the new password breaks a rule: a typo in the confirmation shows at once.
      when: ({ value }) => {
        const { newPassword, confirmPassword } = (value ?? {}) as Record<string, unknown>;
        return typeof newPassword === 'string' && typeof confirmPassword === 'string';
      },
    },
  );
