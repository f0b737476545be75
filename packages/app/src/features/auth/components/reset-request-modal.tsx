import { isApiError, sendResetEmailMutationOptions } from '@anaquel/api';
import { Button, Modal, TextField, fieldErrorProps } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { canSubmit, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { resetRequestSchema } from '../schemas/login-schema';

/** spec 1 §8: the same answer whether or not the address exists, so accounts are not revealed. */
const RESET_REQUESTED_MESSAGE =
  'Si el correo está registrado, recibirás un enlace de restablecimiento.';

export interface ResetRequestModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const { control, handleSubmit, formState } = useZodForm(resetRequestSchema, {
    defaultValues: { email: '' },
  });
  const mutation = useMutation(sendResetEmailMutationOptions());

  const onSubmit = handleSubmit(({ email }) =>
    mutation.mutate(
      { email },
      {
        // spec 1 §8: success and a refused address (its 400 is handed to this form) read the same,
        // then the modal closes. An outage is toasted globally and the modal stays for a retry.
        onSuccess: () => {
          notify(RESET_REQUESTED_MESSAGE, 'info');
          onDone();
        },
        onError: (error) => {
          if (!isApiError(error) || error.statusCode !== 400) return;
          notify(RESET_REQUESTED_MESSAGE, 'info');
          onDone();
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">
        Escribe el correo de tu cuenta y te enviaremos un enlace para restablecer tu contraseña.
      </p>
      <Controller
        control={control}
        name="email"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            inputMode="email"
            isDisabled={mutation.isPending}
            {...fieldErrorProps(fieldState, formState)}
          />
        )}
      />
      <Button
        type="submit"
        className="w-full"
        isPending={mutation.isPending}
        isDisabled={!canSubmit(formState)}
      >
        Enviar Correo
      </Button>
    </form>
  );
}

/** 'Restablecer Contraseña' modal opened by 'Olvidé mi contraseña' (spec 1 §2). */
export function ResetRequestModal({ isOpen, onOpenChange }: ResetRequestModalProps) {
  return (
    <Modal title="Restablecer Contraseña" size="sm" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <ResetRequestForm onDone={close} />}
    </Modal>
  );
}
