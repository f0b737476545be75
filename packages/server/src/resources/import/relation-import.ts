import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  campaignPointsOfSale,
  campaignProducts,
  campaigns,
  clientPointsOfSale,
  clients,
  pointsOfSale,
  productClients,
  products,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { MasterPermission } from '../contract-types.ts';
import { messages, type Noun } from '../nouns.ts';
import { textOf, type FileRow, type ImportColumn } from './columns.ts';
import type { CheckedRow, ImportResource } from './engine.ts';

// The relation editors' import (docs/import.md): a file with one column of codes (points of
// sale) or SKUs (products) links those records to a campaign or a client. The records already
// linked stay; an unknown code is an error of its row; all or nothing as every import.

interface RelationDeclaration {
  permission: MasterPermission;
  owner: { table: PgTable; id: PgColumn; noun: Noun };
  join: { table: PgTable; ownerId: PgColumn; relatedId: PgColumn };
  related: { table: PgTable; id: PgColumn; key: PgColumn; noun: string };
  column: ImportColumn;
  sheet: string;
  fileName: string;
  /** 'los puntos de venta de la campaña' (the busy message). */
  what: string;
}

const pointOfSaleColumn: ImportColumn = {
  header: 'Código',
  field: 'code',
  required: true,
  rule: 'El código de un punto de venta existente; uno por fila.',
  example: 'PV-0001',
};

const productColumn: ImportColumn = {
  header: 'SKU',
  field: 'sku',
  required: true,
  rule: 'El SKU de un producto existente; uno por fila.',
  example: 'SKU-0001',
};

const campaign = {
  table: campaigns,
  id: campaigns.id,
  noun: { singular: 'campaña', feminine: true },
};
const client = { table: clients, id: clients.id, noun: { singular: 'cliente', feminine: false } };
const pointOfSale = {
  table: pointsOfSale,
  id: pointsOfSale.id,
  key: pointsOfSale.code,
  noun: 'El punto de venta',
};
const product = { table: products, id: products.id, key: products.sku, noun: 'El producto' };

export const relationImports: Record<string, RelationDeclaration> = {
  'campaign-pointofsales': {
    permission: 'CAMPAIGNS',
    owner: campaign,
    join: {
      table: campaignPointsOfSale,
      ownerId: campaignPointsOfSale.campaignId,
      relatedId: campaignPointsOfSale.pointOfSaleId,
    },
    related: pointOfSale,
    column: pointOfSaleColumn,
    sheet: 'Puntos de venta',
    fileName: 'puntos_de_venta_de_campana',
    what: 'puntos de venta de esta campaña',
  },
  'campaign-products': {
    permission: 'CAMPAIGNS',
    owner: campaign,
    join: {
      table: campaignProducts,
      ownerId: campaignProducts.campaignId,
      relatedId: campaignProducts.productId,
    },
    related: product,
    column: productColumn,
    sheet: 'Productos',
    fileName: 'productos_de_campana',
    what: 'productos de esta campaña',
  },
  'client-pointofsales': {
    permission: 'CLIENTS',
    owner: client,
    join: {
      table: clientPointsOfSale,
      ownerId: clientPointsOfSale.clientId,
      relatedId: clientPointsOfSale.pointOfSaleId,
    },
    related: pointOfSale,
    column: pointOfSaleColumn,
    sheet: 'Puntos de venta',
    fileName: 'puntos_de_venta_de_cliente',
    what: 'puntos de venta de este cliente',
  },
  'client-products': {
    permission: 'CLIENTS',
    owner: client,
    join: {
      table: productClients,
      ownerId: productClients.clientId,
      relatedId: productClients.productId,
    },
    related: product,
    column: productColumn,
    sheet: 'Productos',
    fileName: 'productos_de_cliente',
    what: 'productos de este cliente',
  },
};

/** The property name of a table's column (what drizzle's insert takes). */
function fieldOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(
    ([, value]) => value === column,
  );
  return entry![0];
}

/** A 404 when the owner (campaign, client) does not exist. */
export async function ensureOwner(db: Db, declaration: RelationDeclaration, id: number) {
  const { owner } = declaration;
  const [found] = await db.select({ id: owner.id }).from(owner.table).where(eq(owner.id, id));
  if (!found) throw notFound(messages.notFound(owner.noun));
}

/** The import of one owner's relation: the rows are codes; linking is the write. */
export function relationImport(
  name: string,
  declaration: RelationDeclaration,
  ownerId: number,
): ImportResource<number> {
  const { join, related, column } = declaration;
  async function checkBatch(db: Db, rows: readonly FileRow[]): Promise<CheckedRow<number>[]> {
    const keys = rows.map((row) => (textOf(row.cells.get(column.field)) ?? '').toLowerCase());
    const wanted = [...new Set(keys.filter((key) => key !== ''))];
    const found =
      wanted.length === 0
        ? []
        : await db
            .select({ id: related.id, key: sql<string>`lower(${related.key})` })
            .from(related.table)
            .where(inArray(sql`lower(${related.key})`, wanted));
    const idOf = new Map(found.map((row) => [row.key, row.id as number]));
    const ids = [...idOf.values()];
    const linked =
      ids.length === 0
        ? []
        : await db
            .select({ id: join.relatedId })
            .from(join.table)
            .where(and(eq(join.ownerId, ownerId), inArray(join.relatedId, ids)));
    const already = new Set(linked.map((row) => row.id as number));
    return rows.map((row, index) => {
      const key = keys[index]!;
      const id = idOf.get(key);
      const text = textOf(row.cells.get(column.field));
      const message =
        text === null
          ? `El ${column.header.toLowerCase()} es obligatorio`
          : `${related.noun} "${text}" no existe.`;
      return {
        row: row.row,
        outcome: id === undefined ? 'error' : already.has(id) ? 'unchanged' : 'create',
        id: id ?? null,
        values: id ?? null,
        errors: id === undefined ? [{ row: row.row, column: column.header, message }] : [],
        warnings: [],
      };
    });
  }
  return {
    name,
    busyMessage: `Ya hay una importación de ${declaration.what} en curso. Espera a que termine e inténtalo de nuevo.`,
    table: join.table,
    columns: [column],
    keyField: column.field,
    checkBatch,
    async writeBatch(db, rows) {
      const relatedIds = rows.filter((row) => row.outcome === 'create').map((row) => row.values!);
      if (relatedIds.length === 0) return;
      const ownerField = fieldOf(join.table, join.ownerId);
      const relatedField = fieldOf(join.table, join.relatedId);
      await db
        .insert(join.table)
        .values(relatedIds.map((id) => ({ [ownerField]: ownerId, [relatedField]: id })))
        .onConflictDoNothing();
    },
  };
}
