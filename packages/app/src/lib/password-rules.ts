import { passwordIssues, passwordMessages, PASSWORD_MAX_LENGTH } from '@anaquel/api';
import { z } from 'zod';

// The rules and messages are the server's, from @anaquel/api's rules module (written once).
export { passwordMessages } from '@anaquel/api';

/**
 * A new password: required (`requiredMessage`), 8+ characters, an uppercase letter and a digit
 * (spec 1 §5); with `special`, also one of @$!%*?&# (reset and admin change, spec 2 §5).
 */
export function newPasswordSchema(requiredMessage: string, { special }: { special: boolean }) {
  return z
    .string()
    .min(1, requiredMessage)
    .superRefine((password, context) => {
      if (password === '') return;
      for (const message of passwordIssues(password, { special })) {
        context.addIssue({ code: 'custom', message });
      }
    })
    .max(PASSWORD_MAX_LENGTH, passwordMessages.maxLength);
}
