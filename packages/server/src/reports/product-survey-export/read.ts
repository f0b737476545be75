// The export's rows, read in keyset batches by the visit's start, the visit and its answered
// survey, so that memory stays flat whatever the window holds; the next batch is read while the
// caller writes the current one.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  brands,
  checkInSurveys,
  checkIns,
  pointsOfSale,
  products,
  states,
  users,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../surveys/tree.ts';
import type { SurveyTree } from '../../surveys/tree-model.ts';
import { addDays, startOfMexicoCityDay } from '../../visits/dates.ts';
import { fillClients, type ClientNames } from './clients.ts';
import type { Layout } from './columns.ts';
import { columnIndexOf, readDetails, type BatchDetails } from './read-details.ts';
import type { ExportFilter } from './request.ts';

/** One data row: a visit and the product whose survey it answered, or an unavailable visit. */
export interface VisitRow {
  visitId: number;
  startKey: string;
  startDate: Date;
  endDate: Date | null;
  syncedAt: Date;
  unavailable: boolean;
  /** Metres to the point of sale at check-in and check-out, as stored at sync (docs/geo.md). */
  checkInDistance: number | null;
  checkOutDistance: number | null;
  promoter: string;
  posCode: string;
  posName: string;
  state: string;
  municipality: string;
  city: string | null;
  campaignId: number;
  pointOfSaleId: number;
  productId: number | null;
  /** Whose product or visit the row is about (clients.ts). */
  client: string | null;
  checkInSurveyId: number | null;
  sku: string | null;
  product: string | null;
  brand: string | null;
  answerPoints: number | null;
  surveyPoints: number | null;
}

/** Where a batch ends: the next one starts after it. */
interface Keyset {
  startKey: string;
  visitId: number;
  checkInSurveyId: number;
}

/** The rows of the window after `after`, in the export's order. */
function visitRowsQuery(
  tree: SurveyTree,
  filter: ExportFilter,
  after: Keyset | null,
  limit: number,
): SQL {
  const surveyId = tree.survey.id;
  const from = filter.startDate ? startOfMexicoCityDay(filter.startDate) : null;
  const to = filter.endDate ? startOfMexicoCityDay(addDays(filter.endDate, 1)) : null;
  return sql`
    select ${checkIns.id} as "visitId", ${checkIns.startDate}::text as "startKey",
           ${checkIns.startDate} as "startDate", ${checkIns.endDate} as "endDate",
           ${checkIns.syncedAt} as "syncedAt", ${checkIns.unavailable} as "unavailable",
           ${checkIns.checkInDistance} as "checkInDistance",
           ${checkIns.checkOutDistance} as "checkOutDistance",
           ${users.name} || ' ' || ${users.lastName} as "promoter",
           ${pointsOfSale.code} as "posCode", ${pointsOfSale.name} as "posName",
           ${states.name} as "state", ${pointsOfSale.municipality} as "municipality",
           ${pointsOfSale.city} as "city",
           ${checkIns.campaignId} as "campaignId", ${checkIns.pointOfSaleId} as "pointOfSaleId",
           ${checkInSurveys.id} as "checkInSurveyId", ${checkInSurveys.productId} as "productId",
           ${products.sku} as "sku",
           ${products.name} as "product", ${brands.name} as "brand",
           ${checkInSurveys.answerPoints}::float8 as "answerPoints",
           ${checkInSurveys.surveyPoints}::float8 as "surveyPoints"
      from ${checkIns}
      join ${users} on ${users.id} = ${checkIns.userId}
      join ${pointsOfSale} on ${pointsOfSale.id} = ${checkIns.pointOfSaleId}
      join ${states} on ${states.id} = ${pointsOfSale.stateId}
      left join ${checkInSurveys} on ${checkInSurveys.checkInId} = ${checkIns.id}
        and ${checkInSurveys.surveyId} = ${surveyId}
      left join ${products} on ${products.id} = ${checkInSurveys.productId}
      left join ${brands} on ${brands.id} = ${products.brandId}
     where (${checkInSurveys.id} is not null
            or (${checkIns.unavailable} and ${checkIns.campaignId} = ${tree.survey.campaignId}))
       ${from ? sql`and ${checkIns.startDate} >= ${from.toISOString()}::timestamptz` : sql``}
       ${to ? sql`and ${checkIns.startDate} < ${to.toISOString()}::timestamptz` : sql``}
       ${
         after
           ? // The first condition lets the index on the start find where the batch begins (the
             // row comparison alone would scan every earlier visit again at each batch).
             sql`and ${checkIns.startDate} >= ${after.startKey}::timestamptz
                 and (${checkIns.startDate}, ${checkIns.id}, coalesce(${checkInSurveys.id}, 0))
                   > (${after.startKey}::timestamptz, ${after.visitId}, ${after.checkInSurveyId})`
           : sql``
       }
     order by ${checkIns.startDate}, ${checkIns.id}, coalesce(${checkInSurveys.id}, 0)
     limit ${limit}`;
}

