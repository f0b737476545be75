import type { ValidationIssue } from '../http/errors.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** spec 2 §5: the special characters accepted by reset and admin change. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&#';

export interface PasswordPolicy {
  /** spec 2 §5 (reset and admin change) also requires one of @$!%*?&#. */
  requireSpecialCharacter: boolean;
}

/** spec 1 §5 / spec 2 §5: the broken rules of a new password, as Spanish issues on `field`. */
export function passwordPolicyIssues(
  password: string,
  field: string,
  policy: PasswordPolicy,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    issues.push({ field, message: `Debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.` });
  }
  if (!/\p{Lu}/u.test(password)) {
    issues.push({ field, message: 'Debe contener al menos una letra mayúscula.' });
  }
  if (!/\d/.test(password)) {
    issues.push({ field, message: 'Debe contener al menos un dígito.' });
  }
  if (
    policy.requireSpecialCharacter &&
    ![...PASSWORD_SPECIAL_CHARACTERS].some((c) => password.includes(c))
  ) {
    issues.push({
      field,
      message: `Debe contener al menos un carácter especial (${PASSWORD_SPECIAL_CHARACTERS}).`,
    });
  }
  return issues;
}
