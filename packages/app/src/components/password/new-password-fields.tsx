import { PasswordField, PasswordStrengthMeter, fieldErrorProps } from '@anaquel/ui';
import { Controller, type Control, type FieldValues, type FormState } from 'react-hook-form';

/** The two fields every new-password form has. */
interface NewPasswordValues extends FieldValues {
  newPassword: string;
  confirmPassword: string;
}

export interface NewPasswordFieldsProps<Values extends FieldValues> {
  /** The form's control; its values include `newPassword` and `confirmPassword`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod output type
  control: Control<Values, any, any>;
  formState: FormState<NoInfer<Values>>;
  isDisabled?: boolean;
  /** Shows the required mark (the admin's modal). */
  isRequired?: boolean;
  autoFocus?: boolean;
  /** Help under the new password (the reset form states the rules). */
  description?: string;
}

/**
 * 'Nueva Contraseña' with its strength meter and 'Confirmar Contraseña' (spec 1 §5, spec 2 §5): the
 * change-password, reset and admin-change forms. A change of the new password re-checks the
 * confirmation.
 */
export function NewPasswordFields<Values extends FieldValues>({
  control,
  formState,
  isDisabled,
  isRequired,
  autoFocus,
  description,
}: NewPasswordFieldsProps<Values>) {
  // The forms using this component all hold the two fields.
  const fields = control as unknown as Control<NewPasswordValues>;
  const state = formState as unknown as FormState<NewPasswordValues>;
  return (
    <>
      <Controller
        control={fields}
        name="newPassword"
        rules={{ deps: ['confirmPassword'] }}
        render={({ field, fieldState }) => (
          <PasswordField
            {...field}
            label="Nueva Contraseña"
            placeholder="Nueva contraseña"
            autoComplete="new-password"
            description={description}
            isRequired={isRequired}
            autoFocus={autoFocus}
            isDisabled={isDisabled}
            meter={<PasswordStrengthMeter password={field.value} />}
            {...fieldErrorProps(fieldState, state)}
          />
        )}
      />
      <Controller
        control={fields}
        name="confirmPassword"
        render={({ field, fieldState }) => (
          <PasswordField
            {...field}
            label="Confirmar Contraseña"
            placeholder="Confirma la nueva contraseña"
            autoComplete="new-password"
            isRequired={isRequired}
            isDisabled={isDisabled}
            {...fieldErrorProps(fieldState, state)}
          />
        )}
      />
    </>
  );
}
