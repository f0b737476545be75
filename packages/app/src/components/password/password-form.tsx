import { Button } from '@anaquel/ui';
import type { FormEvent, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { canSubmit } from '../../lib/forms';

export interface PasswordFormProps<Values extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod output type
  form: UseFormReturn<Values, any, any>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The account's e-mail, for password managers. */
  email: string;
  isPending: boolean;
  /** The submit button's text ('Cambiar Contraseña'). */
  submitLabel: string;
  children: ReactNode;
}

/**
 * A form that sets a new password (change, reset): its fields, then the full-width submit,
 * enabled only when valid and changed (spec 1 §4).
 */
export function PasswordForm<Values extends FieldValues>({
  form,
  onSubmit,
  email,
  isPending,
  submitLabel,
  children,
}: PasswordFormProps<Values>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        {children}
        <Button
          type="submit"
          className="mt-2 w-full"
          isPending={isPending}
          isDisabled={!canSubmit(form.formState)}
        >
          {submitLabel}
        </Button>
      </form>
    </FormProvider>
  );
}
