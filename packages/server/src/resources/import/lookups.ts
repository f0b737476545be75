import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { foldText } from '../../db/fold.ts';
import type { Issues } from '../rules.ts';
import type { ImportColumn } from './columns.ts';
import { namesOf } from './record-import.ts';

// Names of other records in an import file (a product's category, a user's regions): looked up
// ignoring accents and case, as the headers are.

/** Folded name (and code, when given) -> id of every record of a table. */
export async function idsByName(
  db: Db,
  table: PgTable,
  id: PgColumn,
  names: readonly PgColumn[],
): Promise<Map<string, number>> {
  const rows = (await db
    .select({ id, ...Object.fromEntries(names.map((column, i) => [`n${i}`, column])) })
    .from(table)) as Record<string, unknown>[];
  const map = new Map<string, number>();
  for (const row of rows) {
    for (let i = 0; i < names.length; i += 1) {
      const name = row[`n${i}`];
      if (typeof name === 'string' && !map.has(foldText(name))) {
        map.set(foldText(name), row.id as number);
      }
    }
  }
  return map;
}

/** The names of a table, sorted, for a template's reference sheet. */
export async function namesIn(db: Db, table: PgTable, name: PgColumn): Promise<string[]> {
  const rows = await db.select({ name }).from(table).orderBy(name);
  return rows.map((row) => String(row.name));
}

/**
 * One name -> its id; an unknown name is an issue of `field` ('La marca "X" no existe.'), an
 * empty one the form's `required` message when given.
 */
export function idOf(
  lookup: Map<string, number> | undefined,
  name: string | null,
  issues: Issues,
  field: string,
  noun: string,
  required?: string,
): number {
  if (name === null) {
    if (required) issues.push({ field, message: required });
    return 0;
  }
  const id = lookup?.get(foldText(name));
  if (id === undefined) issues.push({ field, message: `${noun} "${name}" no existe.` });
  return id ?? 0;
}

/** Several names in one cell (commas, semicolons) -> their ids; each unknown one an issue. */
export function idsOf(
  lookup: Map<string, number> | undefined,
  text: string | null,
  issues: Issues,
  field: string,
  noun: string,
): number[] {
  const ids: number[] = [];
  for (const name of namesOf(text)) {
    const id = idOf(lookup, name, issues, field, noun);
    if (id !== 0) ids.push(id);
  }
  return ids;
}

/** Columns every named record shares. */
export const nameColumn = (example: string, rule?: string): ImportColumn => ({
  header: 'Nombre',
  field: 'name',
  required: true,
  rule: rule ?? 'Obligatorio; al menos 3 caracteres, máximo 100. Si ya existe, se actualiza.',
  example,
});

export const descriptionColumn = (example: string, max = 255): ImportColumn => ({
  header: 'Descripción',
  field: 'description',
  required: false,
  rule: `Opcional; máximo ${max} caracteres.`,
  example,
});

export const activeColumn: ImportColumn = {
  header: 'Activo',
  field: 'isActive',
  required: false,
  rule: 'Sí o No. Vacío: Sí para uno nuevo; sin cambio para uno existente.',
  example: 'Sí',
};
