import { asc, desc, getTableName, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  PgDialect,
  type PgColumn,
  type PgSelect,
  type PgTable,
  type SelectedFields,
} from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { badRequest, type ValidationIssue } from '../http/errors.ts';

/** One validated `Sort` key. */
export interface SortTerm {
  key: string;
  expression: SQL | AnyColumn;
  descending: boolean;
}

/** `Sort` as the contract delivers it -> validated terms, the id tie-breaker last. */
export function sortTermsOf(
  requested: unknown,
  columns: Record<string, SQL | AnyColumn>,
  defaults: string[],
  tieBreaker: AnyColumn,
): SortTerm[] {
  const keys = (Array.isArray(requested) ? requested : requested ? [requested] : []).map(String);
  const effective = keys.length > 0 ? keys : defaults;
  const seen = new Set<string>();
  const terms: SortTerm[] = [];
  const issues: ValidationIssue[] = [];
  for (const raw of effective) {
    const descending = raw.startsWith('-');
    const key = descending ? raw.slice(1) : raw;
    const expression = Object.hasOwn(columns, key) ? columns[key] : undefined;
    if (!expression) {
      issues.push({
        field: 'Sort',
        message: `No se puede ordenar por "${key}". Columnas permitidas: ${Object.keys(columns).join(', ')}.`,
      });
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ key, expression, descending });
  }
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
  if (!seen.has('id')) terms.push({ key: 'id', expression: tieBreaker, descending: false });
  return terms;
}

export function orderByTerms(terms: SortTerm[]): SQL[] {
  return terms.map((t) => (t.descending ? desc(t.expression) : asc(t.expression)));
}

export interface PageRequest {
  db: Db;
  table: PgTable;
  id: PgColumn;
  /** FROM (with joins) of the rows. */
  source: (db: Db, fields: SelectedFields) => PgSelect;
  /** FROM of the count and the anchors: the listed table alone when the filters allow it. */
  countSource: (db: Db, fields: SelectedFields) => PgSelect;
  fields: SelectedFields;
  where: SQL | undefined;
  sort: SortTerm[];
  page: number;
  pageSize: number;
}

/** What names a list in the caches: its table, its filter as SQL text and values, its order. */
export interface ListKeys {
  table: string;
  /** The filter as SQL text and values. */
  where: [string, unknown[]];
  sort: [string, boolean][];
  /** The list whatever its order (its count). */
  unordered: string;
  /** The list in its order (its anchors and page marks). */
  ordered: string;
}

const dialect = new PgDialect();

export function listKeysOf(request: PageRequest): ListKeys {
  const table = getTableName(request.table);
  const query = request.where ? dialect.sqlToQuery(request.where) : undefined;
  const where: [string, unknown[]] = query ? [query.sql, query.params] : ['', []];
  const sort = request.sort.map((t): [string, boolean] => [t.key, t.descending]);
  return {
    table,
    where,
    sort,
    unordered: JSON.stringify([table, where, null]),
    ordered: JSON.stringify([table, where, sort]),
  };
}
