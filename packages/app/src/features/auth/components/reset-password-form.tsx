import { resetPasswordMutationOptions } from '@anaquel/api';
import { useMutation } from '@tanstack/react-query';
import { NewPasswordFields } from '../../../components/password/new-password-fields';
import { PasswordForm } from '../../../components/password/password-form';
import { useZodForm } from '../../../lib/forms';
import { passwordOutcome } from './on-bad-request';
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
  const { handleSubmit, setError } = form;
  const mutation = useMutation(resetPasswordMutationOptions());

  const onSubmit = handleSubmit(({ newPassword }) =>
    mutation.mutate(
      { token, email, newPassword },
      // Its 400 (used or expired token, weak password) is handed to this page (spec 1 §7).
      passwordOutcome({
        success: 'Contraseña restablecida exitosamente.',
        badRequest: 'Los datos para restablecer la contraseña son incorrectos. Inténtalo de nuevo.',
        setError,
        fields: FIELDS,
        onDone: onReset,
      }),
    ),
  );

  return (
    <PasswordForm
      form={form}
      onSubmit={onSubmit}
      email={email}
      isPending={mutation.isPending}
      submitLabel="Restablecer Contraseña"
    >
      <NewPasswordFields
        isDisabled={mutation.isPending}
        description="Al menos 8 caracteres, una mayúscula, un dígito y un carácter especial (@$!%*?&#)."
      />
    </PasswordForm>
  );
}
