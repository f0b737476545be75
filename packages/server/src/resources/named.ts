import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { fold } from '../db/fold.ts';
import { badRequest } from '../http/errors.ts';
import type { SortMap } from './contract-types.ts';
import { tableSource, type ResourceConfig } from './factory.ts';
import { checkDescription, checkName, cleanText, type Issues } from './rules.ts';

// The shape most master data shares (spec 2 §3): name, description, isActive.

export interface NamedInput {
  name: string;
  description?: string | null;
  isActive: boolean;
}

export interface NamedColumns {
  id: PgColumn;
  name: PgColumn;
  /** fold(name), stored: sorted on and searched instead of computing fold(name) per row. */
  nameKey: PgColumn;
  description: PgColumn;
  isActive: PgColumn;
}

/** The common rules; returns the cleaned values (trimmed, empty description = null). */
export function namedValues(input: NamedInput, issues: Issues) {
  const name = cleanText(input.name);
  const description = cleanText(input.description);
  checkName(issues, name);
  checkDescription(issues, description);
  return { name: name ?? '', description, isActive: input.isActive };
}

export function throwIfAny(issues: Issues): void {
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
}

/** The lists whose `Sort` is the contract's NamedSort. */
type NamedPagedPath = '/profiles/paged' | '/brands/paged' | '/categories/paged' | '/regions/paged';

/** The list, options and sort configuration of a name/description/isActive table. */
export function namedListing(table: PgTable, columns: NamedColumns) {
  return {
    table,
    id: columns.id,
    source: tableSource(table),
    rowFields: {
      id: columns.id,
      name: columns.name,
      description: columns.description,
      isActive: columns.isActive,
    },
    search: [columns.nameKey, fold(columns.description)],
    sort: {
      id: columns.id,
      name: columns.nameKey,
      description: fold(columns.description),
      isActive: columns.isActive,
    } satisfies SortMap<NamedPagedPath>,
    defaultSort: ['name'],
    options: {
      label: columns.name,
      active: columns.isActive,
      search: [columns.nameKey],
      sortName: sql`${columns.nameKey}`,
    },
  } satisfies Partial<ResourceConfig<unknown>>;
}
