import { createHash } from 'node:crypto';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { nameStatement } from '../db/pglite-named.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import type { PageRequest } from './page-request.ts';

// Building a page's SQL with drizzle (15 columns, a join, the ids subquery and the count) costs
// as much CPU as the rest of a signed-in request's JavaScript (bench/cpu.ts profiles). The built
// query (text, parameters and row mapping, drizzle's prepare without a statement name) is kept
// per call site and reused when the same page of the same list is asked again: a list refetched
// on focus, the first page everybody opens, the next user on the same search. Its key is
// everything the SQL is made of, so a hit runs exactly what a fresh build would run.

const PAGE_QUERIES_PER_CALL_SITE = 200;

export interface BuiltPage {
  execute(): Promise<unknown>;
}

/** By database (a prepared query runs on the session it was built on), source and columns. */
const builtPages = new WeakMap<
  object,
  WeakMap<object, WeakMap<object, BoundedCache<string, BuiltPage>>>
>();

function childOf<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let child = map.get(key);
  if (!child) {
    child = make();
    map.set(key, child);
  }
  return child;
}

/** The page query of `key` built for this call site, built by `build` on first use. */
export function builtPageFor(request: PageRequest, key: string, build: () => BuiltPage): BuiltPage {
  const bySource = childOf(builtPages, request.db, () => new WeakMap());
  const byFields = childOf(bySource, request.source, () => new WeakMap());
  const cache = childOf(
    byFields,
    request.fields,
    () => new BoundedCache<string, BuiltPage>({ maxEntries: PAGE_QUERIES_PER_CALL_SITE }),
  );
  const hit = cache.get(key);
  if (hit) return hit;
  const built = build();
  cache.set(key, built);
  return built;
}

/**
 * The page query, prepared. Unfiltered lists (the first page everybody opens, deep pages through
 * anchors) get a named statement, parsed and planned once per pooled connection: PostgreSQL then
 * reuses the plan (its generic plan when no worse than the custom ones), which halves the
 * database's CPU for a small page (bench/README.md). The name is a digest of the SQL, so the same
 * text always has the same name. Filtered lists stay unnamed (planned for each search): a plan
 * for "any pattern" can be a bad plan for a common one. On PGlite the same texts run as named
 * statements through db/pglite-named.ts (drizzle's PGlite driver ignores the name).
 */
export function prepared(request: PageRequest, query: PgSelect): BuiltPage {
  if (request.where !== undefined) return query.prepare('');
  const text = query.toSQL().sql;
  const name = `page_${createHash('sha1').update(text).digest('base64url')}`;
  nameStatement(text, name);
  return query.prepare(name);
}
