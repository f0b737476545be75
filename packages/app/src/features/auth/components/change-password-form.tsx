import { changePasswordMutationOptions } from '@anaquel/api';
import { Button, PasswordField, fieldErrorProps } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { Controller, FormProvider } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/password/new-password-fields';
import { canSubmit, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { onBadRequest } from './on-bad-request';
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
      {
        onSuccess: () => {
          notify('La contraseña se cambió exitosamente.', 'success');
          onChanged();
        },
        // The mutation hands its 400 to this form (spec 1 §7).
        onError: onBadRequest(
          'Los datos ingresados son incorrectos. Verifica e inténtalo de nuevo.',
          setError,
          FIELDS,
        ),
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
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
        <Button
          type="submit"
          className="mt-2 w-full"
          isPending={mutation.isPending}
          isDisabled={!canSubmit(formState)}
        >
          Cambiar Contraseña
        </Button>
      </form>
    </FormProvider>
  );
}
