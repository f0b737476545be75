import {
  SURVEY_RESOURCES,
  questionSurveyQueryOptions,
  type MultipleOptionRow,
  type SurveyTree,
} from '@anaquel/api';
import { optionLocks, skipTargets } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import {
  FormOptionsComboBox,
  defineResource,
  flagColumn,
  textColumn,
  type FormFieldsProps,
} from '../../components/resource';
import { numberColumn } from '../../components/resource/columns';
import { OptionFields } from './item-form';
import { optionFormValues, optionValuesOf } from './option-form';
import { CascadedListPage } from './survey-filters';
import { surveyItemColumns } from './survey-item-columns';
import { optionBody, optionSchema } from './survey-schemas';

// The option's question type and 'Otro' flag ride along in the form to drive the locks.
const optionListSchema = optionSchema.extend({
  questionType: z.number().nullable(),
  isOther: z.boolean(),
});
type OptionListValues = z.input<typeof optionListSchema>;
type OptionListOutput = z.output<typeof optionListSchema>;

function typeOf(tree: SurveyTree | undefined, questionId: number | null): number | null {
  if (!tree || !questionId) return null;
  const walk = (segments: SurveyTree['segments']): number | null => {
    for (const segment of segments) {
      const found = segment.questions.find((q) => q.id === questionId);
      if (found) return found.type;
      const inner = walk(segment.children);
      if (inner !== null) return inner;
    }
    return null;
  };
  return walk(tree.segments);
}

/** The full option form (spec 2 §5): locks by question type, skip logic by name. */
function OptionListFields({ form, mode }: FormFieldsProps<OptionListValues>) {
  const { control } = form;
  const questionId = form.watch('questionId');
  const isOther = form.watch('isOther');
  const storedType = form.watch('questionType');
  const tree = useQuery({
    ...questionSurveyQueryOptions(questionId ?? 0),
    enabled: Boolean(questionId),
  });
  const loadedType = typeOf(tree.data, questionId);
  useEffect(() => {
    if (loadedType !== null && loadedType !== storedType) form.setValue('questionType', loadedType);
  }, [form, loadedType, storedType]);
  const type = loadedType ?? storedType;
  const locks = optionLocks(type, { isOther });
  const targets = useMemo(
    () =>
      tree.data && questionId
        ? skipTargets(tree.data, questionId)
        : { segments: [], questions: [] },
    [tree.data, questionId],
  );
  return (
    <>
      {mode === 'create' && (
        <FormOptionsComboBox
          control={control}
          name="questionId"
          label="Pregunta"
          isRequired
          resource="/questions"
          errorMessage="Error al cargar las preguntas"
        />
      )}
      <OptionFields control={control} locks={locks} full questionType={type} targets={targets} />
    </>
  );
}

/**
 * Multiple options (spec 2 §2): question, order, description, points, extra-option flag;
 * filtered by campaign, survey, segment and question. Delete is hidden for locked options.
 */
export const multipleOptionsResource = defineResource<
  '/multipleoptions',
  OptionListValues,
  OptionListOutput
>({
  resource: '/multipleoptions',
  labels: { singular: 'opción múltiple', plural: 'opciones múltiples', feminine: true },
  permission: 'MULTIPLEOPTIONS',
  invalidates: SURVEY_RESOURCES,
  columns: surveyItemColumns<MultipleOptionRow>(
    textColumn<MultipleOptionRow>('questionDescription', 'Pregunta'),
    numberColumn<MultipleOptionRow>('order', 'Orden'),
    textColumn<MultipleOptionRow>('description', 'Descripción'),
    numberColumn<MultipleOptionRow>('points', 'Puntos'),
    flagColumn<MultipleOptionRow>('isOther', 'Opción extra'),
  ),
  rowName: (row) => `${row.description} (${row.questionDescription})`,
  canDelete: (row) => !optionLocks(row.questionType, row).delete,
  form: {
    schema: optionListSchema,
    size: 'lg',
    defaults: () => ({
      ...optionFormValues({ mode: 'create', questionId: null, questionType: null }),
      questionType: null,
      isOther: false,
    }),
    fromDetail: (detail) => ({
      ...optionValuesOf(detail),
      questionType: detail.questionType,
      isOther: detail.isOther,
    }),
    toBody: (values) => {
      const body = optionBody(values);
      // Ranking options are worth 0 (their question scores when complete).
      if (optionLocks(values.questionType, values).points) body.points = 0;
      return body;
    },
    Fields: OptionListFields,
  },
});

export default function MultipleOptionsPage() {
  return <CascadedListPage definition={multipleOptionsResource} levels={4} />;
}
