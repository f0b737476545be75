import type { Region, RegionInput } from '@anaquel/api';
import {
  FormMultiSelect,
  NamedFields,
  PLACEHOLDERS,
  ResourceListPage,
  defineResource,
  flagColumn,
  namedFromDetail,
  namedToBody,
  namesColumn,
  textColumn,
  useOptions,
  type FormFieldsProps,
} from '../../components/resource';
import { regionSchema, type RegionOutput, type RegionValues } from './region-schema';
import { ImportButton } from '../../components/import/import-dialog';

function RegionFields(props: FormFieldsProps<RegionValues>) {
  // The 32 states come in one answer and are filtered here from the third character.
  const states = useOptions('/states', { errorMessage: 'Error al cargar los estados', take: null });
  return (
    <NamedFields {...props}>
      <FormMultiSelect
        control={props.form.control}
        name="stateIds"
        label="Estados"
        isRequired
        {...states.fieldProps}
      />
      {states.error}
    </NamedFields>
  );
}

/** Regions (spec 2 §3): name, description, states, active. */
export const regionsResource = defineResource<'/regions', RegionValues, RegionOutput>({
  resource: '/regions',
  labels: { singular: 'región', plural: 'regiones', feminine: true },
  permission: 'REGIONS',
  columns: [
    textColumn<Region>('name', 'Nombre'),
    textColumn<Region>('description', 'Descripción', { placeholder: PLACEHOLDERS.description }),
    namesColumn<Region>('stateNames', 'Estados', { placeholder: PLACEHOLDERS.state }),
    flagColumn<Region>('isActive', 'Activo'),
  ],
  rowName: (row) => row.name,
  form: {
    schema: regionSchema,
    defaults: () => ({ name: '', description: '', stateIds: [], isActive: true }),
    fromDetail: (detail) => ({ ...namedFromDetail(detail), stateIds: detail.stateIds }),
    toBody: (values): RegionInput => ({ ...namedToBody(values), stateIds: values.stateIds }),
    Fields: RegionFields,
  },
});

export default function RegionsPage() {
  return (
    <ResourceListPage
      definition={regionsResource}
      actions={
        <ImportButton
          resource="regions"
          permission="REGIONS"
          plural="regiones"
          fileName="regiones"
        />
      }
    />
  );
}
