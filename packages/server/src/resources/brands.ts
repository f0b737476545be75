import type { components } from '@anaquel/api/schema';
import type { FastifyInstance } from 'fastify';
import { brands, categories } from '../db/schema/index.ts';
import { registerResource } from './factory.ts';
import { namedListing, namedValues, throwIfAny } from './named.ts';
import type { Issues } from './rules.ts';

type BrandInput = components['schemas']['BrandInput'];
type CategoryInput = components['schemas']['CategoryInput'];

export function registerBrands(app: FastifyInstance): void {
  registerResource<BrandInput>(app, {
    noun: { singular: 'marca', feminine: true },
    permission: 'BRANDS',
    operations: {
      paged: 'listBrands',
      options: 'listBrandOptions',
      get: 'getBrand',
      create: 'createBrand',
      update: 'updateBrand',
      delete: 'deleteBrand',
    },
    ...namedListing(brands, brands),
    uniques: { brands_name_lower_key: { field: 'name', label: 'nombre' } },
    prepare: async (input) => {
      const issues: Issues = [];
      const values = namedValues(input, issues);
      throwIfAny(issues);
      return { values };
    },
  });
}

export function registerCategories(app: FastifyInstance): void {
  registerResource<CategoryInput>(app, {
    noun: { singular: 'categoría', feminine: true },
    permission: 'CATEGORIES',
    operations: {
      paged: 'listCategories',
      options: 'listCategoryOptions',
      get: 'getCategory',
      create: 'createCategory',
      update: 'updateCategory',
      delete: 'deleteCategory',
    },
    ...namedListing(categories, categories),
    uniques: { categories_name_lower_key: { field: 'name', label: 'nombre' } },
    prepare: async (input) => {
      const issues: Issues = [];
      const values = namedValues(input, issues);
      throwIfAny(issues);
      return { values };
    },
  });
}
