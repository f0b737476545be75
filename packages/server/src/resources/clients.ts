import type { components } from '@anaquel/api/schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fold } from '../db/fold.ts';
import { clientPointsOfSale, clients, productClients } from '../db/schema/index.ts';
import {
  registerResource,
  tableSource,
  type PreparedWrite,
  type ResourceConfig,
} from './factory.ts';
import { relatedPointsOfSale } from './points-of-sale.ts';
import { relatedProducts } from './products.ts';
import { throwIfAny } from './named.ts';
import { joinOf, registerRelationEditors, relatedIdsOf } from './relations.ts';
import { checkRequired, cleanText, type Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type ClientInput = components['schemas']['ClientInput'];

const noun = { singular: 'cliente', feminine: false };
const pointsOfSaleRelation = {
  related: relatedPointsOfSale,
  join: joinOf(clientPointsOfSale.clientId, clientPointsOfSale.pointOfSaleId),
};
// The products of a client are the same rows as the clients of a product (product_clients).
const productsRelation = {
  related: relatedProducts,
  join: joinOf(productClients.clientId, productClients.productId),
};

/** The paged list, the record and the options of the clients. */
const clientListing = {
  table: clients,
  id: clients.id,
  source: tableSource(clients),
  rowFields: {
    id: clients.id,
    code: clients.code,
    commercialName: clients.commercialName,
    legalName: clients.legalName,
    taxId: clients.taxId,
    isActive: clients.isActive,
  },
  detailFields: {
    pointOfSaleIds: relatedIdsOf(pointsOfSaleRelation.join, clients.id),
    productIds: relatedIdsOf(productsRelation.join, clients.id),
  },
  search: [clients.searchText],
  sort: {
    id: clients.id,
    code: fold(clients.code),
    commercialName: clients.commercialNameKey,
    legalName: fold(clients.legalName),
    taxId: clients.taxId,
    isActive: clients.isActive,
  } satisfies SortMap<'/clients/paged'>,
  defaultSort: ['commercialName'],
  options: {
    label: clients.commercialName,
    active: clients.isActive,
    search: [fold(clients.commercialName), fold(clients.code)],
    sortName: sql`${clients.commercialNameKey}`,
  },
} satisfies Partial<ResourceConfig<ClientInput>>;

/** spec 2 §5: the field rules of a client (the RFC in upper case); the values, or the 400. */
export async function prepareClient(input: ClientInput): Promise<PreparedWrite> {
  const issues: Issues = [];
  const code = cleanText(input.code);
  const commercialName = cleanText(input.commercialName);
  const taxId = cleanText(input.taxId)?.toUpperCase() ?? null;
  checkRequired(issues, code, 'code', 'El código es obligatorio');
  checkRequired(issues, commercialName, 'commercialName', 'El nombre comercial es obligatorio');
  checkRequired(issues, taxId, 'taxId', 'El RFC es obligatorio');
  throwIfAny(issues);
  return {
    values: {
      code,
      commercialName,
      legalName: cleanText(input.legalName),
      taxId,
      isActive: input.isActive,
    },
  };
}

export function registerClients(app: FastifyInstance): void {
  registerResource<ClientInput>(app, {
    noun,
    permission: 'CLIENTS',
    operations: {
      paged: 'listClients',
      options: 'listClientOptions',
      get: 'getClient',
      create: 'createClient',
      update: 'updateClient',
      delete: 'deleteClient',
    },
    ...clientListing,
    uniques: { clients_code_lower_key: { field: 'code', label: 'código' } },
    prepare: prepareClient,
  });
  registerRelationEditors(app, { permission: 'CLIENTS', table: clients, id: clients.id, noun }, [
    ['getClientPointsOfSale', 'setClientPointsOfSale', pointsOfSaleRelation],
    ['getClientProducts', 'setClientProducts', productsRelation],
  ]);
}
