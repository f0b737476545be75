import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormSetError,
} from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

/**
 * A react-hook-form form validated by a zod schema, the way every Anaquel form behaves (spec 1 §4):
 * validation on change, on blur and on submit. Pair with ui's `fieldErrorProps(fieldState,
 * formState)` so a field shows its error only once touched (or after a submit), and with
 * `canSubmit(formState)` for the submit button.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  // Any zod 4 schema, classic (`zod`) or mini (`zod/mini`, the sign-in forms).
  schema: z4.$ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({
    mode: 'all',
    ...options,
    resolver: zodResolver<Input, unknown, Output>(schema),
  });
}

/** spec 1 §4: the submit button is enabled only when the form is valid and modified. */
export function canSubmit(formState: { isValid: boolean; isDirty: boolean }): boolean {
  // Read both on every render: react-hook-form only tracks the formState keys a render reads, and
  // `isValid && isDirty` would skip `isDirty` while invalid (it would then stay false for good).
  const { isValid, isDirty } = formState;
  return isValid && isDirty;
}

/** One server validation message (the envelope's `validationErrors` items). */
export interface ServerFieldError {
  field: string;
  message: string;
}

/**
 * Puts the server's `validationErrors` on the form fields they name (STYLE habit 4). Field names are
 * matched case-insensitively and may be renamed with `fieldMap` (server name -> form field).
 * Returns the errors that matched no field, for the caller to show otherwise.
 */
export function applyServerErrors<Values extends FieldValues>(
  errors: readonly ServerFieldError[] | undefined,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
  fieldMap: Partial<Record<string, FieldPath<Values>>> = {},
): ServerFieldError[] {
  const unmatched: ServerFieldError[] = [];
  const byLowerName = new Map(fields.map((f) => [f.toLowerCase(), f]));
  const focused = new Set<string>();
  for (const error of errors ?? []) {
    const target = fieldMap[error.field] ?? byLowerName.get(error.field.toLowerCase());
    if (!target) {
      unmatched.push(error);
      continue;
    }
    setError(
      target,
      { type: 'server', message: error.message },
      { shouldFocus: focused.size === 0 },
    );
    focused.add(target);
  }
  return unmatched;
}
