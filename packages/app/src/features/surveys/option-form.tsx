import { questionSurveyQueryOptions, type MultipleOption, type SurveyTree } from '@anaquel/api';
import { optionLocks, skipTargets } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useZodForm } from '../../lib/forms';
import { SurveyFormModal } from './form-modal';
import { OptionFields, useSaveItem } from './item-form';
import { optionBody, optionSchema, type OptionValues } from './survey-schemas';
import { optionTexts } from './texts';

type StoredOption = Pick<
  MultipleOption,
  | 'id'
  | 'questionId'
  | 'order'
  | 'description'
  | 'points'
  | 'isOther'
  | 'blurredSegmentIds'
  | 'blurredQuestionIds'
>;

/** A new option of a question, or an existing one; `questionType` drives the locks. */
export type OptionFormTarget =
  | {
      mode: 'create';
      questionId: number | null;
      questionType: number | null;
      order?: number | null;
    }
  | { mode: 'edit'; option: StoredOption; questionType: number };

/** The form values of a new option of a question, or of a stored one. */
export function optionFormValues(target: OptionFormTarget): OptionValues {
  if (target.mode === 'create') {
    return {
      questionId: target.questionId,
      order: target.order ?? null,
      description: '',
      points: 0,
      blurredSegmentIds: [],
      blurredQuestionIds: [],
    };
  }
  return optionValuesOf(target.option);
}

/** The form values of a stored option (the designer's node or the list's row). */
export function optionValuesOf(option: StoredOption): OptionValues {
  return {
    questionId: option.questionId,
    order: option.order,
    description: option.description,
    points: option.points,
    blurredSegmentIds: [...option.blurredSegmentIds],
    blurredQuestionIds: [...option.blurredQuestionIds],
  };
}

export interface OptionFormModalProps {
  target: OptionFormTarget;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The survey tree (the designer has it); loaded from the question otherwise. */
  tree?: SurveyTree | null;
}

/**
 * Creates or edits a multiple option in the designer (spec 2 §5): the description is locked for
 * Si/No and for 'Otro', the points for Ranking; skip logic picks, by name, the segments and
 * questions the option hides (only those after its question).
 */
export function OptionFormModal({ target, isOpen, onOpenChange, tree }: OptionFormModalProps) {
  const form = useZodForm(optionSchema, { defaultValues: optionFormValues(target) });
  const questionId = form.watch('questionId');
  const loaded = useQuery({
    ...questionSurveyQueryOptions(questionId ?? 0),
    enabled: !tree && Boolean(questionId) && isOpen,
  });
  const survey = tree ?? loaded.data ?? null;
  const targets = useMemo(
    () =>
      survey && questionId ? skipTargets(survey, questionId) : { segments: [], questions: [] },
    [survey, questionId],
  );
  const isEdit = target.mode === 'edit';
  const locks = optionLocks(target.questionType, isEdit ? target.option : {});
  const save = useSaveItem('/multipleoptions', optionTexts);
  return (
    <SurveyFormModal
      title={isEdit ? optionTexts.editTitle : optionTexts.createTitle}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      size="lg"
      onSave={(values) => {
        const body = optionBody(values);
        // Ranking options are worth 0 (their question scores when complete).
        if (locks.points) body.points = 0;
        return save(body, isEdit ? target.option.id : null);
      }}
    >
      <OptionFields
        control={form.control}
        locks={locks}
        full={false}
        questionType={target.questionType}
        targets={targets}
      />
    </SurveyFormModal>
  );
}
