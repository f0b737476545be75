import {
  createMutationOptions,
  detailQueryOptions,
  isApiError,
  updateMutationOptions,
} from '@anaquel/api';
import { Spinner } from '@anaquel/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import {
  FormProvider,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { applyServerErrors, canSubmit, useZodForm } from '../../lib/forms';
import { notify } from '../../lib/notify';
import type { MasterResource, ResourceForm } from './definition';
import { MUTATION_META, notifyMutationFailure } from './feedback';
import { FormModalFrame } from './form-modal-frame';
import type { EntityTexts } from './labels';

/** Which record the form modal edits: a new one, or the one with this id. */
export type FormTarget = { mode: 'create' } | { mode: 'edit'; id: number };

export interface ResourceFormModalProps<
  R extends MasterResource,
  Values extends FieldValues,
  Output extends FieldValues,
> {
  resource: R;
  form: ResourceForm<R, Values, Output>;
  texts: EntityTexts;
  target: FormTarget;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The form of a modal: the schema of the mode, an edit's stored record (always fetched, never a
 * cached copy) loaded into it once, and the submit that creates or updates, toasts, and puts the
 * server's `validationErrors` on their fields.
 */
function useResourceForm<
  R extends MasterResource,
  Values extends FieldValues,
  Output extends FieldValues,
>({
  resource,
  form: definition,
  texts,
  target,
  isOpen,
  onOpenChange,
}: ResourceFormModalProps<R, Values, Output>) {
  const editId = target.mode === 'edit' ? target.id : null;
  const schema =
    typeof definition.schema === 'function' ? definition.schema(target.mode) : definition.schema;
  const form = useZodForm<Values, Output>(schema, {
    // Whole values are a DefaultValues (a deep partial); TypeScript cannot see it for a generic.
    defaultValues: definition.defaults() as DefaultValues<Values>,
  });

  const detail = useQuery({
    ...detailQueryOptions(resource, editId ?? 0),
    enabled: editId !== null && isOpen,
    staleTime: 0,
    gcTime: 0,
  });
  const loadedRef = useRef(false);
  useEffect(() => {
    if (editId === null || loadedRef.current || !detail.data) return;
    loadedRef.current = true;
    form.reset(definition.fromDetail(detail.data));
  }, [editId, detail.data, definition, form]);

  const create = useMutation({ ...createMutationOptions(resource), meta: MUTATION_META });
  const update = useMutation({ ...updateMutationOptions(resource), meta: MUTATION_META });
  const fields = Object.keys(definition.defaults()) as FieldPath<Values>[];
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (editId === null) {
        await create.mutateAsync(
          'toBody' in definition ? definition.toBody(values) : definition.toCreateBody(values),
        );
      } else {
        const body =
          'toBody' in definition ? definition.toBody(values) : definition.toUpdateBody(values);
        await update.mutateAsync({ id: editId, body });
      }
      notify(editId === null ? texts.created : texts.updated, 'success');
      onOpenChange(false);
    } catch (error) {
      notifyMutationFailure(error, editId === null ? texts.createFailed : texts.updateFailed);
      if (isApiError(error)) {
        applyServerErrors(error.validationErrors, form.setError, fields, definition.fieldMap);
      }
    }
  });
  return {
    form,
    onSubmit,
    isError: detail.isError,
    isPending: create.isPending || update.isPending,
    waiting: editId !== null && !loadedRef.current && !detail.isError,
  };
}

/**
 * The create/edit modal of a master-data resource (spec 2 §4, §5): react-hook-form + zod with
 * validation on change, blur and submit; save enabled only when the form is valid and changed;
 * an edit first loads `GET {resource}/{id}`; the server's `validationErrors` land on their fields.
 */
export function ResourceFormModal<
  R extends MasterResource,
  Values extends FieldValues,
  Output extends FieldValues,
>(props: ResourceFormModalProps<R, Values, Output>) {
  const { form: definition, texts, target, isOpen, onOpenChange } = props;
  const formId = useId();
  const { form, onSubmit, isError, isPending, waiting } = useResourceForm(props);
  // Read both flags on every render: react-hook-form computes only the formState parts it was
  // asked for, and `canSubmit(form.formState)` short-circuits past isDirty while invalid.
  const { isValid, isDirty } = form.formState;
  const { Fields } = definition;
  return (
    <FormModalFrame
      title={target.mode === 'create' ? texts.createTitle : texts.editTitle}
      size={definition.size ?? 'md'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      formId={formId}
      isPending={isPending}
      canSave={canSubmit({ isValid, isDirty }) && !waiting}
    >
      {isError ? (
        <p role="alert" className="py-6 text-center text-sm text-danger">
          Error al cargar los datos.
        </p>
      ) : waiting ? (
        <div className="flex justify-center py-10">
          <Spinner label="Cargando" />
        </div>
      ) : (
        // Shared field components (NamedFields) read the form from the provider.
        <FormProvider {...form}>
          <form
            id={formId}
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="flex flex-col gap-4"
          >
            <Fields form={form} mode={target.mode} />
          </form>
        </FormProvider>
      )}
    </FormModalFrame>
  );
}
