import { adminChangePasswordMutationOptions, isApiError } from '@anaquel/api';
import { Button, Modal } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { NewPasswordFields } from '../../components/password/new-password-fields';
import { applyServerErrors, canSubmit, useZodForm } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { adminPasswordMessages, adminPasswordSchema } from './admin-password-schema';

/** The user whose password the administrator changes. */
export interface PasswordTarget {
  id: number;
  completeName: string;
}

export interface AdminChangePasswordModalProps {
  /** The user; null while the modal is closed. */
  user: PasswordTarget | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * spec 2 §2, §5, §8: 'Cambiar Contraseña' on a row of /users (CHANGE_PASSWORD_USERS): a new
 * password with the reset rules and its confirmation, sent to `auth/admin-change-password`.
 */
export function AdminChangePasswordModal({
  user,
  isOpen,
  onOpenChange,
}: AdminChangePasswordModalProps) {
  return (
    <Modal title="Cambiar Contraseña" size="sm" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => user && <AdminChangePasswordForm key={user.id} user={user} onDone={close} />}
    </Modal>
  );
}

const FIELDS = ['newPassword', 'confirmPassword'] as const;

function AdminChangePasswordForm({ user, onDone }: { user: PasswordTarget; onDone: () => void }) {
  const form = useZodForm(adminPasswordSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit, formState, setError } = form;
  const mutation = useMutation(adminChangePasswordMutationOptions());

  const onSubmit = handleSubmit(({ newPassword }) =>
    mutation.mutate(
      { userId: user.id, newPassword },
      {
        onSuccess: () => {
          notify(adminPasswordMessages.changed, 'success');
          onDone();
        },
        onError: (error) => {
          // The global handler already explained any status but 400 (spec 1 §8).
          notify(adminPasswordMessages.failed, 'error');
          if (isApiError(error)) applyServerErrors(error.validationErrors, setError, FIELDS);
        },
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          Usuario: <span className="font-medium text-fg">{user.completeName}</span>
        </p>
        <NewPasswordFields isDisabled={mutation.isPending} isRequired autoFocus />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onPress={onDone} isDisabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" isPending={mutation.isPending} isDisabled={!canSubmit(formState)}>
            Cambiar Contraseña
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
