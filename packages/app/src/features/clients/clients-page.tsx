import type { Client, ClientInput } from '@anaquel/api';
import { PackageIcon, StoreIcon } from '@anaquel/ui';
import {
  FormSwitch,
  FormTextField,
  ResourceListPage,
  defineResource,
  flagColumn,
  nullIfEmpty,
  textColumn,
  type FormFieldsProps,
} from '../../components/resource';
import { clientSchema, type ClientOutput, type ClientValues } from './client-schema';
import { ImportButton } from '../../components/import/import-dialog';

function ClientFields({ form }: FormFieldsProps<ClientValues>) {
  const { control } = form;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={control} name="code" label="Código" isRequired autoFocus />
        <FormTextField control={control} name="taxId" label="RFC" isRequired />
      </div>
      <FormTextField control={control} name="commercialName" label="Nombre comercial" isRequired />
      <FormTextField control={control} name="legalName" label="Razón social" />
      <FormSwitch control={control} name="isActive" label="Activo" />
    </>
  );
}

/** Clients (spec 2 §2): code, commercial name, legal name, tax id, active; links to its editors. */
export const clientsResource = defineResource<'/clients', ClientValues, ClientOutput>({
  resource: '/clients',
  labels: { singular: 'cliente', plural: 'clientes', feminine: false },
  permission: 'CLIENTS',
  columns: [
    textColumn<Client>('code', 'Código'),
    textColumn<Client>('commercialName', 'Nombre comercial'),
    textColumn<Client>('legalName', 'Razón social'),
    textColumn<Client>('taxId', 'RFC'),
    flagColumn<Client>('isActive', 'Activo'),
  ],
  rowName: (row) => row.commercialName,
  rowLinks: [
    {
      href: (row) => `/clients/${row.id}/points-of-sales`,
      label: (name) => `Puntos de venta de ${name}`,
      icon: StoreIcon,
    },
    {
      href: (row) => `/clients/${row.id}/products`,
      label: (name) => `Productos de ${name}`,
      icon: PackageIcon,
    },
  ],
  form: {
    schema: clientSchema,
    defaults: () => ({ code: '', commercialName: '', legalName: '', taxId: '', isActive: true }),
    fromDetail: (detail) => ({
      code: detail.code,
      commercialName: detail.commercialName,
      legalName: detail.legalName ?? '',
      taxId: detail.taxId,
      isActive: detail.isActive,
    }),
    toBody: (values): ClientInput => ({
      code: values.code,
      commercialName: values.commercialName,
      legalName: nullIfEmpty(values.legalName),
      taxId: values.taxId.toUpperCase(),
      isActive: values.isActive,
    }),
    Fields: ClientFields,
  },
});

export default function ClientsPage() {
  return (
    <ResourceListPage
      definition={clientsResource}
      actions={
        <ImportButton
          resource="clients"
          permission="CLIENTS"
          plural="clientes"
          fileName="clientes"
        />
      }
    />
  );
}
