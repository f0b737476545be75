import { duplicateSurveyMutationOptions, isApiError } from '@anaquel/api';
import { Button, Modal } from '@anaquel/ui';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormOptionsComboBox, FormTextField, nameRule } from '../../components/resource';
import { requiredIdRule } from '../../components/resource/rules';
import { MUTATION_META, notifyMutationFailure } from '../../components/resource/feedback';
import { applyServerErrors, useZodForm } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { duplicateTexts } from './texts';

const duplicateSchema = z.object({
  campaignId: requiredIdRule('La campaña es obligatoria'),
  name: nameRule.pipe(z.string().max(100, { error: 'El nombre no puede exceder 100 caracteres' })),
});

export interface DuplicateSurveyModalProps {
  survey: { id: number; name: string; campaignId: number };
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * 'Duplicar' a survey (issue 10): the copy, with its whole tree and skip logic, goes to the same
 * or another campaign under a new name; then the designer of the copy opens.
 */
export function DuplicateSurveyModal({ survey, isOpen, onOpenChange }: DuplicateSurveyModalProps) {
  const formId = useId();
  const navigate = useNavigate();
  const form = useZodForm(duplicateSchema, {
    defaultValues: { campaignId: survey.campaignId, name: `${survey.name} (copia)`.slice(0, 100) },
  });
  const duplicate = useMutation({ ...duplicateSurveyMutationOptions(), meta: MUTATION_META });
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const copy = await duplicate.mutateAsync({ id: survey.id, body });
      notify(duplicateTexts.done, 'success');
      onOpenChange(false);
      void navigate(`/surveys/${copy.id}`);
    } catch (error) {
      notifyMutationFailure(error, duplicateTexts.failed);
      if (isApiError(error)) {
        applyServerErrors(error.validationErrors, form.setError, ['campaignId', 'name']);
      }
    }
  });
  return (
    <Modal
      title="Duplicar cuestionario"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!duplicate.isPending) onOpenChange(open);
      }}
      footer={(close) => (
        <>
          <Button variant="secondary" onPress={close} isDisabled={duplicate.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            form={formId}
            isDisabled={!form.formState.isValid}
            isPending={duplicate.isPending}
          >
            Duplicar
          </Button>
        </>
      )}
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <p className="m-0 text-sm text-fg-muted">
          La copia incluye segmentos, preguntas, opciones y lógica de salto, y no tiene respuestas:
          se puede modificar aunque el original ya esté en uso.
        </p>
        <FormOptionsComboBox
          control={form.control}
          name="campaignId"
          label="Campaña"
          isRequired
          resource="/campaigns"
          errorMessage="Error al cargar las campañas"
        />
        <FormTextField control={form.control} name="name" label="Nombre" isRequired />
      </form>
    </Modal>
  );
}
