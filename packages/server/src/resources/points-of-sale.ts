import type { components } from '@anaquel/api/schema';
import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import { pointOfSaleProducts, pointsOfSale, states, zipCodes } from '../db/schema/index.ts';
import {
  registerResource,
  tableSource,
  type PreparedWrite,
  type ResourceConfig,
  type WriteContext,
} from './factory.ts';
import { relatedProducts } from './products.ts';
import { throwIfAny } from './named.ts';
import { joinOf, registerRelationEditors, relatedIdsOf } from './relations.ts';
import { checkName, checkMinLength, checkRequired, cleanText, type Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type PointOfSaleInput = components['schemas']['PointOfSaleInput'];

const noun = { singular: 'punto de venta', feminine: false };
/** The option label of a point of sale: "name (code)". */
const pointOfSaleLabel = sql<string>`${pointsOfSale.name} || ' (' || ${pointsOfSale.code} || ')'`;
/** Points of sale as another record's relation editor lists them: labelled as in their options. */
export const relatedPointsOfSale = {
  table: pointsOfSale,
  id: pointsOfSale.id,
  label: pointOfSaleLabel,
};
const productsRelation = {
  related: relatedProducts,
  join: joinOf(pointOfSaleProducts.pointOfSaleId, pointOfSaleProducts.productId),
};

/** A point of sale as its list and the promoters' sync data show it (selected joining `states`). */
export const pointOfSaleFields = {
  id: pointsOfSale.id,
  code: pointsOfSale.code,
  name: pointsOfSale.name,
  stateId: pointsOfSale.stateId,
  stateName: states.name,
  zipCode: pointsOfSale.zipCode,
  city: pointsOfSale.city,
  municipality: pointsOfSale.municipality,
  settlement: pointsOfSale.settlement,
  street: pointsOfSale.street,
  externalNumber: pointsOfSale.externalNumber,
  internalNumber: pointsOfSale.internalNumber,
  latitude: pointsOfSale.latitude,
  longitude: pointsOfSale.longitude,
};

/** The paged list, the record and the options of the points of sale. */
const pointOfSaleListing = {
  table: pointsOfSale,
  id: pointsOfSale.id,
  source: (db: Db, fields: SelectedFields) =>
    db
      .select(fields)
      .from(pointsOfSale)
      .innerJoin(states, eq(states.id, pointsOfSale.stateId))
      .$dynamic(),
  countSource: tableSource(pointsOfSale),
  rowFields: { ...pointOfSaleFields, isActive: pointsOfSale.isActive },
  detailFields: { productIds: relatedIdsOf(productsRelation.join, pointsOfSale.id) },
  search: [pointsOfSale.searchText],
  sort: {
    id: pointsOfSale.id,
    code: fold(pointsOfSale.code),
    name: pointsOfSale.nameKey,
    stateName: states.nameKey,
    zipCode: pointsOfSale.zipCode,
    municipality: fold(pointsOfSale.municipality),
    isActive: pointsOfSale.isActive,
  } satisfies SortMap<'/pointofsales/paged'>,
  defaultSort: ['name'],
  filters: { stateId: (value: number) => eq(pointsOfSale.stateId, value) },
  options: {
    label: pointOfSaleLabel,
    active: pointsOfSale.isActive,
    search: [pointsOfSale.searchText],
    sortName: sql`${pointsOfSale.nameKey}`,
  },
} satisfies Partial<ResourceConfig<PointOfSaleInput>>;

function checkCoordinate(
  issues: Issues,
  value: number | null | undefined,
  limit: number,
  field: string,
  message: string,
): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || Math.abs(value) > limit) issues.push({ field, message });
  return value;
}

/**
 * spec 2 §5: the field rules of a point of sale: the cleaned values and every broken rule (the
 * form, the API and the bulk import all run it).
 */
