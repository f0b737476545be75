import { brands, categories, clients, products, subcategories } from '../../db/schema/index.ts';
import { foldText } from '../../db/fold.ts';
import type { Db } from '../../db/client.ts';
import { clientsRelation, prepareProduct, type ProductForm } from '../products.ts';
import { relatedIdsOf } from '../relations.ts';
import type { Issues } from '../rules.ts';
import { activeOf, textOf, type ImportColumn } from './columns.ts';
import { activeColumn, descriptionColumn, idOf, idsByName, idsOf, namesIn } from './lookups.ts';
import type { Lookups, RecordImport } from './record-import.ts';

// The products' import (docs/import.md): keyed by SKU; category, subcategory, brand and clients
// given by name (clients also by code); the form's rules through prepareProduct.

const columns: readonly ImportColumn[] = [
  {
    header: 'SKU',
    field: 'sku',
    required: true,
    rule: 'Obligatorio; al menos 3 caracteres, máximo 50. Si ya existe, se actualiza ese producto.',
    example: 'SKU-0001',
  },
  {
    header: 'Nombre',
    field: 'name',
    required: true,
    rule: 'Obligatorio; al menos 3 caracteres, máximo 150.',
    example: 'Refresco de cola 600 ml',
  },
  descriptionColumn('Botella de PET', 1000),
  {
    header: 'Categoría',
    field: 'categoryId',
    required: true,
    rule: 'Obligatoria; el nombre de una categoría (hoja Categorías).',
    example: 'Bebidas',
  },
  {
    header: 'Subcategoría',
    field: 'subcategoryId',
    required: true,
    rule: 'Obligatoria; el nombre de una subcategoría de esa categoría (hoja Subcategorías).',
    example: 'Refrescos',
  },
  {
    header: 'Marca',
    field: 'brandId',
    required: true,
    rule: 'Obligatoria; el nombre de una marca (hoja Marcas).',
    example: 'Marca Norte',
  },
  {
    header: 'Clientes',
    field: 'clientIds',
    required: true,
    rule: 'Obligatorio; códigos o nombres comerciales de clientes (hoja Clientes) separados por comas.',
    example: 'CL-001',
  },
  activeColumn,
];

/** Subcategories by `categoryId|name`, and by `|name` for the form's own category check. */
async function subcategoriesByName(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      id: subcategories.id,
      categoryId: subcategories.categoryId,
      name: subcategories.name,
    })
    .from(subcategories);
  const map = new Map<string, number>();
  for (const row of rows) {
    map.set(`${row.categoryId}|${foldText(row.name)}`, row.id);
    if (!map.has(`|${foldText(row.name)}`)) map.set(`|${foldText(row.name)}`, row.id);
  }
  return map;
}

function subcategoryIdOf(
  lookups: Lookups,
  categoryId: number,
  name: string | null,
  issues: Issues,
) {
  if (name === null) {
    issues.push({ field: 'subcategoryId', message: 'La subcategoría es obligatoria' });
    return 0;
  }
  const map = lookups.subcategories!;
  const id = map.get(`${categoryId}|${foldText(name)}`) ?? map.get(`|${foldText(name)}`);
  if (id === undefined) {
    issues.push({ field: 'subcategoryId', message: `La subcategoría "${name}" no existe.` });
  }
  return id ?? 0;
}

export const productImport: RecordImport<ProductForm> = {
  resource: 'products',
  permission: 'PRODUCTS',
  plural: 'productos',
  sheet: 'Productos',
  fileName: 'productos',
  table: products,
  id: products.id,
  key: { field: 'sku', column: products.sku },
  columns,
  createOperation: { id: 'createProduct', mediaType: 'multipart/form-data' },
  dependsOn: { subcategoryId: 'categoryId' },
  relations: { clientIds: (id) => relatedIdsOf(clientsRelation.join, id) },
  lookups: async (db) => {
    const byCategory = await idsByName(db, categories, categories.id, [categories.name]);
    const bySubcategory = await subcategoriesByName(db);
    const byBrand = await idsByName(db, brands, brands.id, [brands.name]);
    const byClient = await idsByName(db, clients, clients.id, [
      clients.code,
      clients.commercialName,
    ]);
    return {
      categories: byCategory,
      subcategories: bySubcategory,
      brands: byBrand,
      clients: byClient,
    };
  },
  references: async (db) => [
    {
      name: 'Categorías',
      header: 'Categoría',
      values: await namesIn(db, categories, categories.name),
    },
    {
      name: 'Subcategorías',
      header: 'Subcategoría',
      values: await namesIn(db, subcategories, subcategories.name),
    },
    { name: 'Marcas', header: 'Marca', values: await namesIn(db, brands, brands.name) },
    { name: 'Clientes', header: 'Cliente', values: await namesIn(db, clients, clients.code) },
  ],
  toInput: (row, lookups, issues, current) => {
    const cell = (field: string) => textOf(row.cells.get(field));
    const categoryId = idOf(
      lookups.categories,
      cell('categoryId'),
      issues,
      'categoryId',
      'La categoría',
      'La categoría es obligatoria',
    );
    return {
      sku: cell('sku') ?? '',
      name: cell('name') ?? '',
      description: cell('description'),
      categoryId,
      subcategoryId: subcategoryIdOf(lookups, categoryId, cell('subcategoryId'), issues),
      brandId: idOf(
        lookups.brands,
        cell('brandId'),
        issues,
        'brandId',
        'La marca',
        'La marca es obligatoria',
      ),
      clientIds: idsOf(lookups.clients, cell('clientIds'), issues, 'clientIds', 'El cliente'),
      isActive: activeOf(
        row.cells.get('isActive'),
        issues,
        current?.isActive as boolean | undefined,
      ),
    };
  },
  prepare: prepareProduct,
};
