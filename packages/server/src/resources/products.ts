import type { components } from '@anaquel/api/schema';
import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { fold, qualified as q } from '../db/fold.ts';
import {
  brands,
  categories,
  clients,
  productClients,
  products,
  subcategories,
} from '../db/schema/index.ts';
import type { UploadedFile } from '../http/multipart.ts';
import {
  registerResource,
  tableSource,
  type PreparedWrite,
  type ResourceConfig,
  type WriteContext,
} from './factory.ts';
import { currentImageOf, imageFormReader, imageReplacement, removeImage } from './images.ts';
import { throwIfAny } from './named.ts';
import { joinOf, linkedTo, relatedIdsOf, relatedNamesOf, replaceRelation } from './relations.ts';
import {
  checkDescription,
  checkMinLength,
  checkName,
  checkRequired,
  cleanText,
  uniqueIds,
  type Issues,
} from './rules.ts';
import type { SortMap } from './contract-types.ts';

type ProductInput = components['schemas']['ProductInput'];
export type ProductForm = ProductInput & { image?: UploadedFile };

const noun = { singular: 'producto', feminine: false };
/** The option label of a product: "name (SKU)". */
const productLabel = sql<string>`${products.name} || ' (' || ${products.sku} || ')'`;
/** Products as another record's relation editor lists them: labelled as in their options. */
export const relatedProducts = { table: products, id: products.id, label: productLabel };
const operations = {
  paged: 'listProducts',
  options: 'listProductOptions',
  get: 'getProduct',
  create: 'createProduct',
  update: 'updateProduct',
  delete: 'deleteProduct',
} as const;
export const clientsRelation = {
  related: { table: clients, id: clients.id },
  join: joinOf(productClients.productId, productClients.clientId),
};

/** The paged list, the record and the options of the products. */
const productListing = {
  table: products,
  id: products.id,
  source: (db: Db, fields: SelectedFields) =>
    db
      .select(fields)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .$dynamic(),
  countSource: tableSource(products),
  rowFields: {
    id: products.id,
    clientIds: relatedIdsOf(clientsRelation.join, products.id),
    clientNames: relatedNamesOf(
      clientsRelation,
      products.id,
      clients.commercialName,
      fold(q(clients.commercialName)),
    ),
    categoryId: products.categoryId,
    categoryName: categories.name,
    subcategoryId: products.subcategoryId,
    subcategoryName: subcategories.name,
    brandId: products.brandId,
    brandName: brands.name,
    sku: products.sku,
    name: products.name,
    description: products.description,
    productImageUrl: products.imageFileId,
    isActive: products.isActive,
  },
  search: [products.searchText],
  sort: {
    id: products.id,
    sku: fold(products.sku),
    name: products.nameKey,
    description: fold(products.description),
    brandName: brands.nameKey,
    categoryName: categories.nameKey,
    subcategoryName: fold(subcategories.name),
    isActive: products.isActive,
  } satisfies SortMap<'/products/paged'>,
  defaultSort: ['name'],
  filters: {
    categoryId: (value: number) => eq(products.categoryId, value),
    subcategoryId: (value: number) => eq(products.subcategoryId, value),
    brandId: (value: number) => eq(products.brandId, value),
    clientId: linkedTo(clientsRelation.join, products.id),
  },
  options: {
    label: productLabel,
    active: products.isActive,
    search: [products.searchText],
    sortName: sql`${products.nameKey}`,
  },
} satisfies Partial<ResourceConfig<ProductForm>>;

/** spec 2 §5: the field rules of a product; the cleaned values, or the 400 envelope. */
function productValues(input: ProductForm) {
  const issues: Issues = [];
  const sku = cleanText(input.sku);
  const name = cleanText(input.name);
  const description = cleanText(input.description);
  const clientIds = uniqueIds(input.clientIds);
  if (clientIds.length === 0) {
    issues.push({ field: 'clientIds', message: 'Debe seleccionar al menos un cliente' });
  }
  checkRequired(issues, sku, 'sku', 'El SKU es obligatorio');
  checkMinLength(issues, sku, 3, 'sku', 'El SKU debe tener al menos 3 caracteres');
  checkName(issues, name);
  checkDescription(issues, description, 1000);
  throwIfAny(issues);
  return { sku, name, description, clientIds };
}

/** spec 2 §4: the subcategory belongs to the chosen category. */
async function checkSubcategory(db: Db, subcategoryId: number, categoryId: number): Promise<void> {
  const [subcategory] = await db
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId));
  if (!subcategory) {
    throwIfAny([{ field: 'subcategoryId', message: 'La subcategoría seleccionada no existe.' }]);
  } else if (subcategory.categoryId !== categoryId) {
    throwIfAny([
      {
        field: 'subcategoryId',
        message: 'La subcategoría no pertenece a la categoría seleccionada.',
      },
    ]);
  }
}

export async function prepareProduct(
  input: ProductForm,
  { db, request, id }: WriteContext,
): Promise<PreparedWrite> {
  const { clientIds, ...fields } = productValues(input);
  await checkSubcategory(db, input.subcategoryId, input.categoryId);
  const currentImage = await currentImageOf(
    db,
    { id: products.id, image: products.imageFileId, noun },
    id,
  );
  const { fileId, ...imageHooks } = await imageReplacement(
    request,
    db,
    input.image,
    'productImage',
    currentImage,
  );
  return {
    values: {
      categoryId: input.categoryId,
      subcategoryId: input.subcategoryId,
      brandId: input.brandId,
      ...fields,
      isActive: input.isActive,
      ...(fileId !== undefined && { imageFileId: fileId }),
    },
    afterWrite: (tx, productId) =>
      replaceRelation(tx, clientsRelation, productId, clientIds, 'clientIds'),
    ...imageHooks,
  };
}

export function registerProducts(app: FastifyInstance): void {
  registerResource<ProductForm>(app, {
    noun,
    permission: 'PRODUCTS',
    operations,
    ...productListing,
    uniques: { products_sku_lower_key: { field: 'sku', label: 'SKU' } },
    references: {
      category_id: { field: 'categoryId', message: 'La categoría seleccionada no existe.' },
      subcategory_id: {
        field: 'subcategoryId',
        message: 'La subcategoría seleccionada no existe.',
      },
      brand_id: { field: 'brandId', message: 'La marca seleccionada no existe.' },
    },
    readInput: imageFormReader<ProductInput>(operations, 'productImage'),
    prepare: prepareProduct,
    afterDelete: (deleted, { db, request }) => removeImage(request, db, deleted.imageFileId),
  });
}
