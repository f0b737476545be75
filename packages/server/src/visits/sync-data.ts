import type { components } from '@anaquel/api/schema';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  brands,
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  pointOfSaleProducts,
  pointsOfSale,
  products,
  states,
  surveys,
} from '../db/schema/index.ts';
import { pointOfSaleFields } from '../resources/points-of-sale.ts';
import { toSurveyTreeAnswer } from '../surveys/tree-answer.ts';
import { loadSurveyTree } from '../surveys/tree.ts';
import { mexicoCityDay } from './dates.ts';
import type { Promoter } from './promoter.ts';

type SyncData = components['schemas']['SyncData'];

const group = <K, V>(rows: readonly { key: K; value: V }[]): Map<K, V[]> => {
  const map = new Map<K, V[]>();
  for (const { key, value } of rows) map.set(key, [...(map.get(key) ?? []), value]);
  return map;
};

/** Active campaigns running today (Mexico City day), by name. */
function runningCampaigns(db: Db, today: string) {
  return db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      description: campaigns.description,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.isActive, true),
        lte(campaigns.startDate, today),
        or(isNull(campaigns.endDate), gte(campaigns.endDate, today)),
      ),
    )
    .orderBy(asc(campaigns.name), asc(campaigns.id));
}

/** The campaigns' active points of sale in the promoter's states, as campaign -> place pairs. */
function campaignPlaces(db: Db, campaignIds: number[], stateIds: number[]) {
  return db
    .select({ key: campaignPointsOfSale.campaignId, value: campaignPointsOfSale.pointOfSaleId })
    .from(campaignPointsOfSale)
    .innerJoin(pointsOfSale, eq(pointsOfSale.id, campaignPointsOfSale.pointOfSaleId))
    .where(
      and(
        inArray(campaignPointsOfSale.campaignId, campaignIds),
        eq(pointsOfSale.isActive, true),
        inArray(pointsOfSale.stateId, stateIds),
      ),
    )
    .orderBy(asc(pointsOfSale.nameKey), asc(pointsOfSale.id));
}

/** The campaigns' active products and active surveys, as campaign -> id pairs. */
function campaignContents(db: Db, campaignIds: number[]) {
  return Promise.all([
    db
      .select({ key: campaignProducts.campaignId, value: campaignProducts.productId })
      .from(campaignProducts)
      .innerJoin(products, eq(products.id, campaignProducts.productId))
      .where(and(inArray(campaignProducts.campaignId, campaignIds), eq(products.isActive, true)))
      .orderBy(asc(products.nameKey), asc(products.id)),
    db
      .select({ key: surveys.campaignId, value: surveys.id })
      .from(surveys)
      .where(and(inArray(surveys.campaignId, campaignIds), eq(surveys.isActive, true)))
      .orderBy(asc(surveys.id)),
  ]);
}

/** The points of sale with their address and coordinates, by name. */
function placeDetails(db: Db, placeIds: number[]) {
  return db
    .select(pointOfSaleFields)
    .from(pointsOfSale)
    .innerJoin(states, eq(states.id, pointsOfSale.stateId))
    .where(inArray(pointsOfSale.id, placeIds))
    .orderBy(asc(pointsOfSale.nameKey), asc(pointsOfSale.id));
}

/** What each point of sale carries, as place -> product pairs. */
function carriedProducts(db: Db, placeIds: number[]) {
  return db
    .select({ key: pointOfSaleProducts.pointOfSaleId, value: pointOfSaleProducts.productId })
    .from(pointOfSaleProducts)
    .where(inArray(pointOfSaleProducts.pointOfSaleId, placeIds))
    .orderBy(asc(pointOfSaleProducts.productId));
}

/** The products with their brand, by name. */
async function productDetails(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      brandName: brands.name,
      imageUrl: products.imageFileId,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.nameKey), asc(products.id));
}

/**
 * What the promoter's phone needs offline (docs/sync.md): its active campaigns (active and
 * running today, Mexico City time) that have points of sale in its regions, those points of
 * sale, the campaigns' active products and the trees of their active surveys.
 */
export async function loadSyncData(
  db: Db,
  promoter: Promoter,
  now = new Date(),
): Promise<SyncData> {
  const stateIds = [...promoter.stateIds];
  const empty: SyncData = {
    promoter: { id: promoter.userId, name: promoter.name },
    serverTime: now.toISOString(),
    campaigns: [],
    pointsOfSale: [],
    products: [],
    surveys: [],
  };
  if (stateIds.length === 0) return empty;

  const campaignRows = await runningCampaigns(db, mexicoCityDay(now));
  if (campaignRows.length === 0) return empty;
  const placeRows = await campaignPlaces(
    db,
    campaignRows.map((c) => c.id),
    stateIds,
  );
  const placesOf = group(placeRows);
  const visitable = campaignRows.filter((c) => (placesOf.get(c.id) ?? []).length > 0);
  if (visitable.length === 0) return empty;

  const [productRows, surveyRows] = await campaignContents(
    db,
    visitable.map((c) => c.id),
  );
  const productsOf = group(productRows);
  const surveysOf = group(surveyRows);
  const placeIds = [...new Set(placeRows.map((r) => r.value))];
  const [places, carried, productList] = await Promise.all([
    placeDetails(db, placeIds),
    carriedProducts(db, placeIds),
    productDetails(db, [...new Set(productRows.map((r) => r.value))]),
  ]);
  const carriedOf = group(carried);

  const trees: SyncData['surveys'] = [];
  for (const { value: surveyId } of surveyRows) {
    const tree = await loadSurveyTree(db, surveyId);
    if (tree) trees.push(toSurveyTreeAnswer(tree));
  }

  return {
    ...empty,
    campaigns: visitable.map((c) => ({
      ...c,
      pointOfSaleIds: placesOf.get(c.id) ?? [],
      productIds: productsOf.get(c.id) ?? [],
      surveyIds: surveysOf.get(c.id) ?? [],
    })),
    pointsOfSale: places.map((p) => ({ ...p, productIds: carriedOf.get(p.id) ?? [] })),
    products: productList,
    surveys: trees,
  };
}
