import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { foldText } from '../../db/fold.ts';
import { requestBodySchema } from '../../http/contract.ts';
import { AppError } from '../../http/errors.ts';
import { compileValidator, toValidationIssues } from '../../http/validation.ts';
import type { ValidateFunction } from 'ajv';
import type { MasterPermission } from '../contract-types.ts';
import type { PreparedWrite, WriteContext } from '../factory.ts';
import type { Issues } from '../rules.ts';
import { textOf, type FileRow, type ImportColumn } from './columns.ts';
import type { CheckedRow, ImportContext, ImportIssue, ImportResource } from './engine.ts';
import type { ReferenceSheet } from './template.ts';

// A resource's import as a declaration (docs/import.md): its columns, its natural key, how a
// row becomes the form's input (names of other records looked up), and the resource's own
// `prepare` (the rules and messages of the form and the API). The engine reads, checks in
// batches and writes each row as the factory's create or update does, in the import's one
// transaction.

/** What a declaration looks other records up by: folded name or code -> id, read per batch. */
export type Lookups = Record<string, Map<string, number>>;

/** The stored record a row matched: its id and its columns by field. */
export type StoredRecord = Record<string, unknown> & { id: number };

export interface RecordImport<I> {
  /** The contract's path segment: /imports/{resource}. */
  resource: string;
  permission: MasterPermission;
  /** 'los productos': the busy message and the template's file name read it. */
  plural: string;
  fileName: string;
  sheet: string;
  table: PgTable;
  id: PgColumn;
  /** The natural key's column, compared ignoring case. */
  key: { field: string; column: PgColumn };
  /**
   * A key unique only within another record (a subcategory's name within its category): the
   * row's record of `field` is found by its name in `lookup`, and the key is that id plus the key.
   */
  scope?: { field: string; lookup: string };
  columns: readonly ImportColumn[];
  /** The create operation whose request body the row must satisfy (lengths, types). */
  createOperation: { id: string; mediaType: string };
  /** Extra fields an input names that are not columns (relation ids): field -> column header. */
  fieldHeaders?: Record<string, string>;
  /** A field whose rule needs another one (subcategoryId: categoryId): quiet when that one failed. */
  dependsOn?: Record<string, string>;
  /** Relation ids stored elsewhere, compared to tell an unchanged record. */
  relations?: Record<string, (outerId: PgColumn) => SQL<number[]>>;
  lookups(db: Db): Promise<Lookups>;
  references(db: Db): Promise<ReferenceSheet[]>;
  /** The row as the form's input; a name that matches no record pushes an issue. */
  toInput(row: FileRow, lookups: Lookups, issues: Issues, current?: StoredRecord): I;
  prepare(input: I, context: WriteContext): Promise<PreparedWrite>;
  /** After the commit, once per created record (e.g. the new user's password e-mail). */
  afterCreate?: (input: I, context: ImportContext) => Promise<void>;
}

interface Planned<I> {
  input: I;
  prepared: PreparedWrite | null;
}

