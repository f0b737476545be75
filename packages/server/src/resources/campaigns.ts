import type { components } from '@anaquel/api/schema';
import type { FastifyInstance } from 'fastify';
import { fold, qualified as q } from '../db/fold.ts';
import {
  campaignClients,
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  clients,
} from '../db/schema/index.ts';
import {
  registerResource,
  tableSource,
  type PreparedWrite,
  type ResourceConfig,
} from './factory.ts';
import { relatedPointsOfSale } from './points-of-sale.ts';
import { relatedProducts } from './products.ts';
import { namedValues, throwIfAny } from './named.ts';
import {
  joinOf,
  linkedTo,
  registerRelationEditors,
  relatedIdsOf,
  relatedNamesOf,
  replaceRelation,
} from './relations.ts';
import { uniqueIds, type Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type CampaignInput = components['schemas']['CampaignInput'];

const noun = { singular: 'campaña', feminine: true };
const clientsRelation = {
  related: { table: clients, id: clients.id, label: clients.commercialName },
  join: joinOf(campaignClients.campaignId, campaignClients.clientId),
};
const pointsOfSaleRelation = {
  related: relatedPointsOfSale,
  join: joinOf(campaignPointsOfSale.campaignId, campaignPointsOfSale.pointOfSaleId),
};
const productsRelation = {
  related: relatedProducts,
  join: joinOf(campaignProducts.campaignId, campaignProducts.productId),
};

/** The paged list, the record and the options of the campaigns. */
const campaignListing = {
  table: campaigns,
  id: campaigns.id,
  source: tableSource(campaigns),
  rowFields: {
    id: campaigns.id,
    name: campaigns.name,
    description: campaigns.description,
    startDate: campaigns.startDate,
    endDate: campaigns.endDate,
    clientIds: relatedIdsOf(clientsRelation.join, campaigns.id),
    clientNames: relatedNamesOf(
      clientsRelation,
      campaigns.id,
      clients.commercialName,
      fold(q(clients.commercialName)),
    ),
    isActive: campaigns.isActive,
  },
  detailFields: {
    pointOfSaleIds: relatedIdsOf(pointsOfSaleRelation.join, campaigns.id),
    productIds: relatedIdsOf(productsRelation.join, campaigns.id),
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
  filters: { clientId: linkedTo(clientsRelation.join, campaigns.id) },
  options: {
    label: campaigns.name,
    active: campaigns.isActive,
    search: [fold(campaigns.name)],
    sortName: fold(campaigns.name),
  },
} satisfies Partial<ResourceConfig<CampaignInput>>;

async function prepareCampaign(input: CampaignInput): Promise<PreparedWrite> {
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
    afterWrite: (tx, campaignId) =>
      replaceRelation(tx, clientsRelation, campaignId, clientIds, 'clientIds'),
  };
}

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
    ...campaignListing,
    prepare: prepareCampaign,
  });
  const owner = { permission: 'CAMPAIGNS', table: campaigns, id: campaigns.id, noun } as const;
  registerRelationEditors(app, owner, [
    ['getCampaignClients', 'setCampaignClients', clientsRelation],
    ['getCampaignPointsOfSale', 'setCampaignPointsOfSale', pointsOfSaleRelation],
    ['getCampaignProducts', 'setCampaignProducts', productsRelation],
  ]);
}
