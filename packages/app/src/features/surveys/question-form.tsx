import type { Question, QuestionNode } from '@anaquel/api';
import type { UseFormReturn } from 'react-hook-form';
import { FormOptionsComboBox } from '../../components/resource';
import { useZodForm } from '../../lib/forms';
import { SurveyFormModal } from './form-modal';
import { QuestionFields, useSaveItem } from './item-form';
import { CascadeFields, cascadeParams } from './survey-filters';
import { questionBody, questionSchema, type QuestionValues } from './survey-schemas';
import { questionTexts } from './texts';
import { useCascade } from './use-cascade';

type StoredQuestion = Pick<
  QuestionNode | Question,
  | 'id'
  | 'segmentId'
  | 'type'
  | 'order'
  | 'description'
  | 'acceptsNA'
  | 'isOptional'
  | 'hasPhoto'
  | 'hasOther'
  | 'multipleOptionsCount'
  | 'points'
>;

/** A new question at a place of a segment, or an existing one. */
export type QuestionFormTarget =
  | { mode: 'create'; segmentId: number | null; order: number | null }
  | { mode: 'edit'; question: StoredQuestion };

/** The form values of a new item at a place, or of a stored one. */
export function questionFormValues(target: QuestionFormTarget): QuestionValues {
  if (target.mode === 'create') {
    return {
      segmentId: target.segmentId,
      type: null,
      order: target.order,
      description: '',
      acceptsNA: false,
      isOptional: false,
      hasPhoto: false,
      hasOther: false,
      multipleOptionsCount: null,
      points: 0,
    };
  }
  return questionValuesOf(target.question);
}

/** The form values of a stored question (the designer's node or the list's detail). */
export function questionValuesOf(question: StoredQuestion): QuestionValues {
  return {
    segmentId: question.segmentId,
    type: question.type,
    order: question.order,
    description: question.description,
    acceptsNA: question.acceptsNA,
    isOptional: question.isOptional,
    hasPhoto: question.hasPhoto,
    hasOther: question.hasOther,
    multipleOptionsCount: question.multipleOptionsCount,
    points: question.points,
  };
}

export interface QuestionFormModalProps {
  target: QuestionFormTarget;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Creates or edits a question in the designer (spec 2 §2, §4, §5: the simplified form). */
export function QuestionFormModal({ target, isOpen, onOpenChange }: QuestionFormModalProps) {
  const form = useZodForm(questionSchema, { defaultValues: questionFormValues(target) });
  const save = useSaveItem('/questions', questionTexts);
  const isEdit = target.mode === 'edit';
  return (
    <SurveyFormModal
      title={isEdit ? questionTexts.editTitle : questionTexts.createTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      size="lg"
      onSave={(values) => save(questionBody(values), isEdit ? target.question.id : null)}
    >
      <QuestionFields form={form} full={false} />
    </SurveyFormModal>
  );
}

/**
 * Campaign, survey and segment of the list screen's form: the campaign and survey only narrow
 * the segments offered (the question stores its segment).
 */
export function QuestionPlacementFields({
  form,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod output type
  form: UseFormReturn<QuestionValues, unknown, any>;
}) {
  const cascade = useCascade();
  const { campaignId, surveyId } = cascade.value;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <CascadeFields levels={2} value={cascade.value} onChange={cascade.set} />
      <FormOptionsComboBox
        control={form.control}
        name="segmentId"
        label="Segmento"
        isRequired
        resource="/segments"
        params={cascadeParams({ campaignId, surveyId })}
        errorMessage="Error al cargar los segmentos"
      />
    </div>
  );
}
