import type { Segment, SegmentNode } from '@anaquel/api';
import type { UseFormReturn } from 'react-hook-form';
import { FormOptionsComboBox } from '../../components/resource';
import { useZodForm } from '../../lib/forms';
import { SurveyFormModal } from './form-modal';
import { SegmentFields, useSaveItem } from './item-form';
import { segmentBody, segmentSchema, type SegmentValues } from './survey-schemas';
import { segmentTexts } from './texts';

/** A new segment at a place of a survey, or an existing one. */
export type SegmentFormTarget =
  | { mode: 'create'; surveyId: number | null; parentId: number | null; order: number | null }
  | {
      mode: 'edit';
      segment: Pick<
        SegmentNode | Segment,
        'id' | 'surveyId' | 'parentId' | 'name' | 'description' | 'order' | 'points'
      >;
    };

/** The form values of a new item at a place, or of a stored one. */
export function segmentFormValues(target: SegmentFormTarget): SegmentValues {
  if (target.mode === 'create') {
    return {
      surveyId: target.surveyId,
      parentId: target.parentId,
      name: '',
      description: '',
      order: target.order,
      points: 0,
    };
  }
  return segmentValuesOf(target.segment);
}

/** The form values of a stored segment (the designer's node or the list's detail). */
export function segmentValuesOf(
  segment: Extract<SegmentFormTarget, { mode: 'edit' }>['segment'],
): SegmentValues {
  return {
    surveyId: segment.surveyId,
    parentId: segment.parentId,
    name: segment.name,
    description: segment.description ?? '',
    order: segment.order,
    points: segment.points,
  };
}

export interface SegmentFormModalProps {
  target: SegmentFormTarget;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Creates or edits a segment in the designer (spec 2 §2: the simplified form). */
export function SegmentFormModal({ target, isOpen, onOpenChange }: SegmentFormModalProps) {
  const form = useZodForm(segmentSchema, { defaultValues: segmentFormValues(target) });
  const save = useSaveItem('/segments', segmentTexts);
  const isEdit = target.mode === 'edit';
  return (
    <SurveyFormModal
      title={isEdit ? segmentTexts.editTitle : segmentTexts.createTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      onSave={(values) => save(segmentBody(values), isEdit ? target.segment.id : null)}
    >
      <SegmentFields control={form.control} full={false} />
    </SurveyFormModal>
  );
}

/** Survey and parent of the list screen's form: the parent list follows the chosen survey. */
export function SegmentPlacementFields({
  form,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod output type
  form: UseFormReturn<SegmentValues, unknown, any>;
}) {
  const surveyId = form.watch('surveyId');
  return (
    <>
      <FormOptionsComboBox
        control={form.control}
        name="surveyId"
        label="Cuestionario"
        isRequired
        resource="/surveys"
        errorMessage="Error al cargar los cuestionarios"
        onValueChange={() => form.setValue('parentId', null, { shouldDirty: true })}
      />
      <FormOptionsComboBox
        control={form.control}
        name="parentId"
        label="Segmento padre"
        placeholder="Ninguno (primer nivel)"
        resource="/segments"
        errorMessage="Error al cargar los segmentos"
        params={{ surveyId: surveyId ?? undefined }}
        enabled={Boolean(surveyId)}
        isDisabled={!surveyId}
      />
    </>
  );
}
