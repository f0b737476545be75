import type { FastifyInstance } from 'fastify';
import { registerCampaigns } from '../resources/campaigns.ts';
import { registerClients } from '../resources/clients.ts';
import { registerLookups } from '../resources/lookups.ts';
import { namedResources, registerNamedResource } from '../resources/named-resources.ts';
import { registerImports } from '../resources/import/routes.ts';
import { registerPointsOfSale } from '../resources/points-of-sale.ts';
import { registerProducts } from '../resources/products.ts';
import { registerProfiles } from '../resources/profiles.ts';
import { registerRegions } from '../resources/regions.ts';
import { registerSubcategories } from '../resources/subcategories.ts';
import { registerUsers } from '../resources/users.ts';

/**
 * Master data (spec 2 §2-§9): every resource through the one factory, plus the look-ups. The plain
 * name/description/isActive resources (brands, categories) come from one list.
 */
export default function masterDataRoutes(app: FastifyInstance): void {
  registerProfiles(app);
  for (const resource of namedResources) registerNamedResource(app, resource);
  registerSubcategories(app);
  registerClients(app);
  registerPointsOfSale(app);
  registerImports(app);
  registerProducts(app);
  registerRegions(app);
  registerUsers(app);
  registerCampaigns(app);
  registerLookups(app);
}
