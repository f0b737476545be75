import { isApiError } from '@anaquel/api';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';

export interface PasswordOutcome<Values extends FieldValues> {
  /** The success toast. */
  success: string;
  /** The toast of a 400, which the form handles itself (spec 1 §7). */
  badRequest: string;
  setError: UseFormSetError<Values>;
  /** The fields a 400's `validationErrors` may name. */
  fields: readonly FieldPath<Values>[];
  /** What follows the success (the modal closes, the page goes to /login). */
  onDone: () => void;
}

/**
 * A password mutation's callbacks for a form that handles the 400 itself (spec 1 §7; other
 * statuses were toasted globally): the success toast then `onDone`; on a 400 its toast and the
 * `validationErrors` on their fields.
 */
export function passwordOutcome<Values extends FieldValues>({
  success,
  badRequest,
  setError,
  fields,
  onDone,
}: PasswordOutcome<Values>) {
  return {
    onSuccess: () => {
      notify(success, 'success');
      onDone();
    },
    onError: (error: unknown) => {
      if (!isApiError(error) || error.statusCode !== 400) return;
      notify(badRequest, 'error');
      applyServerErrors(error.validationErrors, setError, fields);
    },
  };
}
