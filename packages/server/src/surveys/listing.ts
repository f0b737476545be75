import type { operations } from '@anaquel/api/schema';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { orderByOf, pageOf, searchOf } from '../resources/factory.ts';
import { throwIfAny } from '../resources/named.ts';
import { checkDescription, checkName, cleanText, type Issues } from '../resources/rules.ts';
import { multipleOptions, questions, segments, surveys } from '../db/schema/index.ts';
import { SURVEY_TYPES, QUESTION_TYPES } from './types.ts';

// Paged lists and dropdown options of the survey resources, with the master data's own
// semantics (resources/factory.ts: orderByOf, searchOf, pageOf): folded search, whitelisted
// sort with the id tie-breaker, 1-based pages. The survey resources do not use the factory's
// writes (their writes lock the survey and keep sequences), only these read helpers.

/** The query string of an operation, as the contract declares it (what a service takes). */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;

export interface PagedQuery {
  Filter?: string;
  Page?: number;
  PageSize?: number;
  Sort?: string[] | string;
}

export interface PagedSpec<Row> {
  source: (fields: SelectedFields) => PgSelect;
  rowFields: SelectedFields;
  search: (SQL | AnyColumn)[];
  sort: Record<string, SQL | AnyColumn>;
  defaultSort: string[];
  tieBreaker: AnyColumn;
  filters: (SQL | undefined)[];
  toRow: (raw: Record<string, unknown>) => Row;
}

export async function pagedList<Row>(
  query: PagedQuery,
  spec: PagedSpec<Row>,
): Promise<ReturnType<typeof pageOf<Row>>> {
  const page = Number(query.Page ?? 1);
  const pageSize = Number(query.PageSize ?? 10);
  const orderBy = orderByOf(query.Sort, spec.sort, spec.defaultSort, spec.tieBreaker);
  const where = and(searchOf(query.Filter, spec.search), ...spec.filters);
  const [counted] = await spec.source({ count: sql<number>`count(*)::int` }).where(where);
  const totalCount = Number((counted as { count?: number } | undefined)?.count ?? 0);
  const rows =
    totalCount > (page - 1) * pageSize
      ? await spec
          .source(spec.rowFields)
          .where(where)
          .orderBy(...orderBy)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
      : [];
  return pageOf(
    rows.map((row) => spec.toRow(row as Record<string, unknown>)),
    page,
    pageSize,
    totalCount,
  );
}

export interface OptionsQuery {
  Filter?: string;
  Take?: number;
  Skip?: number;
  Sort?: string[] | string;
  Ids?: number[];
}

/**
 * `GET {resource}/options`: `{ id, name }` sorted by `name` (folded) or `id`, a page at a time
 * (`Take`, `Skip`); with `Ids`, exactly those records (active or not, with `isActive` when the
 * table has the flag), as the master data's options (resources/factory.ts).
 */
export async function optionList(
  query: OptionsQuery,
  spec: {
    from: (fields: SelectedFields) => PgSelect;
    id: AnyColumn;
    label: SQL | AnyColumn;
    sortName: SQL;
    search: (SQL | AnyColumn)[];
    filters: (SQL | undefined)[];
    /** The active flag, when the table has one: only active records outside `Ids`. */
    active?: AnyColumn;
  },
): Promise<{ id: number; name: string; isActive?: boolean }[]> {
  const orderBy = orderByOf(query.Sort, { name: spec.sortName, id: spec.id }, ['name'], spec.id);
  const ids = Array.isArray(query.Ids) ? query.Ids.map(Number) : [];
  const select = spec
    .from({
      id: sql<number>`${spec.id}`,
      name: sql<string>`${spec.label}`,
      ...(ids.length > 0 && spec.active ? { isActive: sql<boolean>`${spec.active}` } : {}),
    })
    .where(
      and(
        ids.length > 0 ? inArray(spec.id, ids) : spec.active ? eq(spec.active, true) : undefined,
        searchOf(query.Filter, spec.search),
        ...spec.filters,
      ),
    )
    .orderBy(...orderBy);
  const rows =
    ids.length > 0
      ? await select
      : await select.limit(Number(query.Take ?? 10)).offset(Number(query.Skip ?? 0));
  return rows as { id: number; name: string; isActive?: boolean }[];
}

