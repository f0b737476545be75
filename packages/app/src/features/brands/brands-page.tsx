import type { Brand } from '@anaquel/api';
import {
  ResourceListPage,
  defineResource,
  namedColumns,
  namedForm,
} from '../../components/resource';
import { ImportButton } from '../../components/import/import-dialog';

/** Brands (spec 2 §2): name, description, active. */
export const brandsResource = defineResource({
  resource: '/brands',
  labels: { singular: 'marca', plural: 'marcas', feminine: true },
  permission: 'BRANDS',
  columns: namedColumns<Brand>(),
  rowName: (row: Brand) => row.name,
  form: namedForm,
});

export default function BrandsPage() {
  return (
    <ResourceListPage
      definition={brandsResource}
      actions={
        <ImportButton resource="brands" permission="BRANDS" plural="marcas" fileName="marcas" />
      }
    />
  );
}
