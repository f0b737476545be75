import { SURVEY_RESOURCES, type Survey, type SurveyTree } from '@anaquel/api';
import { ClipboardListIcon, LayersIcon, Link } from '@anaquel/ui';
import { useMemo, useState } from 'react';
import {
  FormNumberField,
  FormOptionsComboBox,
  FormSelect,
  NamedFields,
  PLACEHOLDERS,
  ResourceListPage,
  defineResource,
  flagColumn,
  textColumn,
  useOptions,
  type FormFieldsProps,
  type RowButton,
} from '../../components/resource';
import { numberColumn } from '../../components/resource/columns';
import { DuplicateSurveyModal } from './duplicate-survey-modal';
import { SurveyFilters } from './survey-filters';
import { surveyBody, surveySchema, type SurveyOutput, type SurveyValues } from './survey-schemas';
import { useAuthStore } from '../../stores/auth-store';
import { useCascade } from './use-cascade';

function SurveyFields(props: FormFieldsProps<SurveyValues>) {
  const { control } = props.form;
  const types = useOptions('/surveytypes', {
    errorMessage: 'Error al cargar los tipos de cuestionario',
    take: null,
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormOptionsComboBox
          control={control}
          name="campaignId"
          label="Campaña"
          isRequired
          resource="/campaigns"
          errorMessage="Error al cargar las campañas"
        />
        <FormSelect control={control} name="type" label="Tipo" isRequired {...types.fieldProps} />
      </div>
      {types.error}
      <NamedFields {...props}>
        <FormNumberField control={control} name="points" label="Puntos" isRequired minValue={0} />
      </NamedFields>
    </>
  );
}

/**
 * 'Cuestionarios' (spec 2 §2): campaign, type, name, description, points, active; filtered by
 * campaign; a row link to the designer and a 'Duplicar' row button.
 */
export const surveysResource = defineResource<'/surveys', SurveyValues, SurveyOutput>({
  resource: '/surveys',
  labels: { singular: 'cuestionario', plural: 'cuestionarios', feminine: false },
  permission: 'SURVEYS',
  invalidates: SURVEY_RESOURCES,
  columns: [
    textColumn<Survey>('campaignName', 'Campaña'),
    textColumn<Survey>('typeDescription', 'Tipo'),
    textColumn<Survey>('name', 'Nombre'),
    textColumn<Survey>('description', 'Descripción', { placeholder: PLACEHOLDERS.description }),
    numberColumn<Survey>('points', 'Puntos'),
    flagColumn<Survey>('isActive', 'Activo'),
  ],
  rowName: (row) => row.name,
  rowLinks: [
    {
      href: (row) => `/surveys/${row.id}`,
      label: (name) => `Diseñar ${name}`,
      icon: ClipboardListIcon,
    },
  ],
  form: {
    schema: surveySchema,
    size: 'lg',
    defaults: () => ({
      campaignId: null,
      type: null,
      name: '',
      description: '',
      points: 0,
      isActive: true,
    }),
    fromDetail: (detail: SurveyTree) => ({
      campaignId: detail.campaignId,
      type: detail.type,
      name: detail.name,
      description: detail.description ?? '',
      points: detail.points,
      isActive: detail.isActive,
    }),
    toBody: surveyBody,
    Fields: SurveyFields,
  },
});

const NONE: readonly string[] = [];

/** The other survey lists (spec 2 §2), which the side menu does not list. */
const RELATED_LISTS = [
  { href: '/segments', label: 'Segmentos', permission: 'VIEW_SEGMENTS' },
  { href: '/questions', label: 'Preguntas', permission: 'VIEW_QUESTIONS' },
  { href: '/multipleoptions', label: 'Opciones múltiples', permission: 'VIEW_MULTIPLEOPTIONS' },
];

export default function SurveysPage() {
  const cascade = useCascade();
  const permissions = useAuthStore((s) => s.user?.permissions ?? NONE);
  const related = RELATED_LISTS.filter((list) => permissions.includes(list.permission));
  const [duplicating, setDuplicating] = useState<Survey | null>(null);
  const definition = useMemo(() => {
    const duplicate: RowButton<Survey> = {
      label: (name) => `Duplicar ${name}`,
      icon: LayersIcon,
      permission: 'CREATE_SURVEYS',
      onPress: setDuplicating,
    };
    return { ...surveysResource, rowButtons: [duplicate] };
  }, []);
  return (
    <>
      <ResourceListPage
        definition={definition}
        params={cascade.params}
        filters={
          <div className="flex flex-col gap-3">
            {related.length > 0 && (
              <nav
                aria-label="Listas de cuestionarios"
                className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
              >
                {related.map((list) => (
                  <Link key={list.href} href={list.href}>
                    {list.label}
                  </Link>
                ))}
              </nav>
            )}
            <SurveyFilters levels={1} value={cascade.value} onChange={cascade.set} />
          </div>
        }
      />
      {duplicating && (
        <DuplicateSurveyModal
          survey={duplicating}
          isOpen
          onOpenChange={(isOpen) => !isOpen && setDuplicating(null)}
        />
      )}
    </>
  );
}
