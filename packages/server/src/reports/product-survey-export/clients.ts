import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  campaignClients,
  clientPointsOfSale,
  clients,
  productClients,
} from '../../db/schema/index.ts';
import { rowsOf } from '../../surveys/tree.ts';

// The export's 'Cliente' column (docs/reports.md): whose product or visit a row is about. A row
// of a product names the product's clients that take part in the campaign (the owner the
// reader filters by); a product without such a client, or an unavailable visit (no product),
// names the campaign's clients that serve the point of sale, and when none is linked to it, the
// campaign's clients. Linking clients to points of sale is optional and most points of sale
// have no such link, so it cannot be the only source.

/** What the column needs of an exported row; `client` is filled in. */
export interface ClientRow {
  campaignId: number;
  pointOfSaleId: number;
  productId: number | null;
  client: string | null;
}

/** Names found so far, by 'p' / 's' / 'c' + campaign + id: each is read once per export. */
export type ClientNames = Map<string, string | null>;

const key = (kind: 'p' | 's' | 'c', campaignId: number, id: number) =>
  `${kind}:${campaignId}:${id}`;

/** Reads the names of `ids` (a `kind` of key) not read yet, for one campaign. */
async function readNames(
  db: Db,
  cache: ClientNames,
  kind: 'p' | 's' | 'c',
  campaignId: number,
  ids: Set<number>,
  query: (ids: SQL) => SQL,
): Promise<void> {
  const missing = [...ids].filter((id) => !cache.has(key(kind, campaignId, id)));
  if (missing.length === 0) return;
  for (const id of missing) cache.set(key(kind, campaignId, id), null);
  const result = await db.execute(query(sql`${`{${missing.join(',')}}`}::int[]`));
  for (const r of rowsOf<{ id: number; names: string | null }>(result)) {
    cache.set(key(kind, campaignId, Number(r.id)), r.names);
  }
}

const NAMES = sql`string_agg(${clients.commercialName}, ', ' order by ${clients.commercialName})`;

function readCampaignNames(db: Db, cache: ClientNames, campaignId: number, rows: ClientRow[]) {
  const products = new Set(rows.flatMap((r) => (r.productId === null ? [] : [r.productId])));
  const places = new Set(rows.map((r) => r.pointOfSaleId));
  return Promise.all([
    readNames(db, cache, 'p', campaignId, products, (ids) => sql`
      select ${productClients.productId} as "id", ${NAMES} as "names"
        from ${productClients}
        join ${campaignClients} on ${campaignClients.clientId} = ${productClients.clientId}
         and ${campaignClients.campaignId} = ${campaignId}
        join ${clients} on ${clients.id} = ${productClients.clientId}
       where ${productClients.productId} = any(${ids})
       group by ${productClients.productId}`),
    readNames(db, cache, 's', campaignId, places, (ids) => sql`
      select ${clientPointsOfSale.pointOfSaleId} as "id", ${NAMES} as "names"
        from ${clientPointsOfSale}
        join ${campaignClients} on ${campaignClients.clientId} = ${clientPointsOfSale.clientId}
         and ${campaignClients.campaignId} = ${campaignId}
        join ${clients} on ${clients.id} = ${clientPointsOfSale.clientId}
       where ${clientPointsOfSale.pointOfSaleId} = any(${ids})
       group by ${clientPointsOfSale.pointOfSaleId}`),
    readNames(db, cache, 'c', campaignId, new Set([campaignId]), (ids) => sql`
      select ${campaignClients.campaignId} as "id", ${NAMES} as "names"
        from ${campaignClients}
        join ${clients} on ${clients.id} = ${campaignClients.clientId}
       where ${campaignClients.campaignId} = any(${ids})
       group by ${campaignClients.campaignId}`),
  ]);
}

/** Fills `client` of every row (see above), reading only names the cache does not hold. */
export async function fillClients(db: Db, rows: ClientRow[], cache: ClientNames): Promise<void> {
  const byCampaign = new Map<number, ClientRow[]>();
  for (const row of rows) {
    const list = byCampaign.get(row.campaignId);
    if (list) list.push(row);
    else byCampaign.set(row.campaignId, [row]);
  }
  for (const [campaignId, list] of byCampaign) {
    await readCampaignNames(db, cache, campaignId, list);
  }
  for (const row of rows) {
    const ofProduct =
      row.productId === null ? null : cache.get(key('p', row.campaignId, row.productId));
    row.client =
      ofProduct ??
      cache.get(key('s', row.campaignId, row.pointOfSaleId)) ??
      cache.get(key('c', row.campaignId, row.campaignId)) ??
      null;
  }
}
