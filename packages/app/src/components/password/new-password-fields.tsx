import { PasswordField, PasswordStrengthMeter, fieldErrorProps } from '@anaquel/ui';
import { Controller, useFormContext, type FieldValues } from 'react-hook-form';

/** The two fields every new-password form has. */
interface NewPasswordValues extends FieldValues {
  newPassword: string;
  confirmPassword: string;
}

export interface NewPasswordFieldsProps {
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
 * confirmation. It reads the form from its `FormProvider`: a form's control is typed by all of its
 * fields, so a component generic over "a form with at least these two" cannot be handed it typed.
 */
export function NewPasswordFields({
  isDisabled,
  isRequired,
  autoFocus,
  description,
}: NewPasswordFieldsProps) {
  const { control: fields, formState: state } = useFormContext<NewPasswordValues>();
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