/** `case type when 1 then 'Punto de venta' ...`: sorts by the label the list shows. */
function labelCase(column: AnyColumn, labels: readonly { id: number; name: string }[]): SQL {
  return sql`(case ${column} ${sql.join(
    labels.map((t) => sql`when ${sql.raw(String(t.id))} then ${sql.raw(`'${t.name}'`)}`),
    sql` `,
  )} end)`;
}

export const surveyTypeCase = (column: AnyColumn) => labelCase(column, SURVEY_TYPES);
export const questionTypeCase = (column: AnyColumn) => labelCase(column, QUESTION_TYPES);

/** Checks a points value has at most 2 decimals (spec 2 §9). */
function pointsIssue(
  value: number | undefined | null,
  field = 'points',
): { field: string; message: string } | null {
  if (value === undefined || value === null) return null;
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
    return { field, message: 'Los puntos admiten como máximo 2 decimales' };
  }
  return null;
}

/**
 * A list's source (`pagedList`'s `source`, `readOne`'s): a select of `table` inner-joined, in
 * order, to each `[table, on]` (an option to its question, segment and survey).
 */
export const joinedSource =
  (db: Db, table: PgTable, ...joins: [PgTable, SQL][]) =>
  (fields: SelectedFields) => {
    let query = db.select(fields).from(table).$dynamic();
    for (const [joined, on] of joins) query = query.innerJoin(joined, on);
    return query;
  };

/** The joins from a question up to its segment and survey (lists of questions and of options). */
export const questionToSurvey: [PgTable, SQL][] = [
  [segments, eq(segments.id, questions.segmentId)],
  [surveys, eq(surveys.id, segments.surveyId)],
];

/** One row of a list's source (`pagedList`'s `source` and `rowFields`), or the 404. */
export async function readOne<Row>(
  source: (fields: SelectedFields) => PgSelect,
  rowFields: SelectedFields,
  where: SQL,
  missing: string,
  toRow: (raw: Record<string, unknown>) => Row,
): Promise<Row> {
  const [row] = await source(rowFields).where(where);
  if (!row) throw notFound(missing);
  return toRow(row as Record<string, unknown>);
}

/** spec 2 §5: the name, description and points of a survey or segment, or the 400. */
export function namedValues(input: { name: string; description?: string | null; points: number }): {
  name: string;
  description: string | null;
  points: number;
} {
  const issues: Issues = [];
  const name = cleanText(input.name);
  const description = cleanText(input.description);
  checkName(issues, name);
  checkDescription(issues, description);
  const points = pointsIssue(input.points);
  if (points) issues.push(points);
  throwIfAny(issues);
  return { name: name!, description, points: input.points };
}

/**
 * Adds the issues of a question's or option's description (required, `min`..`max` characters;
 * spec 2 §5's words) and points; answers the cleaned description (null only with an issue).
 */
export function checkDescribed(
  issues: Issues,
  input: { description: string; points: number },
  [min, max]: [number, number],
): string | null {
  const description = cleanText(input.description);
  if (description === null) {
    issues.push({ field: 'description', message: 'La descripción es obligatoria' });
  } else if (description.length < min) {
    issues.push({
      field: 'description',
      message: `La descripción debe tener al menos ${min} caracteres`,
    });
  }
  checkDescription(issues, description, max);
  const points = pointsIssue(input.points);
  if (points) issues.push(points);
  return description;
}

/** The cascading filters of spec 2 §7, outermost first, on the tables a list joins. */
const CASCADE = [
  ['campaignId', surveys.campaignId],
  ['surveyId', segments.surveyId],
  ['segmentId', questions.segmentId],
  ['questionId', multipleOptions.questionId],
] as const;

type CascadeQuery = Partial<Record<(typeof CASCADE)[number][0], number>>;

/**
 * The cascade's conditions of a list of segments (`levels` 2: campaign, survey), questions (3:
 * and segment) or options (4: and question): one per id the query names.
 */
export function cascadeFilters(query: CascadeQuery, levels: 2 | 3 | 4): (SQL | undefined)[] {
  return CASCADE.slice(0, levels).map(([key, column]) =>
    query[key] === undefined ? undefined : eq(column, query[key]),
  );
}
