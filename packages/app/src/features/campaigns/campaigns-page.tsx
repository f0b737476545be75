import type { Campaign, CampaignInput } from '@anaquel/api';
import { PackageIcon, StoreIcon } from '@anaquel/ui';
import {
  FormDatePicker,
  FormClientsMultiSelect,
  NamedFields,
  PLACEHOLDERS,
  ResourceListPage,
  dateColumn,
  defineResource,
  flagColumn,
  namesColumn,
  nullIfEmpty,
  textColumn,
  type FormFieldsProps,
} from '../../components/resource';
import {
  campaignSchema,
  todayIso,
  type CampaignOutput,
  type CampaignValues,
} from './campaign-schema';

function CampaignFields(props: FormFieldsProps<CampaignValues>) {
  const { control } = props.form;
  const startDate = props.form.watch('startDate');
  return (
    <NamedFields {...props}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormDatePicker
          control={control}
          name="startDate"
          label="Fecha de inicio"
          isRequired
          deps={['endDate']}
        />
        {/* spec 2 §5: the end cannot precede the start, so the calendar starts there. */}
        <FormDatePicker
          control={control}
          name="endDate"
          label="Fecha de fin"
          minValue={startDate}
        />
      </div>
      <FormClientsMultiSelect control={control} name="clientIds" />
    </NamedFields>
  );
}

/** Campaigns (spec 2 §2): clients, name, start, end, description, active; links to its editors. */
export const campaignsResource = defineResource<'/campaigns', CampaignValues, CampaignOutput>({
  resource: '/campaigns',
  labels: { singular: 'campaña', plural: 'campañas', feminine: true },
  permission: 'CAMPAIGNS',
  columns: [
    namesColumn<Campaign>('clientNames', 'Clientes', { placeholder: 'Sin clientes' }),
    textColumn<Campaign>('name', 'Nombre'),
    dateColumn<Campaign>('startDate', 'Inicio'),
    dateColumn<Campaign>('endDate', 'Fin'),
    textColumn<Campaign>('description', 'Descripción', {
      placeholder: PLACEHOLDERS.description,
    }),
    flagColumn<Campaign>('isActive', 'Activo'),
  ],
  rowName: (row) => row.name,
  rowLinks: [
    {
      href: (row) => `/campaigns/${row.id}/points-of-sales`,
      label: (name) => `Puntos de venta de ${name}`,
      icon: StoreIcon,
    },
    {
      href: (row) => `/campaigns/${row.id}/products`,
      label: (name) => `Productos de ${name}`,
      icon: PackageIcon,
    },
  ],
  form: {
    schema: campaignSchema,
    size: 'lg',
    defaults: () => ({
      name: '',
      description: '',
      startDate: todayIso(),
      endDate: null,
      clientIds: [],
      isActive: true,
    }),
    fromDetail: (detail) => ({
      name: detail.name,
      description: detail.description ?? '',
      startDate: detail.startDate,
      endDate: detail.endDate,
      clientIds: detail.clientIds,
      isActive: detail.isActive,
    }),
    toBody: (values): CampaignInput => ({
      name: values.name,
      description: nullIfEmpty(values.description),
      startDate: values.startDate,
      endDate: values.endDate || null,
      clientIds: values.clientIds,
      isActive: values.isActive,
    }),
    Fields: CampaignFields,
  },
});

export default function CampaignsPage() {
  return <ResourceListPage definition={campaignsResource} />;
}
