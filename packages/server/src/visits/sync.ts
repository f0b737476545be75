// The visits sync (docs/sync.md): a batch of visits from a promoter's phone, each stored whole
// in its own transaction or not at all, each answered in order. Idempotent by the phone's UUID:
// a visit already stored is answered as the first time, never stored twice, even when two
// phones (or two retries) send it at the same instant.
import { createHash } from 'node:crypto';
import type { components } from '@anaquel/api/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { qualified as q } from '../db/fold.ts';
import {
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  checkInSurveys,
  checkIns,
  files,
  pointsOfSale,
  products,
} from '../db/schema/index.ts';
import type { ValidationIssue } from '../http/errors.ts';
import { pgErrorOf } from '../resources/db-errors.ts';
import { touchListedTable } from '../lists/table-versions.ts';
import type { AnswerableSurvey } from './answers.ts';
import type { Promoter } from './promoter.ts';
import { loadAnswerableSurveys } from './survey-loader.ts';
import { insertVisit, type CreatedVisit } from './store-visit.ts';
import {
  MAX_ATTEMPTS,
  backOff,
  isRetryable,
  lockAnsweredSurveys,
  yieldToEventLoop,
} from './sync-locks.ts';
import {
  canonicalVisit,
  checkPlace,
  checkSurveys,
  checkVisitShape,
  type CampaignRow,
  type PointOfSaleRow,
} from './visit-checks.ts';

export type SyncCheckIn = components['schemas']['SyncCheckIn'];
export type SyncCheckInResult = components['schemas']['SyncCheckInResult'];

const SYNC_MESSAGES = {
  rejected: 'La visita no se guardó: revisa los errores.',
  otherContent: 'La visita ya se sincronizó con otro contenido.',
  otherUser: 'El identificador de la visita pertenece a otro promotor.',
} as const;

/** A refusal of one visit: nothing of it is stored. */
class VisitRejected extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('visit rejected');
  }
}

/** JSON with sorted keys: the same visit hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function payloadHash(visit: SyncCheckIn): string {
  return createHash('sha256').update(canonical(visit)).digest('hex');
}

interface StoredVisit {
  id: number;
  userId: number;
  payloadHash: string;
  syncedAt: Date;
  answerPoints: number;
}

async function findStored(db: Db, uuids: readonly string[]): Promise<Map<string, StoredVisit>> {
  const map = new Map<string, StoredVisit>();
  if (uuids.length === 0) return map;
  const rows = await db
    .select({
      uuid: checkIns.uuid,
      id: checkIns.id,
      userId: checkIns.userId,
      payloadHash: checkIns.payloadHash,
      syncedAt: checkIns.syncedAt,
      answerPoints: sql<string>`coalesce((select sum(${checkInSurveys.answerPoints}) from ${checkInSurveys} where ${checkInSurveys.checkInId} = ${q(checkIns.id)}), 0)`,
    })
    .from(checkIns)
    .where(inArray(checkIns.uuid, [...uuids]));
  for (const row of rows) map.set(row.uuid, { ...row, answerPoints: Number(row.answerPoints) });
  return map;
}

function resultOfStored(
  visit: SyncCheckIn,
  stored: StoredVisit,
  promoter: Promoter,
  hash: string,
): SyncCheckInResult {
  if (stored.userId !== promoter.userId) return rejected(visit.uuid, SYNC_MESSAGES.otherUser);
  if (stored.payloadHash !== hash) return rejected(visit.uuid, SYNC_MESSAGES.otherContent);
  return {
    uuid: visit.uuid,
    status: 'created',
    checkInId: stored.id,
    syncedAt: stored.syncedAt.toISOString(),
    answerPoints: stored.answerPoints,
    errorMessage: null,
    validationErrors: [],
  };
}

function rejected(
  uuid: string,
  message: string,
  issues: ValidationIssue[] = [{ field: 'uuid', message }],
): SyncCheckInResult {
  return {
    uuid,
    status: 'rejected',
    checkInId: null,
    syncedAt: null,
    answerPoints: null,
    errorMessage: message,
    validationErrors: issues,
  };
}

/**
 * What the visits of one batch share, read once per request: surveys whose content can no longer
 * change (answered, so frozen by the in-use rule), campaigns, points of sale, campaign products
 * and which of the batch's photo ids exist.
 */
