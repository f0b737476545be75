import { SURVEY_RESOURCES, type Segment } from '@anaquel/api';
import {
  PLACEHOLDERS,
  defineResource,
  textColumn,
  type FormFieldsProps,
} from '../../components/resource';
import { numberColumn } from '../../components/resource/columns';
import { SegmentFields } from './item-form';
import { SegmentPlacementFields, segmentFormValues, segmentValuesOf } from './segment-form';
import { CascadedListPage } from './survey-filters';
import { surveyItemColumns } from './survey-item-columns';
import {
  segmentBody,
  segmentSchema,
  type SegmentOutput,
  type SegmentValues,
} from './survey-schemas';

/** The full segment form (spec 2 §2): survey, parent, name, description, order, points. */
function SegmentListFields({ form }: FormFieldsProps<SegmentValues>) {
  return (
    <>
      <SegmentPlacementFields form={form} />
      <SegmentFields control={form.control} full />
    </>
  );
}

/** Segments (spec 2 §2): survey, parent, name, description, order, points; campaign then survey. */
export const segmentsResource = defineResource<'/segments', SegmentValues, SegmentOutput>({
  resource: '/segments',
  labels: { singular: 'segmento', plural: 'segmentos', feminine: false },
  permission: 'SEGMENTS',
  invalidates: SURVEY_RESOURCES,
  columns: surveyItemColumns<Segment>(
    textColumn<Segment>('parentName', 'Segmento padre', { placeholder: 'Sin segmento padre' }),
    textColumn<Segment>('name', 'Nombre'),
    textColumn<Segment>('description', 'Descripción', { placeholder: PLACEHOLDERS.description }),
    numberColumn<Segment>('order', 'Orden'),
    numberColumn<Segment>('points', 'Puntos'),
  ),
  rowName: (row) => row.name,
  form: {
    schema: segmentSchema,
    size: 'lg',
    defaults: () =>
      segmentFormValues({ mode: 'create', surveyId: null, parentId: null, order: null }),
    fromDetail: segmentValuesOf,
    toBody: segmentBody,
    Fields: SegmentListFields,
  },
});

export default function SegmentsPage() {
  return <CascadedListPage definition={segmentsResource} levels={2} />;
}
