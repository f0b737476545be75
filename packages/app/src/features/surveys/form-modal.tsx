import { isApiError } from '@anaquel/api';
import type { ModalSize } from '@anaquel/ui';
import { useId, useState, type ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormModalFrame } from '../../components/resource';
import { applyServerErrors, canSubmit } from '../../lib/forms';

export interface SurveyFormModalProps<Values extends FieldValues, Output> {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod output type
  form: UseFormReturn<Values, any, Output>;
  /** Saves; throws on failure (its toasts are the caller's), resolves when saved. */
  onSave: (values: Output) => Promise<void>;
  size?: ModalSize;
  children: ReactNode;
}

/**
 * The modal of the survey forms (designer and list screens): 'Guardar' enabled only when the
 * form is valid and changed (spec 1 §4), closed once saved, the server's `validationErrors` on
 * their fields when it fails.
 */
export function SurveyFormModal<Values extends FieldValues, Output>({
  title,
  isOpen,
  onOpenChange,
  form,
  onSave,
  size = 'md',
  children,
}: SurveyFormModalProps<Values, Output>) {
  const formId = useId();
  const [isPending, setPending] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setPending(true);
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error)) {
        const fields = Object.keys(form.getValues()) as FieldPath<Values>[];
        applyServerErrors(error.validationErrors, form.setError, fields);
      }
    } finally {
      setPending(false);
    }
  });
  const { isValid, isDirty } = form.formState;
  return (
    <FormModalFrame
      title={title}
      size={size}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      formId={formId}
      isPending={isPending}
      canSave={canSubmit({ isValid, isDirty })}
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        {children}
      </form>
    </FormModalFrame>
  );
}