interface BatchCache {
  surveys: Map<number, AnswerableSurvey>;
  campaigns: Map<number, CampaignRow | null>;
  pointsOfSale: Map<string, PointOfSaleRow | null>;
  /** A campaign's products: id to whether the product is active. */
  campaignProducts: Map<number, Map<number, boolean>>;
  /** The batch's photos that exist: id to who uploaded it. */
  photos: Map<string, number | null>;
}

function photoIdsOf(visit: SyncCheckIn): string[] {
  return [
    ...(visit.photoIds ?? []),
    ...visit.surveys.flatMap((s) => s.answers.flatMap((a) => a.photoIds ?? [])),
  ];
}

/**
 * Stores a batch of visits of one promoter; one result per visit, in order. Never throws for a
 * bad visit (it is `rejected` with its reasons); unexpected failures propagate (500).
 */
export async function syncCheckIns(
  db: Db,
  promoter: Promoter,
  sent: readonly SyncCheckIn[],
): Promise<SyncCheckInResult[]> {
  const visits = sent.map(canonicalVisit);
  const stored = await findStored(
    db,
    visits.map((v) => v.uuid),
  );
  const photoIds = [...new Set(visits.flatMap(photoIdsOf))];
  const cache: BatchCache = {
    surveys: new Map(),
    campaigns: new Map(),
    pointsOfSale: new Map(),
    campaignProducts: new Map(),
    photos: new Map(
      photoIds.length === 0
        ? []
        : (
            await db
              .select({ id: files.id, uploadedBy: files.uploadedBy })
              .from(files)
              .where(inArray(files.id, photoIds))
          ).map((r) => [r.id, r.uploadedBy]),
    ),
  };
  const results: SyncCheckInResult[] = [];
  try {
    for (const visit of visits) {
      const hash = payloadHash(visit);
      const known = stored.get(visit.uuid);
      if (known) {
        results.push(resultOfStored(visit, known, promoter, hash));
        continue;
      }
      const result = await syncOne(db, promoter, visit, hash, cache);
      if (result.status === 'created') {
        stored.set(visit.uuid, {
          id: result.checkInId!,
          userId: promoter.userId,
          payloadHash: hash,
          syncedAt: new Date(result.syncedAt!),
          answerPoints: result.answerPoints ?? 0,
        });
      }
      results.push(result);
    }
  } finally {
    // The review list's counts and keyset anchors are stale now, in every process (one notice
    // per batch, also when a later visit failed; lists/table-versions.ts).
    if (results.some((result) => result.status === 'created')) {
      await touchListedTable(db, checkIns);
    }
  }
  // Each result names its visit as the phone wrote it.
  return results.map((result, index) => ({ ...result, uuid: sent[index]!.uuid }));
}

async function syncOne(
  db: Db,
  promoter: Promoter,
  visit: SyncCheckIn,
  hash: string,
  cache: BatchCache,
): Promise<SyncCheckInResult> {
  const staticIssues = checkVisitShape(visit);
  if (staticIssues.length > 0) {
    return rejected(visit.uuid, SYNC_MESSAGES.rejected, staticIssues);
  }
  for (let attempt = 1; ; attempt++) {
    await yieldToEventLoop();
    try {
      const created = await db.transaction((tx) => storeVisit(tx, promoter, visit, hash, cache));
      return {
        uuid: visit.uuid,
        status: 'created',
        checkInId: created.id,
        syncedAt: created.syncedAt.toISOString(),
        answerPoints: created.answerPoints,
        errorMessage: null,
        validationErrors: [],
      };
    } catch (error) {
      if (error instanceof VisitRejected) {
        return rejected(visit.uuid, SYNC_MESSAGES.rejected, error.issues);
      }
      const pg = pgErrorOf(error);
      if (pg?.code === '23505' && pg.constraint === 'check_ins_uuid_key') {
        // Stored meanwhile by another request (the same visit sent twice at once).
        const stored = (await findStored(db, [visit.uuid])).get(visit.uuid);
        if (stored) return resultOfStored(visit, stored, promoter, hash);
      }
      if (isRetryable(pg) && attempt < MAX_ATTEMPTS) {
        await backOff(attempt);
        continue;
      }
      throw error;
    }
  }
}

