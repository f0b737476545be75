import type { components } from '@anaquel/api/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import { categories, subcategories } from '../db/schema/index.ts';
import { registerResource } from './factory.ts';
import { namedValues, throwIfAny } from './named.ts';
import type { Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type SubcategoryInput = components['schemas']['SubcategoryInput'];

export function registerSubcategories(app: FastifyInstance): void {
  registerResource<SubcategoryInput>(app, {
    noun: { singular: 'subcategoría', feminine: true },
    permission: 'SUBCATEGORIES',
    operations: {
      paged: 'listSubcategories',
      options: 'listSubcategoryOptions',
      get: 'getSubcategory',
      create: 'createSubcategory',
      update: 'updateSubcategory',
      delete: 'deleteSubcategory',
    },
    table: subcategories,
    id: subcategories.id,
    source: (db: Db, fields) =>
      db
        .select(fields)
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .$dynamic(),
    rowFields: {
      id: subcategories.id,
      categoryId: subcategories.categoryId,
      categoryName: categories.name,
      name: subcategories.name,
      description: subcategories.description,
      isActive: subcategories.isActive,
    },
    search: [fold(subcategories.name), fold(subcategories.description), categories.nameKey],
    sort: {
      id: subcategories.id,
      name: fold(subcategories.name),
      description: fold(subcategories.description),
      categoryName: categories.nameKey,
      isActive: subcategories.isActive,
    } satisfies SortMap<'/subcategories/paged'>,
    defaultSort: ['name'],
    filters: { categoryId: (value) => eq(subcategories.categoryId, value) },
    options: {
      label: subcategories.name,
      active: subcategories.isActive,
      search: [fold(subcategories.name)],
      sortName: fold(subcategories.name),
      filters: { categoryId: (value) => eq(subcategories.categoryId, value) },
    },
    uniques: {
      subcategories_category_name_lower_key: { field: 'name', label: 'nombre' },
    },
    references: {
      category_id: { field: 'categoryId', message: 'La categoría seleccionada no existe.' },
    },
    prepare: async (input) => {
      const issues: Issues = [];
      const values = namedValues(input, issues);
      throwIfAny(issues);
      return { values: { ...values, categoryId: input.categoryId } };
    },
  });
}
