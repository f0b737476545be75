import { AppError, badRequest, conflict } from '../http/errors.ts';

// PostgreSQL errors a write can meet, as the envelope: a unique violation is a 409 on the field
// (checking first would race with a concurrent insert), a foreign key to a missing row is a 400
// on the field, and a row still referenced is a 409 that keeps the row.

interface PgErrorFields {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The driver's error under drizzle's DrizzleQueryError (node-postgres and PGlite alike). */
export function pgErrorOf(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const fields = current as PgErrorFields & { cause?: unknown };
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return null;
}

const isUniqueViolation = (e: PgErrorFields) => e.code === '23505';
/** 23503 for NO ACTION, 23001 for ON DELETE RESTRICT. */
const isReferenceViolation = (e: PgErrorFields) => e.code === '23503' || e.code === '23001';

/** `Key (brand_id)=(9) is not present...` -> `brand_id`. */
function columnOfDetail(detail: string | undefined): string | null {
  const match = /^Key \(([^)]+)\)=/.exec(detail ?? '');
  return match?.[1] ?? null;
}

export interface WriteErrorMapping {
  /** Unique constraint (or unique index) name -> the field and its 409 message. */
  uniques: Record<string, { field: string; message: string }>;
  /** Database column of a foreign key -> the field and the 400 message for a missing row. */
  references: Record<string, { field: string; message: string }>;
  /** The 409 message when the row to delete is still referenced. */
  inUse: string;
}

/** Maps a database error of an insert, update or delete; anything else is rethrown as is. */
export function mapWriteError(error: unknown, mapping: WriteErrorMapping): never {
  const pg = pgErrorOf(error);
  if (pg && isUniqueViolation(pg) && pg.constraint && mapping.uniques[pg.constraint]) {
    const { field, message } = mapping.uniques[pg.constraint]!;
    throw conflict(message, [{ field, message }]);
  }
  if (pg && isReferenceViolation(pg)) {
    const column = columnOfDetail(pg.detail);
    const reference = column ? mapping.references[column] : undefined;
    if (/is not present in table/.test(pg.detail ?? '')) {
      const field = reference?.field ?? column ?? '';
      const message = reference?.message ?? 'El registro seleccionado no existe.';
      throw badRequest(message, [{ field, message }]);
    }
    throw conflict(mapping.inUse);
  }
  if (error instanceof AppError) throw error;
  throw error;
}
