import type { FieldValues } from 'react-hook-form';
import {
  FilterComboBox,
  ResourceListPage,
  type MasterResource,
  type ResourceDefinition,
} from '../../components/resource';
import { useCascade, type Cascade } from './use-cascade';

export interface SurveyFiltersProps {
  /** How deep the cascade goes: campaign; then survey; segment; question. */
  levels: 1 | 2 | 3 | 4;
  value: Cascade;
  onChange: (key: keyof Cascade, id: number | null) => void;
}

const NEAREST_FIRST: (keyof Cascade)[] = ['questionId', 'segmentId', 'surveyId', 'campaignId'];

/** The options' filters of a cascade level: only the nearest earlier choice narrows it. */
export function cascadeParams<K extends keyof Cascade>(
  earlier: Pick<Cascade, K>,
): Partial<Record<K, number>> {
  const chosen: Partial<Cascade> = earlier;
  const key = NEAREST_FIRST.find((k) => chosen[k]);
  return key ? ({ [key]: chosen[key] } as Partial<Record<K, number>>) : {};
}

/**
 * The cascade's comboboxes (spec 2 §2): campaign, then survey, segment and question, each list
 * narrowed by the choice before it.
 */
export function CascadeFields({ levels, value, onChange }: SurveyFiltersProps) {
  const { campaignId, surveyId, segmentId } = value;
  return (
    <>
      <FilterComboBox
        label="Campaña"
        allLabel="Todas"
        resource="/campaigns"
        errorMessage="Error al cargar las campañas"
        value={campaignId}
        onChange={(id) => onChange('campaignId', id)}
      />
      {levels >= 2 && (
        <FilterComboBox
          label="Cuestionario"
          resource="/surveys"
          params={cascadeParams({ campaignId })}
          errorMessage="Error al cargar los cuestionarios"
          value={surveyId}
          onChange={(id) => onChange('surveyId', id)}
        />
      )}
      {levels >= 3 && (
        <FilterComboBox
          label="Segmento"
          resource="/segments"
          params={cascadeParams({ campaignId, surveyId })}
          errorMessage="Error al cargar los segmentos"
          value={segmentId}
          onChange={(id) => onChange('segmentId', id)}
        />
      )}
      {levels >= 4 && (
        <FilterComboBox
          label="Pregunta"
          allLabel="Todas"
          resource="/questions"
          params={cascadeParams({ campaignId, surveyId, segmentId })}
          errorMessage="Error al cargar las preguntas"
          value={value.questionId}
          onChange={(id) => onChange('questionId', id)}
        />
      )}
    </>
  );
}

/** The cascading filters of the survey lists (spec 2 §2). */
export function SurveyFilters(props: SurveyFiltersProps) {
  return (
    <div role="group" aria-label="Filtros" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <CascadeFields {...props} />
    </div>
  );
}

/** A survey list screen (spec 2 §2: segments, questions, options) under its cascading filters. */
export function CascadedListPage<
  R extends MasterResource,
  Values extends FieldValues,
  Output extends FieldValues,
>({
  definition,
  levels,
}: {
  definition: ResourceDefinition<R, Values, Output>;
  levels: SurveyFiltersProps['levels'];
}) {
  const cascade = useCascade();
  return (
    <ResourceListPage
      definition={definition}
      params={cascade.params}
      filters={<SurveyFilters levels={levels} value={cascade.value} onChange={cascade.set} />}
    />
  );
}