async function storeVisit(
  tx: Tx,
  promoter: Promoter,
  visit: SyncCheckIn,
  hash: string,
  cache: BatchCache,
): Promise<CreatedVisit> {
  const db = tx as unknown as Db;
  const issues: ValidationIssue[] = [];

  // The campaign and the point of sale.
  if (!cache.campaigns.has(visit.campaignId)) {
    const [row] = await db
      .select({
        id: campaigns.id,
        isActive: campaigns.isActive,
        startDate: campaigns.startDate,
        endDate: campaigns.endDate,
      })
      .from(campaigns)
      .where(eq(campaigns.id, visit.campaignId));
    cache.campaigns.set(visit.campaignId, row ?? null);
  }
  const campaign = cache.campaigns.get(visit.campaignId);
  if (!campaign) {
    throw new VisitRejected([{ field: 'campaignId', message: 'La campaña no existe.' }]);
  }
  const placeKey = `${campaign.id}/${visit.pointOfSaleId}`;
  if (!cache.pointsOfSale.has(placeKey)) {
    const [row] = await db
      .select({
        id: pointsOfSale.id,
        stateId: pointsOfSale.stateId,
        isActive: pointsOfSale.isActive,
        latitude: pointsOfSale.latitude,
        longitude: pointsOfSale.longitude,
        inCampaign: sql<boolean>`exists (select 1 from ${campaignPointsOfSale} where ${campaignPointsOfSale.campaignId} = ${campaign.id} and ${campaignPointsOfSale.pointOfSaleId} = ${q(pointsOfSale.id)})`,
      })
      .from(pointsOfSale)
      .where(eq(pointsOfSale.id, visit.pointOfSaleId));
    cache.pointsOfSale.set(placeKey, row ?? null);
  }
  const pointOfSale = cache.pointsOfSale.get(placeKey) ?? null;
  issues.push(...checkPlace(visit, campaign, pointOfSale, promoter));

  // The surveys: marked in use and locked so that a designer edit never interleaves
  // (docs/surveys.md, in-use rule; sync-locks.ts), then their content is read.
  const surveyIds = [...new Set(visit.surveys.map((s) => s.surveyId))].sort((a, b) => a - b);
  const answeredBefore = await lockAnsweredSurveys(db, surveyIds);
  const toLoad = surveyIds.filter((id) => !(answeredBefore.has(id) && cache.surveys.has(id)));
  const loaded = await loadAnswerableSurveys(db, toLoad);
  for (const [id, survey] of loaded) if (answeredBefore.has(id)) cache.surveys.set(id, survey);
  const surveyOf = (id: number) => loaded.get(id) ?? cache.surveys.get(id);

  const needsProducts = visit.surveys.some((sent) => sent.productId != null);
  if (needsProducts && !cache.campaignProducts.has(campaign.id)) {
    const rows = await db
      .select({ productId: campaignProducts.productId, isActive: products.isActive })
      .from(campaignProducts)
      .innerJoin(products, eq(products.id, campaignProducts.productId))
      .where(eq(campaignProducts.campaignId, campaign.id));
    cache.campaignProducts.set(campaign.id, new Map(rows.map((r) => [r.productId, r.isActive])));
  }
  issues.push(
    ...checkSurveys(visit, {
      campaignId: campaign.id,
      products: cache.campaignProducts.get(campaign.id) ?? new Map<number, boolean>(),
      photos: cache.photos,
      promoterId: promoter.userId,
      surveyOf,
    }),
  );
  if (issues.length > 0) throw new VisitRejected(issues);

  // Everything checks (so the point of sale exists, checkPlace): score and store.
  return insertVisit(db, promoter.userId, visit, hash, surveyOf, pointOfSale!);
}
