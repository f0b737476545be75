import type { components } from '@anaquel/api/schema';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { invalidatePrincipalsAfterWriteTo } from '../../auth/principal.ts';
import { collectAfterRows } from './heap.ts';
import { reportProgress } from './lock.ts';
import { touchListedTable } from '../../lists/table-versions.ts';
import {
  matchHeaders,
  rowByField,
  textOf,
  type ColumnMapping,
  type FileRow,
  type HeaderMap,
  type ImportColumn,
} from './columns.ts';
import type { Cell, SheetRow } from './table-reader.ts';

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

/** Who imports, and what runs once the transaction committed (e.g. the new users' e-mails). */
export interface ImportContext {
  request: FastifyRequest;
  principal: Principal;
  afterCommit: (() => Promise<void>)[];
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
  /** The natural key of a row when it is not the key field alone (lower case); null: none. */
  keyOf?: (row: FileRow) => string | null;
  checkBatch(db: Db, rows: readonly FileRow[], context: ImportContext): Promise<CheckedRow<V>[]>;
  writeBatch(db: Db, rows: readonly CheckedRow<V>[], context: ImportContext): Promise<void>;
}

/** A checked row with the file's cells as read, for the report with an 'Errores' column. */
export type RowObserver = (cells: readonly Cell[], errors: readonly ImportIssue[]) => void;

/** How a run reads the file: the mapping, who runs it, when to stop, who sees each row. */
export interface RunOptions {
  mapping?: ColumnMapping;
  context: ImportContext;
  /** Aborted when the client went away: the run stops at the next batch. */
  signal?: AbortSignal;
  /** Each data row once checked, in file order; the headers first (with no errors). */
  onRow?: RowObserver;
}

const BATCH_SIZE = 500;
/** The report lists this many errors and warnings; the counts are always complete. */
const MAX_LISTED_ISSUES = 1000;

function emptyReport<V>(resource: ImportResource<V>): ImportReport {
  return {
    columns: resource.columns.map(({ header, field, required }) => ({ header, field, required })),
    unmatchedHeaders: [],
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

/** 'Código' -> 'código'; an acronym ('SKU') keeps its capitals. */
function keyWord(header: string): string {
  return header === header.toUpperCase() ? header : header.toLowerCase();
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
    const key = resource.keyOf
      ? resource.keyOf(row)
      : textOf(row.cells.get(resource.keyField))?.toLowerCase();
    if (key === undefined || key === null) return;
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
      message: `El ${keyWord(column.header)} se repite en la fila ${first}.`,
    });
  });
}

const CANCELLED = 'La importación se canceló.';

/** The header row: matched columns, or the report's errors for the required ones missing. */
function readHeaders<V>(
  resource: ImportResource<V>,
  sheetRow: SheetRow,
  report: ImportReport,
  options: RunOptions,
): HeaderMap {
  const headers = matchHeaders(resource.columns, sheetRow.cells, options.mapping);
  report.unmatchedHeaders = headers.unknown;
  addIssues(
    report,
    'warnings',
    headers.unknown.map((header) => ({
      row: sheetRow.row,
      column: header,
      message: 'La columna no se reconoce y se ignora.',
    })),
  );
  addIssues(
    report,
    'errors',
    headers.missing.map((column) => ({
      row: sheetRow.row,
      column: column.header,
      message: `Falta la columna "${column.header}".`,
    })),
  );
  options.onRow?.(sheetRow.cells, []);
  return headers;
}

async function runRows<V>(
  db: Db,
  resource: ImportResource<V>,
  rows: AsyncIterable<SheetRow>,
  report: ImportReport,
  options: RunOptions & { write: boolean },
): Promise<void> {
  let headers: HeaderMap | null = null;
  const seen = new Map<string, number>();
  let batch: FileRow[] = [];
  let raw: (readonly Cell[])[] = [];
  const flush = async () => {
    if (options.signal?.aborted) throw badRequest(CANCELLED);
    if (batch.length === 0) return;
    const checked = await resource.checkBatch(db, batch, options.context);
    markDuplicates(resource, batch, checked, seen);
    const before = report.rows;
    tally(report, checked);
    reportProgress(resource.name, report.rows);
    if (options.onRow) checked.forEach((row, index) => options.onRow!(raw[index]!, row.errors));
    if (options.write && report.errorCount === 0) {
      await resource.writeBatch(db, checked, options.context);
    }
    batch = [];
    raw = [];
    collectAfterRows(before, report.rows);
  };
  for await (const sheetRow of rows) {
    if (headers === null) {
      headers = readHeaders(resource, sheetRow, report, options);
      // Without a required column no row can be checked: the report asks for a mapping.
      if (headers.missing.length > 0) return;
      continue;
    }
    const row = rowByField(headers, sheetRow.row, sheetRow.cells);
    if (row === null) continue;
    batch.push(row);
    if (options.onRow) raw.push(sheetRow.cells);
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
  options: RunOptions,
): Promise<ImportReport> {
  const report = emptyReport(resource);
  await runRows(db, resource, rows, report, { ...options, write: false });
  return report;
}

class RollBack extends Error {}

/** The confirm: checked again and written in one transaction; any error writes nothing. */
export async function confirmImport<V>(
  db: Db,
  resource: ImportResource<V>,
  rows: AsyncIterable<SheetRow>,
  options: RunOptions,
): Promise<ImportReport> {
  const report = emptyReport(resource);
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${resource.name}`}))`);
      await runRows(tx, resource, rows, report, { ...options, write: true });
      if (report.errorCount > 0) throw new RollBack();
    });
  } catch (error) {
    options.context.afterCommit.length = 0;
    if (error instanceof RollBack) return report;
    throw error;
  }
  await touchListedTable(db, resource.table);
  await invalidatePrincipalsAfterWriteTo(db, resource.table);
  for (const task of options.context.afterCommit) await task();
  return { ...report, written: true };
}
