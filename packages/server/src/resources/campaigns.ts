import type { components } from '@anaquel/api/schema';
import { exists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { fold, qualified as q } from '../db/fold.ts';
import {
  campaignClients,
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  clients,
  pointsOfSale,
  products,
} from '../db/schema/index.ts';
import { registerResource } from './factory.ts';
import { pointOfSaleLabel } from './points-of-sale.ts';
import { productLabel } from './products.ts';
import { namedValues, throwIfAny } from './named.ts';
import { registerRelation, relatedIdsOf, replaceRelation } from './relations.ts';
import { uniqueIds, type Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type CampaignInput = components['schemas']['CampaignInput'];

const noun = { singular: 'campaña', feminine: true };
const clientsJoin = {
  table: campaignClients,
  ownerId: campaignClients.campaignId,
  relatedId: campaignClients.clientId,
};
const pointsOfSaleJoin = {
  table: campaignPointsOfSale,
  ownerId: campaignPointsOfSale.campaignId,
  relatedId: campaignPointsOfSale.pointOfSaleId,
};
const productsJoin = {
  table: campaignProducts,
  ownerId: campaignProducts.campaignId,
  relatedId: campaignProducts.productId,
};

export function registerCampaigns(app: FastifyInstance): void {
  registerResource<CampaignInput>(app, {
    noun,
    permission: 'CAMPAIGNS',
    operations: {
      paged: 'listCampaigns',
      options: 'listCampaignOptions',
      get: 'getCampaign',
      create: 'createCampaign',
      update: 'updateCampaign',
      delete: 'deleteCampaign',
    },
    table: campaigns,
    id: campaigns.id,
    source: (db: Db, fields) => db.select(fields).from(campaigns).$dynamic(),
    rowFields: {
      id: campaigns.id,
      name: campaigns.name,
      description: campaigns.description,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
      clientIds: relatedIdsOf(clientsJoin, campaigns.id),
      clientNames: sql<
        string[]
      >`array(select ${q(clients.commercialName)} from ${campaignClients} inner join ${clients} on ${q(clients.id)} = ${q(campaignClients.clientId)} where ${q(campaignClients.campaignId)} = ${q(campaigns.id)} order by ${fold(q(clients.commercialName))})`,
      isActive: campaigns.isActive,
    },
    detailFields: {
      pointOfSaleIds: relatedIdsOf(pointsOfSaleJoin, campaigns.id),
      productIds: relatedIdsOf(productsJoin, campaigns.id),
    },
    search: [fold(campaigns.name), fold(campaigns.description)],
    sort: {
      id: campaigns.id,
      name: fold(campaigns.name),
      description: fold(campaigns.description),
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
      isActive: campaigns.isActive,
    } satisfies SortMap<'/campaigns/paged'>,
    defaultSort: ['-startDate'],
    filters: {
      clientId: (value) =>
        exists(
          sql`(select 1 from ${campaignClients} where ${q(campaignClients.campaignId)} = ${q(campaigns.id)} and ${q(campaignClients.clientId)} = ${value})`,
        ),
    },
    options: {
      label: campaigns.name,
      active: campaigns.isActive,
      search: [fold(campaigns.name)],
      sortName: fold(campaigns.name),
    },
    prepare: async (input) => {
      const issues: Issues = [];
      const values = namedValues(input, issues);
      const clientIds = uniqueIds(input.clientIds);
      if (clientIds.length === 0) {
        issues.push({ field: 'clientIds', message: 'Debe seleccionar al menos un cliente' });
      }
      const endDate = input.endDate ?? null;
      // spec 2 §5: the end may equal the start, not precede it.
      if (endDate !== null && endDate < input.startDate) {
        issues.push({
          field: 'endDate',
          message: 'La fecha de fin debe ser posterior a la fecha de inicio',
        });
      }
      throwIfAny(issues);
      return {
        values: { ...values, startDate: input.startDate, endDate },
        afterWrite: async (tx, campaignId) => {
          await replaceRelation(
            tx,
            { related: { table: clients, id: clients.id }, join: clientsJoin },
            campaignId,
            clientIds,
            'clientIds',
          );
        },
      };
    },
  });

  const owner = { table: campaigns, id: campaigns.id, noun };
  registerRelation(app, {
    getOperation: 'getCampaignClients',
    setOperation: 'setCampaignClients',
    permission: 'CAMPAIGNS',
    owner,
    related: { table: clients, id: clients.id, label: clients.commercialName },
    join: clientsJoin,
  });
  registerRelation(app, {
    getOperation: 'getCampaignPointsOfSale',
    setOperation: 'setCampaignPointsOfSale',
    permission: 'CAMPAIGNS',
    owner,
    related: { table: pointsOfSale, id: pointsOfSale.id, label: pointOfSaleLabel },
    join: pointsOfSaleJoin,
  });
  registerRelation(app, {
    getOperation: 'getCampaignProducts',
    setOperation: 'setCampaignProducts',
    permission: 'CAMPAIGNS',
    owner,
    related: { table: products, id: products.id, label: productLabel },
    join: productsJoin,
  });
}
