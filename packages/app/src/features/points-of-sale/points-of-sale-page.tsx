import type { PointOfSale, PointOfSaleInput } from '@anaquel/api';
import { PackageIcon } from '@anaquel/ui';
import {
  PLACEHOLDERS,
  ResourceListPage,
  defineResource,
  flagColumn,
  nullIfEmpty,
  textColumn,
} from '../../components/resource';
import { ImportButton } from '../../components/import/import-dialog';
import { PointOfSaleFields } from './point-of-sale-fields';
import {
  pointOfSaleSchema,
  type PointOfSaleOutput,
  type PointOfSaleValues,
} from './point-of-sale-schema';

const coordinateText = (value: number | null) => (value === null ? '' : String(value));

/** Points of sale (spec 2 §2): code, name, state, zip code, active; a link to its products. */
export const pointsOfSaleResource = defineResource<
  '/pointofsales',
  PointOfSaleValues,
  PointOfSaleOutput
>({
  resource: '/pointofsales',
  labels: { singular: 'punto de venta', plural: 'puntos de venta', feminine: false },
  permission: 'POINTOFSALES',
  columns: [
    textColumn<PointOfSale>('code', 'Código'),
    textColumn<PointOfSale>('name', 'Nombre'),
    textColumn<PointOfSale>('stateName', 'Estado', { placeholder: PLACEHOLDERS.state }),
    textColumn<PointOfSale>('zipCode', 'Código postal'),
    flagColumn<PointOfSale>('isActive', 'Activo'),
  ],
  rowName: (row) => row.name,
  rowLinks: [
    {
      href: (row) => `/points-of-sales/${row.id}/products`,
      label: (name) => `Productos de ${name}`,
      icon: PackageIcon,
    },
  ],
  form: {
    schema: pointOfSaleSchema,
    size: 'lg',
    defaults: () => ({
      code: '',
      name: '',
      zipCode: '',
      stateId: null,
      municipality: '',
      settlement: '',
      city: '',
      street: '',
      externalNumber: '',
      internalNumber: '',
      latitude: '',
      longitude: '',
      isActive: true,
    }),
    fromDetail: (detail) => ({
      code: detail.code,
      name: detail.name,
      zipCode: detail.zipCode,
      stateId: detail.stateId,
      municipality: detail.municipality,
      settlement: detail.settlement,
      city: detail.city ?? '',
      street: detail.street,
      externalNumber: detail.externalNumber,
      internalNumber: detail.internalNumber ?? '',
      latitude: coordinateText(detail.latitude),
      longitude: coordinateText(detail.longitude),
      isActive: detail.isActive,
    }),
    toBody: (values): PointOfSaleInput => ({
      code: values.code,
      name: values.name,
      zipCode: values.zipCode,
      stateId: values.stateId,
      municipality: values.municipality,
      settlement: values.settlement,
      city: nullIfEmpty(values.city),
      street: values.street,
      externalNumber: values.externalNumber,
      internalNumber: nullIfEmpty(values.internalNumber),
      latitude: values.latitude,
      longitude: values.longitude,
      isActive: values.isActive,
    }),
    Fields: PointOfSaleFields,
  },
});

export default function PointsOfSalePage() {
  return (
    <ResourceListPage
      definition={pointsOfSaleResource}
      actions={
        <ImportButton
          resource="pointofsales"
          permission="POINTOFSALES"
          plural="puntos de venta"
          fileName="puntos_de_venta"
        />
      }
    />
  );
}
