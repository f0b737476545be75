/**
 * Structural subsets of react-hook-form's `ControllerFieldState` and `FormState`, so ui keeps
 * no dependency on react-hook-form while the app can pass them straight through.
 */
export interface FieldStateLike {
  invalid: boolean;
  isTouched: boolean;
  error?: { message?: string } | undefined;
}
export interface FormStateLike {
  isSubmitted: boolean;
}

/**
 * Validation props for a ui field from a `Controller` render: the error shows once the field
 * was touched or the form was submitted (spec 1 §4, "a field shows its error only after it has
 * been touched").
 *
 * @example
 * <Controller name="email" control={control} render={({ field, fieldState, formState }) => (
 *   <TextField {...field} label="Correo electrónico" {...fieldErrorProps(fieldState, formState)} />
 * )} />
 */
export function fieldErrorProps(fieldState: FieldStateLike, formState?: FormStateLike) {
  return {
    isInvalid: fieldState.invalid,
    isTouched: fieldState.isTouched || Boolean(formState?.isSubmitted),
    errorMessage: fieldState.error?.message,
  };
}
