import { changePasswordMutationOptions } from '@anaquel/api';
import { PasswordField, fieldErrorProps } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/password/new-password-fields';
import { PasswordForm } from '../../../components/password/password-form';
import { useZodForm } from '../../../lib/forms';
import { passwordOutcome } from './on-bad-request';
import { useAuthStore } from '../../../stores/auth-store';
import { changePasswordSchema } from '../schemas/password-schemas';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export interface ChangePasswordFormProps {
  /** Called after the password was changed (the modal closes). */
  onChanged: () => void;
}

/** spec 1 §2, §5, §8: the signed-in user's password change, shown in the user card's modal. */
export function ChangePasswordForm({ onChanged }: ChangePasswordFormProps) {
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { control, handleSubmit, formState, setError } = form;
  const mutation = useMutation(changePasswordMutationOptions());
  const email = useAuthStore((s) => s.user?.email ?? '');

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate(
      { currentPassword, newPassword },
      // The mutation hands its 400 to this form (spec 1 §7).
      passwordOutcome({
        success: 'La contraseña se cambió exitosamente.',
        badRequest: 'Los datos ingresados son incorrectos. Verifica e inténtalo de nuevo.',
        setError,
        fields: FIELDS,
        onDone: onChanged,
      }),
    ),
  );

  return (
    <PasswordForm
      form={form}
      onSubmit={onSubmit}
      email={email}
      isPending={mutation.isPending}
      submitLabel="Cambiar Contraseña"
    >
      <Controller
        control={control}
        name="currentPassword"
        rules={{ deps: ['newPassword'] }}
        render={({ field, fieldState }) => (
          <PasswordField
            {...field}
            label="Contraseña Actual"
            placeholder="Contraseña actual"
            autoComplete="current-password"
            isDisabled={mutation.isPending}
            {...fieldErrorProps(fieldState, formState)}
          />
        )}
      />
      <NewPasswordFields isDisabled={mutation.isPending} />
    </PasswordForm>
  );
}
