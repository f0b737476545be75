import { createReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { states, zipCodes } from '../db/schema/index.ts';
import { parseSepomex, SepomexFormatError, type SepomexSettlement } from './sepomex.ts';

export interface ZipImportResult {
  /** Settlement lines read from the file. */
  read: number;
  /** Rows inserted or updated (duplicates inside the file count once). */
  upserted: number;
}

const DEFAULT_BATCH_SIZE = 1000;

async function upsertBatch(
  tx: Tx,
  batch: Map<string, SepomexSettlement>,
  stateIds: Map<string, number>,
) {
  const values = [...batch.values()].map((row) => {
    const stateId = stateIds.get(row.stateKey);
    if (stateId === undefined) {
      throw new SepomexFormatError(`la clave de estado "${row.stateKey}" no existe`, row.line);
    }
    return {
      zipCode: row.zipCode,
      settlement: row.settlement,
      settlementType: row.settlementType,
      municipality: row.municipality,
      stateId,
      city: row.city,
    };
  });
  await tx
    .insert(zipCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [zipCodes.zipCode, zipCodes.settlement, zipCodes.municipality],
      set: {
        settlementType: sql`excluded.settlement_type`,
        stateId: sql`excluded.state_id`,
        city: sql`excluded.city`,
      },
    });
  return values.length;
}

/**
 * Loads a SEPOMEX file (docs/zipcodes.md) into zip_codes. Idempotent: a settlement is keyed by
 * (zip code, settlement, municipality), so importing the same or a newer file again updates rows
 * instead of duplicating them. Everything happens in one transaction: a damaged file changes
 * nothing. Rows are streamed and written in batches, so memory stays flat.
 */
export async function importZipCodes(
  db: Db,
  source: AsyncIterable<Uint8Array | string>,
  options: { batchSize?: number } = {},
): Promise<ZipImportResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const stateRows = await db.select({ id: states.id, inegiKey: states.inegiKey }).from(states);
  if (stateRows.length === 0) throw new Error('The states are not seeded yet');
  const stateIds = new Map(stateRows.map((row) => [row.inegiKey, row.id]));

  return db.transaction(async (tx) => {
    let read = 0;
    let upserted = 0;
    // Keyed like the unique constraint: one statement may not touch the same row twice.
    let batch = new Map<string, SepomexSettlement>();
    for await (const settlement of parseSepomex(source)) {
      read += 1;
      batch.set(
        `${settlement.zipCode}\u0000${settlement.settlement}\u0000${settlement.municipality}`,
        settlement,
      );
      if (batch.size >= batchSize) {
        upserted += await upsertBatch(tx, batch, stateIds);
        batch = new Map();
      }
    }
    if (batch.size > 0) upserted += await upsertBatch(tx, batch, stateIds);
    return { read, upserted };
  });
}

export function importZipCodeFile(db: Db, file: string, options?: { batchSize?: number }) {
  return importZipCodes(db, createReadStream(file), options);
}
