import type { components } from '@anaquel/api/schema';
import { brands, categories, regions, states, subcategories } from '../../db/schema/index.ts';
import { namedValues, throwIfAny } from '../named.ts';
import { prepareRegion, statesJoin } from '../regions.ts';
import { relatedIdsOf } from '../relations.ts';
import type { Issues } from '../rules.ts';
import { activeOf, textOf, type FileRow, type ImportColumn } from './columns.ts';
import {
  activeColumn,
  descriptionColumn,
  idOf,
  idsByName,
  idsOf,
  nameColumn,
  namesIn,
} from './lookups.ts';
import type { RecordImport, StoredRecord } from './record-import.ts';

// The catalogues' imports (docs/import.md): brands, categories, subcategories and regions, keyed
// by name (ignoring case, as their unique indexes are), with the forms' own rules.

type NamedRecordInput = components['schemas']['NamedRecordInput'];
type SubcategoryInput = components['schemas']['SubcategoryInput'];
type RegionInput = components['schemas']['RegionInput'];

function namedInput(row: FileRow, issues: Issues, current?: StoredRecord): NamedRecordInput {
  return {
    name: textOf(row.cells.get('name')) ?? '',
    description: textOf(row.cells.get('description')),
    isActive: activeOf(row.cells.get('isActive'), issues, current?.isActive as boolean | undefined),
  };
}

async function prepareNamed(input: NamedRecordInput) {
  const issues: Issues = [];
  const values = namedValues(input, issues);
  throwIfAny(issues);
  return { values };
}

const noLookups = async () => ({});
const noReferences = async () => [];

function namedImport(
  resource: 'brands' | 'categories',
  table: typeof brands | typeof categories,
  words: { plural: string; sheet: string; file: string; example: string; operation: string },
): RecordImport<NamedRecordInput> {
  return {
    resource,
    permission: resource === 'brands' ? 'BRANDS' : 'CATEGORIES',
    plural: words.plural,
    sheet: words.sheet,
    fileName: words.file,
    table,
    id: table.id,
    key: { field: 'name', column: table.name },
    columns: [nameColumn(words.example), descriptionColumn(''), activeColumn],
    createOperation: { id: words.operation, mediaType: 'application/json' },
    lookups: noLookups,
    references: noReferences,
    toInput: (row, _lookups, issues, current) => namedInput(row, issues, current),
    prepare: prepareNamed,
  };
}

export const brandImport = namedImport('brands', brands, {
  plural: 'marcas',
  sheet: 'Marcas',
  file: 'marcas',
  example: 'Marca Norte',
  operation: 'createBrand',
});

export const categoryImport = namedImport('categories', categories, {
  plural: 'categorías',
  sheet: 'Categorías',
  file: 'categorias',
  example: 'Bebidas',
  operation: 'createCategory',
});

const categoryColumn: ImportColumn = {
  header: 'Categoría',
  field: 'categoryId',
  required: true,
  rule: 'Obligatoria; el nombre de una categoría (hoja Categorías).',
  example: 'Bebidas',
};

export const subcategoryImport: RecordImport<SubcategoryInput> = {
  resource: 'subcategories',
  permission: 'SUBCATEGORIES',
  plural: 'subcategorías',
  sheet: 'Subcategorías',
  fileName: 'subcategorias',
  table: subcategories,
  id: subcategories.id,
  key: { field: 'name', column: subcategories.name },
  scope: { field: 'categoryId', lookup: 'categories' },
  columns: [nameColumn('Refrescos'), categoryColumn, descriptionColumn(''), activeColumn],
  createOperation: { id: 'createSubcategory', mediaType: 'application/json' },
  lookups: async (db) => ({
    categories: await idsByName(db, categories, categories.id, [categories.name]),
  }),
  references: async (db) => [
    {
      name: 'Categorías',
      header: 'Categoría',
      values: await namesIn(db, categories, categories.name),
    },
  ],
  toInput: (row, lookups, issues, current) => {
    const category = textOf(row.cells.get('categoryId'));
    const categoryId = idOf(
      lookups.categories,
      category,
      issues,
      'categoryId',
      'La categoría',
      'La categoría es obligatoria',
    );
    return { ...namedInput(row, issues, current), categoryId };
  },
  prepare: async (input) => {
    const { values } = await prepareNamed(input);
    return { values: { ...values, categoryId: input.categoryId } };
  },
};

export const regionImport: RecordImport<RegionInput> = {
  resource: 'regions',
  permission: 'REGIONS',
  plural: 'regiones',
  sheet: 'Regiones',
  fileName: 'regiones',
  table: regions,
  id: regions.id,
  key: { field: 'name', column: regions.name },
  columns: [
    nameColumn('Región Centro'),
    descriptionColumn(''),
    {
      header: 'Estados',
      field: 'stateIds',
      required: true,
      rule: 'Obligatorio; nombres de estados (hoja Estados) separados por comas.',
      example: 'Ciudad de México, Estado de México',
    },
    activeColumn,
  ],
  createOperation: { id: 'createRegion', mediaType: 'application/json' },
  relations: { stateIds: (id) => relatedIdsOf(statesJoin, id) },
  lookups: async (db) => ({ states: await idsByName(db, states, states.id, [states.name]) }),
  references: async (db) => [
    { name: 'Estados', header: 'Estado', values: await namesIn(db, states, states.name) },
  ],
  toInput: (row, lookups, issues, current) => ({
    ...namedInput(row, issues, current),
    stateIds: idsOf(
      lookups.states,
      textOf(row.cells.get('stateIds')),
      issues,
      'stateIds',
      'El estado',
    ),
  }),
  prepare: prepareRegion,
};
