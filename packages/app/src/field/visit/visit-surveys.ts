// Which surveys a visit asks for (issue #22 §5): the campaign's point-of-sale surveys once, its
// product surveys once per product of the campaign that the point of sale carries.
import type { SyncData } from '@anaquel/api';
import type { components } from '@anaquel/api/schema';
import type { StoredSurvey, StoredVisit } from '../store/db';

type SurveyTree = components['schemas']['SurveyTree'];
type SyncProduct = components['schemas']['SyncProduct'];

/** SurveyType 2: answered once per product (docs/surveys.md). */
const PRODUCT_SURVEY = 2;

/** One survey to answer at this visit. */
export interface VisitSurvey {
  /** 'surveyId:productId' ('surveyId:' for a point-of-sale survey). */
  key: string;
  survey: SurveyTree;
  /** The product it is about; null for a point-of-sale survey. */
  product: SyncProduct | null;
}

/** The key of a survey of a visit, stored or to answer. */
export function surveyKey(surveyId: number, productId: number | null): string {
  return `${surveyId}:${productId ?? ''}`;
}

/** The surveys the visit of `visit.campaignId` at `visit.pointOfSaleId` asks for, in order. */
export function visitSurveys(
  data: SyncData,
  visit: Pick<StoredVisit, 'campaignId' | 'pointOfSaleId'>,
): VisitSurvey[] {
  const campaign = data.campaigns.find((c) => c.id === visit.campaignId);
  const place = data.pointsOfSale.find((p) => p.id === visit.pointOfSaleId);
  if (!campaign || !place) return [];
  const carried = new Set(place.productIds);
  const products = data.products.filter(
    (product) => campaign.productIds.includes(product.id) && carried.has(product.id),
  );
  const surveys = data.surveys.filter((survey) => campaign.surveyIds.includes(survey.id));
  const out: VisitSurvey[] = [];
  for (const survey of surveys.filter((s) => s.type !== PRODUCT_SURVEY)) {
    out.push({ key: surveyKey(survey.id, null), survey, product: null });
  }
  for (const survey of surveys.filter((s) => s.type === PRODUCT_SURVEY)) {
    for (const product of products) {
      out.push({ key: surveyKey(survey.id, product.id), survey, product });
    }
  }
  return out;
}

/** The stored survey of `key`, if the promoter opened it. */
export function storedSurvey(visit: StoredVisit, key: string): StoredSurvey | undefined {
  return visit.surveys.find((s) => surveyKey(s.surveyId, s.productId) === key);
}
