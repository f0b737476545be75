import type pg from 'pg';
import { statementName } from './pglite-named.ts';

// Registered texts (db/pglite-named.ts `nameStatement`) as named statements on node-postgres.
//
// Drizzle names a statement only when it is built with `.prepare(name)`; raw SQL sent with
// `db.execute` (the gallery's page, visits/photos.ts) is always unnamed, so PostgreSQL parses and
// plans it again for every request. For a many-join statement the planning costs several times
// its execution. The pool's `query` adds the registered name to such a text: each pooled
// connection then parses it once and PostgreSQL keeps its plan (the generic one when no worse
// than the custom ones). Statements on a checked-out client (transactions) are not affected.

type QueryConfig = { text?: unknown; name?: string };

/** Makes `pool.query` run the registered texts as named statements. */
export function installPgNamedStatements(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object') {
      const asked = config as QueryConfig;
      const name =
        asked.name === undefined && typeof asked.text === 'string'
          ? statementName(asked.text)
          : undefined;
      if (name !== undefined) return query({ ...asked, name }, ...rest);
    }
    return query(config, ...rest);
  }) as pg.Pool['query'];
}
