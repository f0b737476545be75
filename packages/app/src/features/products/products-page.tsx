import type { Product } from '@anaquel/api';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import {
  FormImageUpload,
  FormOptionsComboBox,
  FormClientsMultiSelect,
  FormSwitch,
  FormTextArea,
  FormTextField,
  PLACEHOLDERS,
  ResourceListPage,
  defineResource,
  flagColumn,
  namesColumn,
  nullIfEmpty,
  textColumn,
  type FormFieldsProps,
} from '../../components/resource';
import { productSchema, type ProductOutput, type ProductValues } from './product-schema';
import { ImportButton } from '../../components/import/import-dialog';

export function ProductFields({ form }: FormFieldsProps<ProductValues>) {
  const { control, setValue, getValues } = form;
  const categoryId = useWatch({ control, name: 'categoryId' });
  const productImageUrl = useWatch({ control, name: 'productImageUrl' });

  // spec 2 §4: choosing another category clears the subcategory (react-aria also reports a
  // choice of the same option, which changes nothing).
  const chosenCategory = useRef(getValues('categoryId'));
  const onCategoryChange = (id: number | null) => {
    if (id === chosenCategory.current) return;
    chosenCategory.current = id;
    setValue('subcategoryId', null, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <>
      <FormClientsMultiSelect control={control} name="clientIds" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormOptionsComboBox
          control={control}
          name="categoryId"
          label="Categoría"
          isRequired
          resource="/categories"
          errorMessage="Error al cargar las categorías"
          onValueChange={onCategoryChange}
        />
        <FormOptionsComboBox
          control={control}
          name="subcategoryId"
          label="Subcategoría"
          isRequired
          isDisabled={!categoryId}
          resource="/subcategories"
          errorMessage="Error al cargar las subcategorías"
          params={{ categoryId: categoryId ?? undefined }}
          enabled={Boolean(categoryId)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormOptionsComboBox
          control={control}
          name="brandId"
          label="Marca"
          isRequired
          resource="/brands"
          errorMessage="Error al cargar las marcas"
        />
        <FormTextField control={control} name="sku" label="SKU" isRequired />
      </div>
      <FormTextField control={control} name="name" label="Nombre" isRequired />
      <FormTextArea control={control} name="description" label="Descripción" rows={3} />
      <FormImageUpload
        control={control}
        name="productImage"
        label="Imagen del producto"
        storedFileId={productImageUrl}
      />
      <FormSwitch control={control} name="isActive" label="Activo" />
    </>
  );
}

/** Products (spec 2 §2): clients, subcategory, brand, sku, name, description, active. */
export const productsResource = defineResource<'/products', ProductValues, ProductOutput>({
  resource: '/products',
  labels: { singular: 'producto', plural: 'productos', feminine: false },
  permission: 'PRODUCTS',
  columns: [
    namesColumn<Product>('clientNames', 'Clientes'),
    textColumn<Product>('subcategoryName', 'Subcategoría'),
    textColumn<Product>('brandName', 'Marca'),
    textColumn<Product>('sku', 'SKU'),
    textColumn<Product>('name', 'Nombre'),
    textColumn<Product>('description', 'Descripción', { placeholder: PLACEHOLDERS.description }),
    flagColumn<Product>('isActive', 'Activo'),
  ],
  rowName: (row) => row.name,
  form: {
    schema: productSchema,
    size: 'lg',
    defaults: () => ({
      clientIds: [],
      categoryId: null,
      subcategoryId: null,
      brandId: null,
      sku: '',
      name: '',
      description: '',
      productImage: null,
      productImageUrl: null,
      isActive: true,
    }),
    fromDetail: (detail) => ({
      clientIds: detail.clientIds,
      categoryId: detail.categoryId,
      subcategoryId: detail.subcategoryId,
      brandId: detail.brandId,
      sku: detail.sku,
      name: detail.name,
      description: detail.description ?? '',
      productImage: null,
      productImageUrl: detail.productImageUrl,
      isActive: detail.isActive,
    }),
    // Multipart leaves out null parts: no image part keeps the stored image.
    toBody: (values) => ({
      clientIds: values.clientIds,
      categoryId: values.categoryId,
      subcategoryId: values.subcategoryId,
      brandId: values.brandId,
      sku: values.sku,
      name: values.name,
      description: nullIfEmpty(values.description),
      isActive: values.isActive,
      ...(values.productImage ? { productImage: values.productImage } : {}),
    }),
    Fields: ProductFields,
  },
});

export default function ProductsPage() {
  return (
    <ResourceListPage
      definition={productsResource}
      actions={
        <ImportButton
          resource="products"
          permission="PRODUCTS"
          plural="productos"
          fileName="productos"
        />
      }
    />
  );
}
