import type { components } from '@anaquel/api/schema';
import { eq, exists, sql } from 'drizzle-orm';
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
import { notFound } from '../http/errors.ts';
import { readMultipartForm, type UploadedFile } from '../http/multipart.ts';
import { registerResource } from './factory.ts';
import { imageReplacement, removeImage } from './images.ts';
import { throwIfAny } from './named.ts';
import { messages } from './nouns.ts';
import { relatedIdsOf, replaceRelation } from './relations.ts';
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
type ProductForm = ProductInput & { image?: UploadedFile };

const noun = { singular: 'producto', feminine: false };
/** The option label of a product: "name (SKU)". */
export const productLabel = sql<string>`${products.name} || ' (' || ${products.sku} || ')'`;
const clientsJoin = {
  table: productClients,
  ownerId: productClients.productId,
  relatedId: productClients.clientId,
};

export function registerProducts(app: FastifyInstance): void {
  registerResource<ProductForm>(app, {
    noun,
    permission: 'PRODUCTS',
    operations: {
      paged: 'listProducts',
      options: 'listProductOptions',
      get: 'getProduct',
      create: 'createProduct',
      update: 'updateProduct',
      delete: 'deleteProduct',
    },
    table: products,
    id: products.id,
    source: (db: Db, fields) =>
      db
        .select(fields)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .$dynamic(),
    countSource: (db: Db, fields) => db.select(fields).from(products).$dynamic(),
    rowFields: {
      id: products.id,
      clientIds: relatedIdsOf(clientsJoin, products.id),
      clientNames: sql<
        string[]
      >`array(select ${q(clients.commercialName)} from ${productClients} inner join ${clients} on ${q(clients.id)} = ${q(productClients.clientId)} where ${q(productClients.productId)} = ${q(products.id)} order by ${fold(q(clients.commercialName))})`,
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
      categoryId: (value) => eq(products.categoryId, value),
      subcategoryId: (value) => eq(products.subcategoryId, value),
      brandId: (value) => eq(products.brandId, value),
      clientId: (value) =>
        exists(
          sql`(select 1 from ${productClients} where ${q(productClients.productId)} = ${q(products.id)} and ${q(productClients.clientId)} = ${value})`,
        ),
    },
    options: {
      label: productLabel,
      active: products.isActive,
      search: [products.searchText],
      sortName: sql`${products.nameKey}`,
    },
    uniques: { products_sku_lower_key: { field: 'sku', label: 'SKU' } },
    references: {
      category_id: { field: 'categoryId', message: 'La categoría seleccionada no existe.' },
      subcategory_id: {
        field: 'subcategoryId',
        message: 'La subcategoría seleccionada no existe.',
      },
      brand_id: { field: 'brandId', message: 'La marca seleccionada no existe.' },
    },
    readInput: async (request, kind) => {
      const form = await readMultipartForm(
        request,
        kind === 'create' ? 'createProduct' : 'updateProduct',
      );
      return { ...form.fields, image: form.files.productImage };
    },
    prepare: async (input, { db, request, id }) => {
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

      // spec 2 §4: the subcategory belongs to the chosen category.
      const [subcategory] = await db
        .select({ categoryId: subcategories.categoryId })
        .from(subcategories)
        .where(eq(subcategories.id, input.subcategoryId));
      if (!subcategory) {
        throwIfAny([
          { field: 'subcategoryId', message: 'La subcategoría seleccionada no existe.' },
        ]);
      } else if (subcategory.categoryId !== input.categoryId) {
        throwIfAny([
          {
            field: 'subcategoryId',
            message: 'La subcategoría no pertenece a la categoría seleccionada.',
          },
        ]);
      }

      let currentImage: string | null = null;
      if (id !== undefined) {
        const [current] = await db
          .select({ imageFileId: products.imageFileId })
          .from(products)
          .where(eq(products.id, id));
        if (!current) throw notFound(messages.notFound(noun));
        currentImage = current.imageFileId;
      }
      const image = await imageReplacement(request, db, input.image, 'productImage', currentImage);
      return {
        values: {
          categoryId: input.categoryId,
          subcategoryId: input.subcategoryId,
          brandId: input.brandId,
          sku,
          name,
          description,
          isActive: input.isActive,
          ...(image.fileId !== undefined && { imageFileId: image.fileId }),
        },
        afterWrite: async (tx, productId) => {
          await replaceRelation(
            tx,
            { related: { table: clients, id: clients.id }, join: clientsJoin },
            productId,
            clientIds,
            'clientIds',
          );
        },
        afterCommit: image.afterCommit,
        onFailure: image.onFailure,
      };
    },
    afterDelete: (deleted, { db, request }) => removeImage(request, db, deleted.imageFileId),
  });
}
