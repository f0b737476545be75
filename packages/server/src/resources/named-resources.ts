import type { components } from '@anaquel/api/schema';
import type { PagedListPath } from '@anaquel/api/derived';
import type { FastifyInstance } from 'fastify';
import { brands, categories } from '../db/schema/index.ts';
import { listOperations, type OperationId } from '../http/contract.ts';
import type { MasterPermission } from './contract-types.ts';
import { registerResource, type ResourceConfig } from './factory.ts';
import { namedListing, namedValues, throwIfAny, type NamedColumns } from './named.ts';
import type { Noun } from './nouns.ts';
import type { Issues } from './rules.ts';

// The plain name/description/isActive resources (the contract's NamedRecord): everything but the
// path, permission, Spanish noun, table and unique name constraint is the same for each, so a new
// one is one entry of `namedResources` (routes/master-data.ts registers them all).

type NamedRecordInput = components['schemas']['NamedRecordInput'];
type BaseOf<P> = P extends `${infer Base}/paged` ? Base : never;

export interface NamedResource {
  /** The collection path: `{path}/paged`, `/options`, `{path}` and `{path}/{id}`. */
  path: BaseOf<PagedListPath>;
  permission: MasterPermission;
  noun: Noun;
  table: Parameters<typeof namedListing>[0] & NamedColumns;
  /** The unique index on the folded name (a duplicate answers 409 'Ya existe ... con ese nombre.'). */
  unique: string;
}

export const namedResources: NamedResource[] = [
  {
    path: '/brands',
    permission: 'BRANDS',
    noun: { singular: 'marca', feminine: true },
    table: brands,
    unique: 'brands_name_lower_key',
  },
  {
    path: '/categories',
    permission: 'CATEGORIES',
    noun: { singular: 'categoría', feminine: true },
    table: categories,
    unique: 'categories_name_lower_key',
  },
];

/** The six operation ids of a resource, looked up in the contract by path and method. */
function operationsOf(path: string): ResourceConfig<unknown>['operations'] {
  const id = (method: string, url: string): OperationId => {
    const found = listOperations().find((op) => op.method === method && op.path === url);
    if (!found) throw new Error(`${method} ${url} is not in the contract`);
    return found.operationId as OperationId;
  };
  return {
    paged: id('GET', `${path}/paged`),
    options: id('GET', `${path}/options`),
    get: id('GET', `${path}/{id}`),
    create: id('POST', path),
    update: id('PUT', `${path}/{id}`),
    delete: id('DELETE', `${path}/{id}`),
  };
}

export function registerNamedResource(app: FastifyInstance, resource: NamedResource): void {
  registerResource<NamedRecordInput>(app, {
    noun: resource.noun,
    permission: resource.permission,
    operations: operationsOf(resource.path),
    ...namedListing(resource.table, resource.table),
    uniques: { [resource.unique]: { field: 'name', label: 'nombre' } },
    prepare: async (input) => {
      const issues: Issues = [];
      const values = namedValues(input, issues);
      throwIfAny(issues);
      return { values };
    },
  });
}