/** A cell that holds several names: split on commas, semicolons or line breaks. */
export function namesOf(text: string | null): string[] {
  if (text === null) return [];
  return text
    .split(/[,;\n]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The first issue per field: the rule the user reads first. */
function firstPerField(issues: Issues): Issues {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}

function sameIds(a: unknown, b: unknown): boolean {
  const sorted = (v: unknown) => [...new Set((v as number[] | undefined) ?? [])].sort();
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function isUnchanged(
  values: Record<string, unknown>,
  input: Record<string, unknown>,
  current: StoredRecord,
  relations: readonly string[],
): boolean {
  const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  return (
    Object.entries(values).every(([field, value]) => sameValue(value, current[field])) &&
    relations.every((field) => sameIds(input[field], current[field]))
  );
}

/** The records a batch's keys match, with their columns by field and their relation ids. */
async function existingOf<I>(
  db: Db,
  declaration: RecordImport<I>,
  keys: string[],
): Promise<Map<string, StoredRecord>> {
  const { table, key } = declaration;
  // A scoped key is `scopeId|key`: the stored records are read by their key alone.
  const bare = (k: string) => (declaration.scope ? k.slice(k.indexOf('|') + 1) : k);
  const wanted = [...new Set(keys.map(bare).filter((k) => k !== ''))];
  if (wanted.length === 0) return new Map();
  const relations = Object.fromEntries(
    Object.entries(declaration.relations ?? {}).map(([field, of]) => [field, of(declaration.id)]),
  );
  const rows = (await db
    .select({ row: sql`to_jsonb(${table})`, id: declaration.id, ...relations })
    .from(table)
    .where(inArray(sql`lower(${key.column})`, wanted))) as Record<string, unknown>[];
  return new Map(
    rows.map((found) => {
      const record = { ...columnsOf(table, found.row as Record<string, unknown>), ...found };
      const scope = declaration.scope ? `${String(record[declaration.scope.field])}|` : '';
      return [`${scope}${String(record[key.field]).toLowerCase()}`, record as StoredRecord];
    }),
  );
}

/** A row's input through the contract and the resource's prepare: its write, or its issues. */
async function planRow<I>(
  declaration: RecordImport<I>,
  validate: ValidateFunction,
  input: I,
  issues: Issues,
  context: WriteContext,
): Promise<PreparedWrite | null> {
  if (!validate(input)) issues.push(...toValidationIssues(validate.errors ?? [], 'body'));
  try {
    const prepared = await declaration.prepare(input, context);
    if (context.id === undefined) return prepared;
    // The stored key keeps its spelling: the row matched it ignoring case.
    const { [declaration.key.field]: _key, ...values } = prepared.values;
    return { ...prepared, values };
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 400)) throw error;
    const failed = new Set(issues.map((issue) => issue.field));
    const quiet = (field: string) => failed.has(declaration.dependsOn?.[field] ?? '');
    issues.push(...error.validationErrors.filter((issue) => !quiet(issue.field)));
    return null;
  }
}

/**
 * A row's natural key, lower case; with a scope, prefixed by the scope's id (looked up) or, for
 * the duplicates inside the file (no lookups), by its folded name. Null without a key.
 */
function scopedKeyOf<I>(
  declaration: RecordImport<I>,
  row: FileRow,
  lookups: Lookups | null,
): string | null {
  const key = textOf(row.cells.get(declaration.key.field))?.toLowerCase();
  if (key === undefined) return null;
  const { scope } = declaration;
  if (!scope) return key;
  const name = foldText(textOf(row.cells.get(scope.field)) ?? '');
  const prefix = lookups ? (lookups[scope.lookup]?.get(name) ?? 'none') : name;
  return `${prefix}|${key}`;
}

/** The ImportResource the engine runs for a declaration. */
export function recordImport<I>(declaration: RecordImport<I>): ImportResource<Planned<I>> {
  const { table, key } = declaration;
  const validate = compileValidator(
    'body',
    requestBodySchema(declaration.createOperation.id, declaration.createOperation.mediaType)!,
  );
  const headerOf = new Map<string, string>([
    ...declaration.columns.map((column) => [column.field, column.header] as const),
    ...Object.entries(declaration.fieldHeaders ?? {}),
  ]);
  const located = (row: number, issues: Issues): ImportIssue[] =>
    issues.map(({ field, message }) => ({
      row,
      column: headerOf.get(field) ?? headerOf.get(field.replace(/[.[].*$/, '')) ?? field,
      message,
    }));
  const relationFields = Object.keys(declaration.relations ?? {});

  async function checkRow(
    db: Db,
    row: FileRow,
    lookups: Lookups,
    current: StoredRecord | undefined,
    context: ImportContext,
  ): Promise<CheckedRow<Planned<I>>> {
    const issues: Issues = [];
    const input = declaration.toInput(row, lookups, issues, current);
    const write = { db, request: context.request, principal: context.principal, id: current?.id };
    const prepared = await planRow(declaration, validate, input, issues, write);
    const errors = firstPerField(issues);
    const same = (values: Record<string, unknown>, stored: StoredRecord) =>
      isUnchanged(values, input as Record<string, unknown>, stored, relationFields);
    const outcome =
      errors.length > 0 || prepared === null
        ? 'error'
        : current === undefined
          ? 'create'
          : same(prepared.values, current)
            ? 'unchanged'
            : 'update';
    return {
      row: row.row,
      outcome,
      id: current?.id ?? null,
      values: { input, prepared },
      errors: located(row.row, errors),
      warnings: [],
    };
  }

  return {
    name: declaration.resource,
    busyMessage: `Ya hay una importación de ${declaration.plural} en curso. Espera a que termine e inténtalo de nuevo.`,
    table,
    columns: declaration.columns,
    keyField: key.field,
    ...(declaration.scope && { keyOf: (row: FileRow) => scopedKeyOf(declaration, row, null) }),
    async checkBatch(db, rows, context) {
      // One after another: in the confirm they share the transaction's one connection.
      const lookups = await declaration.lookups(db);
      const keys = rows.map((row) => scopedKeyOf(declaration, row, lookups) ?? '');
      const existing = await existingOf(db, declaration, keys);
      const checked: CheckedRow<Planned<I>>[] = [];
      for (const [index, row] of rows.entries()) {
        checked.push(await checkRow(db, row, lookups, existing.get(keys[index]!), context));
      }
      return checked;
    },
    async writeBatch(db, rows, context) {
      for (const row of rows) {
        if (row.outcome !== 'create' && row.outcome !== 'update') continue;
        const { input, prepared } = row.values!;
        await saveRow(db as Tx, declaration, prepared!, row.outcome === 'update' ? row.id! : null);
        if (row.outcome === 'create' && declaration.afterCreate) {
          context.afterCommit.push(() => declaration.afterCreate!(input, context));
        }
      }
    },
  };
}

/** to_jsonb's snake_case columns -> the table's fields (the names prepare's values use). */
function columnsOf(table: PgTable, json: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(table as unknown as Record<string, unknown>)) {
    const name = (column as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && name in json) fields[field] = json[name];
  }
  return fields;
}

/** The factory's create or update of one record (resources/writes.ts), inside the import's tx. */
async function saveRow<I>(
  tx: Tx,
  declaration: RecordImport<I>,
  prepared: PreparedWrite,
  id: number | null,
): Promise<void> {
  const afterGuard = await prepared.guard?.(tx);
  const [saved] =
    id === null
      ? await tx.insert(declaration.table).values(prepared.values).returning({ id: declaration.id })
      : await tx
          .update(declaration.table)
          .set(prepared.values)
          .where(eq(declaration.id, id))
          .returning({ id: declaration.id });
  await prepared.afterWrite?.(tx, (saved as { id: number }).id);
  await afterGuard?.();
}
