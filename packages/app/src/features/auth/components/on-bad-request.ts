import { isApiError } from '@anaquel/api';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';

/**
 * A password mutation's `onError` for a form that handles the 400 itself (spec 1 §7; other
 * statuses were toasted globally): toasts `message` and puts the `validationErrors` on `fields`.
 */
export function onBadRequest<Values extends FieldValues>(
  message: string,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
): (error: unknown) => void {
  return (error) => {
    if (!isApiError(error) || error.statusCode !== 400) return;
    notify(message, 'error');
    applyServerErrors(error.validationErrors, setError, fields);
  };
}
