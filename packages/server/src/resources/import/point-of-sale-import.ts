import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { foldText } from '../../db/fold.ts';
import { pointsOfSale, states, zipCodes } from '../../db/schema/index.ts';
import { textOf, type FileRow } from './columns.ts';
import type { CheckedRow, ImportIssue, ImportResource } from './engine.ts';
import { pointOfSaleColumns } from './point-of-sale-columns.ts';
import {
  checkPointOfSaleRow,
  zipCodeOf,
  type CatalogueEntry,
  type RowContext,
} from './point-of-sale-rows.ts';
import { pointOfSaleFields } from '../points-of-sale.ts';
import type { Issues } from '../rules.ts';

// Points of sale as the bulk import sees them (docs/import.md): the key is the code, ignoring
// case as the unique index does.

type PointOfSaleRecord = typeof pointsOfSale.$inferInsert;

// The list's fields without the joined state name: what a row of the file is compared with.
const { stateName: _stateName, ...listedFields } = pointOfSaleFields;
const storedFields = { ...listedFields, isActive: pointsOfSale.isActive };
type Stored = { [K in keyof typeof storedFields]: unknown } & { id: number; code: string };

const headerOf = new Map(pointOfSaleColumns.map((column) => [column.field, column.header]));

function located(row: number, issues: Issues): ImportIssue[] {
  return issues.map(({ field, message }) => ({
    row,
    column: headerOf.get(field) ?? field,
    message,
  }));
}

/** The state names of the 'Estados' sheet and of the Estado column. */
export async function stateNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: states.id, name: states.name }).from(states).orderBy(states.name);
}

async function catalogueOf(db: Db, zipCodesOfBatch: string[]) {
  const catalogue = new Map<string, CatalogueEntry[]>();
  const valid = zipCodesOfBatch.filter((zip) => /^\d{5}$/.test(zip));
  if (valid.length === 0) return catalogue;
  const entries = await db
    .select({
      zipCode: zipCodes.zipCode,
      stateId: zipCodes.stateId,
      municipality: zipCodes.municipality,
      settlement: zipCodes.settlement,
    })
    .from(zipCodes)
    .where(inArray(zipCodes.zipCode, [...new Set(valid)]));
  for (const { zipCode, ...entry } of entries) {
    catalogue.set(zipCode, [...(catalogue.get(zipCode) ?? []), entry]);
  }
  return catalogue;
}

async function existingOf(db: Db, codes: string[]): Promise<Map<string, Stored>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select(storedFields)
    .from(pointsOfSale)
    .where(inArray(sql`lower(${pointsOfSale.code})`, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.code.toLowerCase(), row]));
}

/** A coordinate as numeric(9,6) stores it, so that an unchanged file is counted unchanged. */
function stored(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1e6) / 1e6;
}

function recordOf(values: ReturnType<typeof checkPointOfSaleRow>['values']): PointOfSaleRecord {
  // With no errors, every required value is present (pointOfSaleIssues checked them).
  return {
    ...values,
    code: values.code ?? '',
    name: values.name ?? '',
    municipality: values.municipality ?? '',
    settlement: values.settlement ?? '',
    street: values.street ?? '',
    externalNumber: values.externalNumber ?? '',
    latitude: stored(values.latitude),
    longitude: stored(values.longitude),
  };
}

function sameAs(record: PointOfSaleRecord, existing: Stored): boolean {
  return Object.entries(record).every(
    ([field, value]) => field === 'code' || existing[field as keyof Stored] === value,
  );
}

async function checkBatch(
  db: Db,
  rows: readonly FileRow[],
): Promise<CheckedRow<PointOfSaleRecord>[]> {
  const codes = rows.map((row) => (textOf(row.cells.get('code')) ?? '').toLowerCase());
  // One after another: in the confirm they share the transaction's one connection.
  const stateRows = await stateNames(db);
  const catalogue = await catalogueOf(
    db,
    rows.map((row) => zipCodeOf(row.cells.get('zipCode'))),
  );
  const existing = await existingOf(db, codes);
  const context: RowContext = {
    states: new Map(stateRows.map((state) => [foldText(state.name), state.id])),
    catalogue,
    existingActive: new Map([...existing].map(([code, row]) => [code, row.isActive as boolean])),
  };
  return rows.map((row, index) => {
    const { values, errors, warnings } = checkPointOfSaleRow(row, context);
    const record = recordOf(values);
    const current = existing.get(codes[index]!);
    const outcome =
      errors.length > 0
        ? 'error'
        : current === undefined
          ? 'create'
          : sameAs(record, current)
            ? 'unchanged'
            : 'update';
    return {
      row: row.row,
      outcome,
      id: current?.id ?? null,
      values: record,
      errors: located(row.row, errors),
      warnings: located(row.row, warnings),
    };
  });
}

// The new rows of a batch in one statement with one array per column (unnest): 13 parameters
// instead of 13 per row, so the statement is parsed and sent as fast as the rows allow.
const INSERTED = [
  ['code', 'varchar'],
  ['name', 'varchar'],
  ['stateId', 'int'],
  ['zipCode', 'varchar'],
  ['city', 'varchar'],
  ['municipality', 'varchar'],
  ['settlement', 'varchar'],
  ['street', 'varchar'],
  ['externalNumber', 'varchar'],
  ['internalNumber', 'varchar'],
  ['latitude', 'numeric'],
  ['longitude', 'numeric'],
  ['isActive', 'boolean'],
] as const;

async function insertRows(db: Db, records: readonly PointOfSaleRecord[]): Promise<void> {
  const columns = INSERTED.map(([field]) => sql.identifier(pointsOfSale[field].name));
  const arrays = INSERTED.map(
    ([field, type]) =>
      sql`${sql.param(records.map((record) => record[field] ?? null))}::${sql.raw(type)}[]`,
  );
  await db.execute(
    sql`insert into ${pointsOfSale} (${sql.join(columns, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

async function writeBatch(db: Db, rows: readonly CheckedRow<PointOfSaleRecord>[]) {
  const created = rows.filter((row) => row.outcome === 'create').map((row) => row.values!);
  if (created.length > 0) await insertRows(db, created);
  for (const row of rows) {
    if (row.outcome !== 'update') continue;
    // The stored code keeps its spelling: the key matched ignoring case.
    const { code: _code, ...changes } = row.values!;
    await db.update(pointsOfSale).set(changes).where(eq(pointsOfSale.id, row.id!));
  }
}

export const pointOfSaleImport: ImportResource<PointOfSaleRecord> = {
  name: 'pointsOfSale',
  busyMessage:
    'Ya hay una importación de puntos de venta en curso. Espera a que termine e inténtalo de nuevo.',
  table: pointsOfSale,
  columns: pointOfSaleColumns,
  keyField: 'code',
  checkBatch,
  writeBatch,
};
