import type { Subcategory, SubcategoryInput } from '@anaquel/api';
import {
  FormOptionsComboBox,
  NamedFields,
  PLACEHOLDERS,
  ResourceListPage,
  defineResource,
  flagColumn,
  namedFromDetail,
  namedToBody,
  textColumn,
  type FormFieldsProps,
} from '../../components/resource';
import {
  subcategorySchema,
  type SubcategoryOutput,
  type SubcategoryValues,
} from './subcategory-schema';
import { ImportButton } from '../../components/import/import-dialog';

function SubcategoryFields(props: FormFieldsProps<SubcategoryValues>) {
  return (
    <>
      <FormOptionsComboBox
        control={props.form.control}
        name="categoryId"
        label="Categoría"
        isRequired
        resource="/categories"
        errorMessage="Error al cargar las categorías"
      />
      <NamedFields {...props} />
    </>
  );
}

/** Subcategories (spec 2 §2, §3): category, name, description, active. */
export const subcategoriesResource = defineResource<
  '/subcategories',
  SubcategoryValues,
  SubcategoryOutput
>({
  resource: '/subcategories',
  labels: { singular: 'subcategoría', plural: 'subcategorías', feminine: true },
  permission: 'SUBCATEGORIES',
  columns: [
    textColumn<Subcategory>('categoryName', 'Categoría'),
    textColumn<Subcategory>('name', 'Nombre'),
    textColumn<Subcategory>('description', 'Descripción', {
      placeholder: PLACEHOLDERS.description,
    }),
    flagColumn<Subcategory>('isActive', 'Activo'),
  ],
  rowName: (row) => row.name,
  form: {
    schema: subcategorySchema,
    defaults: () => ({ categoryId: null, name: '', description: '', isActive: true }),
    fromDetail: (detail) => ({ categoryId: detail.categoryId, ...namedFromDetail(detail) }),
    toBody: (values): SubcategoryInput => ({
      categoryId: values.categoryId,
      ...namedToBody(values),
    }),
    Fields: SubcategoryFields,
  },
});

export default function SubcategoriesPage() {
  return (
    <ResourceListPage
      definition={subcategoriesResource}
      actions={
        <ImportButton
          resource="subcategories"
          permission="SUBCATEGORIES"
          plural="subcategorías"
          fileName="subcategorias"
        />
      }
    />
  );
}
