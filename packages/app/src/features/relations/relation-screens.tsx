import { RelationEditor } from '../../components/resource';
import {
  campaignClients,
  campaignPointsOfSale,
  campaignProducts,
  clientPointsOfSale,
  clientProducts,
  pointOfSaleProducts,
} from './relation-configs';

// One screen per relation route (the route table loads screens by module export).

export function CampaignClientsScreen() {
  return <RelationEditor config={campaignClients} />;
}
export function CampaignPointsOfSaleScreen() {
  return <RelationEditor config={campaignPointsOfSale} />;
}
export function CampaignProductsScreen() {
  return <RelationEditor config={campaignProducts} />;
}
export function ClientPointsOfSaleScreen() {
  return <RelationEditor config={clientPointsOfSale} />;
}
export function ClientProductsScreen() {
  return <RelationEditor config={clientProducts} />;
}
export function PointOfSaleProductsScreen() {
  return <RelationEditor config={pointOfSaleProducts} />;
}
