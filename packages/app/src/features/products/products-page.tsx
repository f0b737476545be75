import { fileUrl, type Product, type ProductInput } from '@anaquel/api';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import {
  FormImageUpload,
  FormMultiSelect,
  FormSelect,
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
  useOptions,
  type FormFieldsProps,
} from '../../components/resource';
import { productSchema, type ProductOutput, type ProductValues } from './product-schema';

/** The server's default upload limit (UPLOAD_LIMIT, 5 MB). */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** What `POST /products` and `PUT /products/{id}` take as multipart parts. */
export type ProductBody = Omit<ProductInput, 'productImage'> & { productImage?: File };

export function ProductFields({ form }: FormFieldsProps<ProductValues>) {
  const { control, setValue, getValues } = form;
  const categoryId = useWatch({ control, name: 'categoryId' });
  const productImageUrl = useWatch({ control, name: 'productImageUrl' });

  const clients = useOptions('/clients', {
    errorMessage: 'Error al cargar los clientes',
    serverSearch: true,
  });
  const categories = useOptions('/categories', { errorMessage: 'Error al cargar las categorías' });
  const subcategories = useOptions('/subcategories', {
    errorMessage: 'Error al cargar las subcategorías',
    params: { categoryId: categoryId ?? undefined },
    enabled: Boolean(categoryId),
  });
  const brands = useOptions('/brands', { errorMessage: 'Error al cargar las marcas' });

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
      <FormMultiSelect
        control={control}
        name="clientIds"
        label="Clientes"
        isRequired
        {...clients.fieldProps}
      />
      {clients.error}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelect
          control={control}
          name="categoryId"
          label="Categoría"
          isRequired
          onValueChange={onCategoryChange}
          {...categories.fieldProps}
        />
        <FormSelect
          control={control}
          name="subcategoryId"
          label="Subcategoría"
          isRequired
          isDisabled={!categoryId}
          {...subcategories.fieldProps}
        />
      </div>
      {categories.error}
      {subcategories.error}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelect
          control={control}
          name="brandId"
          label="Marca"
          isRequired
          {...brands.fieldProps}
        />
        <FormTextField control={control} name="sku" label="SKU" isRequired />
      </div>
      {brands.error}
      <FormTextField control={control} name="name" label="Nombre" isRequired />
      <FormTextArea control={control} name="description" label="Descripción" rows={3} />
      <FormImageUpload
        control={control}
        name="productImage"
        label="Imagen del producto"
        currentUrl={productImageUrl ? fileUrl(productImageUrl) : null}
        maxSizeBytes={IMAGE_MAX_BYTES}
      />
      <FormSwitch control={control} name="isActive" label="Activo" />
    </>
  );
}

/** Products (spec 2 §2): clients, subcategory, brand, sku, name, description, active. */
export const productsResource = defineResource<Product, ProductValues, ProductOutput, Product>({
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
    multipart: true,
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
    toBody: (values): ProductBody => ({
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
  return <ResourceListPage definition={productsResource} />;
}
