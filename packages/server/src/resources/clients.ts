import type { components } from '@anaquel/api/schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { fold } from '../db/fold.ts';
import {
  clientPointsOfSale,
  clients,
  pointsOfSale,
  productClients,
  products,
} from '../db/schema/index.ts';
import { registerResource } from './factory.ts';
import { pointOfSaleLabel } from './points-of-sale.ts';
import { productLabel } from './products.ts';
import { throwIfAny } from './named.ts';
import { registerRelation, relatedIdsOf } from './relations.ts';
import { checkRequired, cleanText, type Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type ClientInput = components['schemas']['ClientInput'];

const noun = { singular: 'cliente', feminine: false };
const clientPointsOfSaleJoin = {
  table: clientPointsOfSale,
  ownerId: clientPointsOfSale.clientId,
  relatedId: clientPointsOfSale.pointOfSaleId,
};
// The products of a client are the same rows as the clients of a product (product_clients).
const clientProductsJoin = {
  table: productClients,
  ownerId: productClients.clientId,
  relatedId: productClients.productId,
};

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
    table: clients,
    id: clients.id,
    source: (db: Db, fields) => db.select(fields).from(clients).$dynamic(),
    rowFields: {
      id: clients.id,
      code: clients.code,
      commercialName: clients.commercialName,
      legalName: clients.legalName,
      taxId: clients.taxId,
      isActive: clients.isActive,
    },
    detailFields: {
      pointOfSaleIds: relatedIdsOf(clientPointsOfSaleJoin, clients.id),
      productIds: relatedIdsOf(clientProductsJoin, clients.id),
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
    uniques: { clients_code_lower_key: { field: 'code', label: 'código' } },
    prepare: async (input) => {
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
    },
  });

  registerRelation(app, {
    getOperation: 'getClientPointsOfSale',
    setOperation: 'setClientPointsOfSale',
    permission: 'CLIENTS',
    owner: { table: clients, id: clients.id, noun },
    related: { table: pointsOfSale, id: pointsOfSale.id, label: pointOfSaleLabel },
    join: clientPointsOfSaleJoin,
  });
  registerRelation(app, {
    getOperation: 'getClientProducts',
    setOperation: 'setClientProducts',
    permission: 'CLIENTS',
    owner: { table: clients, id: clients.id, noun },
    related: { table: products, id: products.id, label: productLabel },
    join: clientProductsJoin,
  });
}
