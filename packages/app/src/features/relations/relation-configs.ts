import type { CampaignDetail, ClientDetail, PointOfSaleDetail } from '@anaquel/api';
import type { EntityLabels, RelationEditorConfig } from '../../components/resource';

// The six relation editor routes of spec 2 §2 "Relation editors", as data for the one editor.

const campaign = {
  resource: '/campaigns',
  labels: { singular: 'campaña', plural: 'campañas', feminine: true } satisfies EntityLabels,
  permission: 'CAMPAIGNS',
  invalidId: 'Id de la campaña inválida',
  listHref: '/campaigns',
  name: (detail: CampaignDetail) => detail.name,
} as const;

const client = {
  resource: '/clients',
  labels: { singular: 'cliente', plural: 'clientes', feminine: false } satisfies EntityLabels,
  permission: 'CLIENTS',
  invalidId: 'Id del cliente inválido',
  listHref: '/clients',
  name: (detail: ClientDetail) => detail.commercialName,
} as const;

const pointOfSale = {
  resource: '/pointofsales',
  labels: {
    singular: 'punto de venta',
    plural: 'puntos de venta',
    feminine: false,
  } satisfies EntityLabels,
  permission: 'POINTOFSALES',
  invalidId: 'Id del punto de venta inválido',
  listHref: '/points-of-sales',
  name: (detail: PointOfSaleDetail) => detail.name,
} as const;

const clients = {
  resource: '/clients',
  label: 'Clientes',
  loadError: 'Error al cargar los clientes',
} as const;
const pointsOfSale = {
  resource: '/pointofsales',
  label: 'Puntos de venta',
  loadError: 'Error al cargar los puntos de venta',
} as const;
const products = {
  resource: '/products',
  label: 'Productos',
  loadError: 'Error al cargar los productos',
} as const;

/** /campaigns/:campaignId/clients */
export const campaignClients: RelationEditorConfig<CampaignDetail> = {
  path: '/campaigns/{id}/clients',
  param: 'campaignId',
  owner: { ...campaign, relatedIds: (detail) => detail.clientIds },
  related: clients,
};

/** /campaigns/:campaignId/points-of-sales */
export const campaignPointsOfSale: RelationEditorConfig<CampaignDetail> = {
  path: '/campaigns/{id}/pointofsales',
  param: 'campaignId',
  owner: { ...campaign, relatedIds: (detail) => detail.pointOfSaleIds },
  related: pointsOfSale,
};

/** /campaigns/:campaignId/products */
export const campaignProducts: RelationEditorConfig<CampaignDetail> = {
  path: '/campaigns/{id}/products',
  param: 'campaignId',
  owner: { ...campaign, relatedIds: (detail) => detail.productIds },
  related: products,
};

/** /clients/:clientId/points-of-sales */
export const clientPointsOfSale: RelationEditorConfig<ClientDetail> = {
  path: '/clients/{id}/pointofsales',
  param: 'clientId',
  owner: { ...client, relatedIds: (detail) => detail.pointOfSaleIds },
  related: pointsOfSale,
};

/** /clients/:clientId/products */
export const clientProducts: RelationEditorConfig<ClientDetail> = {
  path: '/clients/{id}/products',
  param: 'clientId',
  owner: { ...client, relatedIds: (detail) => detail.productIds },
  related: products,
};

/** /points-of-sales/:pointOfSalesId/products */
export const pointOfSaleProducts: RelationEditorConfig<PointOfSaleDetail> = {
  path: '/pointofsales/{id}/products',
  param: 'pointOfSalesId',
  owner: { ...pointOfSale, relatedIds: (detail) => detail.productIds },
  related: products,
};
