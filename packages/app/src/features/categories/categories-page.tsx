import type { Category } from '@anaquel/api';
import {
  ResourceListPage,
  defineResource,
  namedColumns,
  namedForm,
} from '../../components/resource';
import { ImportButton } from '../../components/import/import-dialog';

/** Categories (spec 2 §2): name, description, active. */
export const categoriesResource = defineResource({
  resource: '/categories',
  labels: { singular: 'categoría', plural: 'categorías', feminine: true },
  permission: 'CATEGORIES',
  columns: namedColumns<Category>(),
  rowName: (row: Category) => row.name,
  form: namedForm,
});

export default function CategoriesPage() {
  return (
    <ResourceListPage
      definition={categoriesResource}
      actions={
        <ImportButton
          resource="categories"
          permission="CATEGORIES"
          plural="categorías"
          fileName="categorias"
        />
      }
    />
  );
}
