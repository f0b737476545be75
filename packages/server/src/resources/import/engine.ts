import type { components } from '@anaquel/api/schema';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { touchListedTable } from '../../lists/table-versions.ts';
import {
  matchHeaders,
  rowByField,
  textOf,
  type FileRow,
  type HeaderMap,
  type ImportColumn,
} from './columns.ts';
import type { SheetRow } from './table-reader.ts';

// The bulk import's run (docs/import.md): the rows are read as a stream, checked in batches by
// the resource's own rules, and tallied; the confirm writes each checked batch in the same
// transaction, which any error rolls back.

export type ImportReport = components['schemas']['ImportReport'];
export type ImportIssue = components['schemas']['ImportIssue'];

/** A checked row: what the import would do with it, its values and its problems. */
export interface CheckedRow<V> {
  row: number;
  outcome: 'create' | 'update' | 'unchanged' | 'error';
  /** The existing record's id (update, unchanged). */
  id: number | null;
  values: V | null;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/** What a resource gives the import: its columns, its key, its checks and its write. */
export interface ImportResource<V> {
  /** The lock's name. */
  name: string;
  busyMessage: string;
  table: PgTable;
  columns: readonly ImportColumn[];
  /** The natural key's field, compared ignoring case. */
  keyField: string;
  checkBatch(db: Db, rows: readonly FileRow[]): Promise<CheckedRow<V>[]>;
  writeBatch(db: Db, rows: readonly CheckedRow<V>[]): Promise<void>;
}

const BATCH_SIZE = 500;
/** The report lists this many errors and warnings; the counts are always complete. */
const MAX_LISTED_ISSUES = 1000;

function emptyReport(): ImportReport {
  return {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    errors: [],
    warnings: [],
    errorCount: 0,
    warningCount: 0,
    written: false,
  };
}

function addIssues(report: ImportReport, kind: 'errors' | 'warnings', issues: ImportIssue[]) {
  const list = report[kind];
  for (const issue of issues) if (list.length < MAX_LISTED_ISSUES) list.push(issue);
  if (kind === 'errors') report.errorCount += issues.length;
  else report.warningCount += issues.length;
}

const COUNTERS = { create: 'created', update: 'updated', unchanged: 'unchanged' } as const;

function tally<V>(report: ImportReport, rows: readonly CheckedRow<V>[]): void {
  for (const row of rows) {
    report.rows += 1;
    addIssues(report, 'errors', row.errors);
    addIssues(report, 'warnings', row.warnings);
    if (row.outcome !== 'error') report[COUNTERS[row.outcome]] += 1;
  }
}

/** A key repeated in the file is an error of every row after the first. */
function markDuplicates<V>(
  resource: ImportResource<V>,
  rows: readonly FileRow[],
  checked: CheckedRow<V>[],
  seen: Map<string, number>,
): void {
  const column = resource.columns.find((c) => c.field === resource.keyField)!;
  rows.forEach((row, index) => {
    const key = textOf(row.cells.get(resource.keyField))?.toLowerCase();
    if (key === undefined) return;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, row.row);
      return;
    }
    const result = checked[index]!;
    result.outcome = 'error';
    result.errors.push({
      row: row.row,
      column: column.header,
      message: `El ${column.header.toLowerCase()} se repite en la fila ${first}.`,
    });
  });
}

interface RunOptions {
  write: boolean;
}

async function runRows<V>(
  db: Db,
  resource: ImportResource<V>,
  rows: AsyncIterable<SheetRow>,
  report: ImportReport,
  { write }: RunOptions,
): Promise<void> {
  let headers: HeaderMap | null = null;
  const seen = new Map<string, number>();
  let batch: FileRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const checked = await resource.checkBatch(db, batch);
    markDuplicates(resource, batch, checked, seen);
    tally(report, checked);
    if (write && report.errorCount === 0) await resource.writeBatch(db, checked);
    batch = [];
  };
  for await (const sheetRow of rows) {
    if (headers === null) {
      headers = matchHeaders(resource.columns, sheetRow.cells);
      const unknown = headers.unknown.map((header) => ({
        row: sheetRow.row,
        column: header,
        message: 'La columna no se reconoce y se ignora.',
      }));
      addIssues(report, 'warnings', unknown);
      continue;
    }
    const row = rowByField(headers, sheetRow.row, sheetRow.cells);
    if (row === null) continue;
    batch.push(row);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  if (headers === null) {
    const message = 'El archivo está vacío.';
    throw badRequest(message, [{ field: 'file', message }]);
  }
  await flush();
}

/** The dry run: every row checked against the database, nothing written. */
export async function checkImport<V>(
  db: Db,
  resource: ImportResource<V>,
  rows: AsyncIterable<SheetRow>,
): Promise<ImportReport> {
  const report = emptyReport();
  await runRows(db, resource, rows, report, { write: false });
  return report;
}

class RollBack extends Error {}

/** The confirm: checked again and written in one transaction; any error writes nothing. */
export async function confirmImport<V>(
  db: Db,
  resource: ImportResource<V>,
  rows: AsyncIterable<SheetRow>,
): Promise<ImportReport> {
  const report = emptyReport();
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${resource.name}`}))`);
      await runRows(tx, resource, rows, report, { write: true });
      if (report.errorCount > 0) throw new RollBack();
    });
  } catch (error) {
    if (error instanceof RollBack) return report;
    throw error;
  }
  await touchListedTable(db, resource.table);
  return { ...report, written: true };
}
