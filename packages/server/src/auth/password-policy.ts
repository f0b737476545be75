import { passwordIssues } from '@anaquel/api/rules';
import type { ValidationIssue } from '../http/errors.ts';

// The password rules and their messages are written once in @anaquel/api/rules, which the app's
// forms use too (spec 1 §5, spec 2 §5).
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
  return passwordIssues(password, { special: policy.requireSpecialCharacter }).map((message) => ({
    field,
    message,
  }));
}
