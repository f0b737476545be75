import { resetPasswordMutationOptions } from '@anaquel/api';
import { Button } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/password/new-password-fields';
import { canSubmit, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { onBadRequest } from './on-bad-request';
import { resetPasswordSchema } from '../schemas/password-schemas';

const FIELDS = ['newPassword', 'confirmPassword'] as const;

export interface ResetPasswordFormProps {
  /** From the e-mailed link. */
  token: string;
  email: string;
  /** Called once the password was reset (the page goes to /login). */
  onReset: () => void;
}

/** spec 1 §2 /reset-password: a new strong password and its confirmation. */
export function ResetPasswordForm({ token, email, onReset }: ResetPasswordFormProps) {
  const form = useZodForm(resetPasswordSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit, formState, setError } = form;
  const mutation = useMutation(resetPasswordMutationOptions());

  const onSubmit = handleSubmit(({ newPassword }) =>
    mutation.mutate(
      { token, email, newPassword },
      {
        onSuccess: () => {
          notify('Contraseña restablecida exitosamente.', 'success');
          onReset();
        },
        // Its 400 (used or expired token, weak password) is handed to this page (spec 1 §7).
        onError: onBadRequest(
          'Los datos para restablecer la contraseña son incorrectos. Inténtalo de nuevo.',
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
        <NewPasswordFields
          isDisabled={mutation.isPending}
          description="Al menos 8 caracteres, una mayúscula, un dígito y un carácter especial (@$!%*?&#)."
        />
        <Button
          type="submit"
          className="mt-2 w-full"
          isPending={mutation.isPending}
          isDisabled={!canSubmit(formState)}
        >
          Restablecer Contraseña
        </Button>
      </form>
    </FormProvider>
  );
}