export function pointOfSaleIssues(input: PointOfSaleInput) {
  const issues: Issues = [];
  const code = cleanText(input.code);
  const name = cleanText(input.name);
  const zipCode = cleanText(input.zipCode);
  const municipality = cleanText(input.municipality);
  const settlement = cleanText(input.settlement);
  const street = cleanText(input.street);
  const externalNumber = cleanText(input.externalNumber);
  checkRequired(issues, code, 'code', 'El código es obligatorio');
  checkMinLength(issues, code, 3, 'code', 'El código debe tener al menos 3 caracteres');
  checkName(issues, name);
  if (zipCode === null || !/^\d{5}$/.test(zipCode)) {
    issues.push({ field: 'zipCode', message: 'El código postal debe tener 5 dígitos' });
  }
  if (!input.stateId) issues.push({ field: 'stateId', message: 'El estado es obligatorio' });
  checkRequired(issues, municipality, 'municipality', 'El municipio es obligatorio');
  checkRequired(issues, settlement, 'settlement', 'El asentamiento es obligatorio');
  checkRequired(issues, street, 'street', 'La calle es obligatoria');
  checkRequired(issues, externalNumber, 'externalNumber', 'El número exterior es obligatorio');
  const latitude = checkCoordinate(
    issues,
    input.latitude,
    90,
    'latitude',
    'La latitud debe ser un número válido',
  );
  const longitude = checkCoordinate(
    issues,
    input.longitude,
    180,
    'longitude',
    'La longitud debe ser un número válido',
  );
  const values = {
    code,
    name,
    stateId: input.stateId,
    zipCode: zipCode!,
    city: cleanText(input.city),
    municipality,
    settlement,
    street,
    externalNumber,
    internalNumber: cleanText(input.internalNumber),
    latitude,
    longitude,
    isActive: input.isActive,
  };
  return { values, issues };
}

/** The cleaned values of a point of sale, or the 400 envelope of its broken rules. */
function pointOfSaleValues(input: PointOfSaleInput) {
  const { values, issues } = pointOfSaleIssues(input);
  throwIfAny(issues);
  return values;
}

/** The catalogue's rule: a state that is not one of the zip code's own (when it has any). */
export function zipCodeStateIssue(
  catalogueStateIds: readonly number[],
  stateId: number,
): Issues[number] | null {
  if (catalogueStateIds.length === 0 || catalogueStateIds.includes(stateId)) return null;
  return { field: 'stateId', message: 'El estado no corresponde al código postal.' };
}

/**
 * spec 2 §5: state, municipality and settlement come from the zip look-up; when the code is in
 * the catalogue, a state that is not its own is refused. A code missing from the catalogue (the
 * official file not imported yet, or a brand-new code) is accepted.
 */
async function checkZipCodeState(db: Db, zipCode: string, stateId: number): Promise<void> {
  const catalogueStates = await db
    .selectDistinct({ stateId: zipCodes.stateId })
    .from(zipCodes)
    .where(eq(zipCodes.zipCode, zipCode));
  const issue = zipCodeStateIssue(
    catalogueStates.map((row) => row.stateId),
    stateId,
  );
  if (issue) throwIfAny([issue]);
}

async function preparePointOfSale(
  input: PointOfSaleInput,
  { db }: WriteContext,
): Promise<PreparedWrite> {
  const values = pointOfSaleValues(input);
  await checkZipCodeState(db, values.zipCode, input.stateId);
  return { values };
}

export function registerPointsOfSale(app: FastifyInstance): void {
  registerResource<PointOfSaleInput>(app, {
    noun,
    permission: 'POINTOFSALES',
    operations: {
      paged: 'listPointsOfSale',
      options: 'listPointOfSaleOptions',
      get: 'getPointOfSale',
      create: 'createPointOfSale',
      update: 'updatePointOfSale',
      delete: 'deletePointOfSale',
    },
    ...pointOfSaleListing,
    uniques: { points_of_sale_code_lower_key: { field: 'code', label: 'código' } },
    references: {
      state_id: { field: 'stateId', message: 'El estado seleccionado no existe.' },
    },
    prepare: preparePointOfSale,
  });
  const owner = {
    permission: 'POINTOFSALES',
    table: pointsOfSale,
    id: pointsOfSale.id,
    noun,
  } as const;
  registerRelationEditors(app, owner, [
    ['getPointOfSaleProducts', 'setPointOfSaleProducts', productsRelation],
  ]);
}
