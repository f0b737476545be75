import { SURVEY_RESOURCES, type Question } from '@anaquel/api';
import {
  defineResource,
  flagColumn,
  textColumn,
  type FormFieldsProps,
} from '../../components/resource';
import { numberColumn } from '../../components/resource/columns';
import { QuestionFields } from './item-form';
import { QuestionPlacementFields, questionFormValues, questionValuesOf } from './question-form';
import { CascadedListPage } from './survey-filters';
import { surveyItemColumns } from './survey-item-columns';
import {
  questionBody,
  questionSchema,
  type QuestionOutput,
  type QuestionValues,
} from './survey-schemas';

/** The full question form (spec 2 §2, §4, §5). */
function QuestionListFields({ form }: FormFieldsProps<QuestionValues>) {
  return (
    <>
      <QuestionPlacementFields form={form} />
      <QuestionFields form={form} full />
    </>
  );
}

/**
 * Questions (spec 2 §2): segment, order, type, description, NA, optional, photo, extra option,
 * option limit, points; filtered by campaign, survey and segment.
 */
export const questionsResource = defineResource<'/questions', QuestionValues, QuestionOutput>({
  resource: '/questions',
  labels: { singular: 'pregunta', plural: 'preguntas', feminine: true },
  permission: 'QUESTIONS',
  invalidates: SURVEY_RESOURCES,
  columns: surveyItemColumns<Question>(
    textColumn<Question>('segmentName', 'Segmento'),
    numberColumn<Question>('order', 'Orden'),
    textColumn<Question>('typeDescription', 'Tipo'),
    textColumn<Question>('description', 'Descripción'),
    flagColumn<Question>('acceptsNA', 'N/A'),
    flagColumn<Question>('isOptional', 'Opcional'),
    flagColumn<Question>('hasPhoto', 'Foto'),
    flagColumn<Question>('hasOther', 'Opción extra'),
    numberColumn<Question>('multipleOptionsCount', 'Límite de opciones', {
      placeholder: 'Sin límite',
    }),
    numberColumn<Question>('points', 'Puntos'),
  ),
  rowName: (row) => row.description,
  form: {
    schema: questionSchema,
    size: 'lg',
    defaults: () => questionFormValues({ mode: 'create', segmentId: null, order: null }),
    fromDetail: questionValuesOf,
    toBody: questionBody,
    Fields: QuestionListFields,
  },
});

export default function QuestionsPage() {
  return <CascadedListPage definition={questionsResource} levels={3} />;
}