function toVisitRow(r: Record<string, unknown>): VisitRow {
  return {
    visitId: Number(r.visitId),
    startKey: String(r.startKey),
    startDate: new Date(r.startDate as string | Date),
    endDate: r.endDate === null ? null : new Date(r.endDate as string | Date),
    syncedAt: new Date(r.syncedAt as string | Date),
    unavailable: Boolean(r.unavailable),
    checkInDistance: r.checkInDistance === null ? null : Number(r.checkInDistance),
    checkOutDistance: r.checkOutDistance === null ? null : Number(r.checkOutDistance),
    promoter: String(r.promoter),
    posCode: String(r.posCode),
    posName: String(r.posName),
    state: String(r.state),
    municipality: String(r.municipality),
    city: (r.city as string | null) ?? null,
    campaignId: Number(r.campaignId),
    pointOfSaleId: Number(r.pointOfSaleId),
    productId: r.productId === null ? null : Number(r.productId),
    client: null,
    checkInSurveyId: r.checkInSurveyId === null ? null : Number(r.checkInSurveyId),
    sku: (r.sku as string | null) ?? null,
    product: (r.product as string | null) ?? null,
    brand: (r.brand as string | null) ?? null,
    answerPoints: r.answerPoints === null ? null : Number(r.answerPoints),
    surveyPoints: r.surveyPoints === null ? null : Number(r.surveyPoints),
  };
}

/** Up to `limit` rows of the window after `after` (the first ones without it). */
export async function readBatch(
  db: Db,
  tree: SurveyTree,
  filter: ExportFilter,
  after: Keyset | null,
  limit: number,
): Promise<VisitRow[]> {
  const result = await db.execute(visitRowsQuery(tree, filter, after, limit));
  return rowsOf<Record<string, unknown>>(result).map(toVisitRow);
}

export interface Batch {
  rows: VisitRow[];
  details: BatchDetails;
}

/** The export's batches in order, each with its answers and its rows' clients. */
export function batchReader(
  db: Db,
  tree: SurveyTree,
  filter: ExportFilter,
  layout: Layout,
  batchSize: number,
) {
  const columns = columnIndexOf(layout);
  const clientsCache: ClientNames = new Map();
  const fetchBatch = async (after: Keyset | null): Promise<Batch> => {
    const rows = await readBatch(db, tree, filter, after, batchSize);
    const [details] = await Promise.all([
      readDetails(db, tree, columns, rows),
      fillClients(db, rows, clientsCache),
    ]);
    return { rows, details };
  };
  let next: Promise<Batch> | null = fetchBatch(null);
  return {
    /** The next batch, or null after the last; starts reading the one after it. */
    async take(): Promise<Batch | null> {
      if (!next) return null;
      const batch = await next;
      next = null;
      if (batch.rows.length === 0) return null;
      if (batch.rows.length === batchSize) {
        // The database works on the next batch while the writer writes this one.
        const last = batch.rows[batch.rows.length - 1]!;
        next = fetchBatch({
          startKey: last.startKey,
          visitId: last.visitId,
          checkInSurveyId: last.checkInSurveyId ?? 0,
        });
      }
      return batch;
    },
    /** A batch read ahead for a download that was cut: nobody awaits it any more. */
    abandon(): void {
      void next?.catch(() => undefined);
    },
  };
}
