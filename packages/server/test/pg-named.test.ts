import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPgNamedStatements } from '../src/db/pg-named.ts';
import { nameStatement } from '../src/db/pglite-named.ts';

// Registered texts run as named statements on node-postgres (src/db/pg-named.ts), with the same
// rows as unnamed; other texts stay unnamed. Needs PostgreSQL (TEST_DATABASE_URL), as the CI's
// server suite on PostgreSQL gives it.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('named statements on node-postgres', () => {
  let pool: pg.Pool;
  const dialect = new PgDialect();

  beforeAll(() => {
    // One connection, so the statements prepared are those of the session asked below.
    pool = new pg.Pool({ connectionString: url, max: 1 });
    installPgNamedStatements(pool);
  });
  afterAll(async () => {
    await pool.end();
  });

  const prepared = async () => {
    const result = await pool.query<{ name: string }>(
      'select name from pg_prepared_statements order by name',
    );
    return result.rows.map((row) => row.name);
  };

  it('names a registered text through drizzle and answers as unnamed', async () => {
    const db = drizzle({ client: pool });
    const query = sql`select g as n, ${'x'}::text || g as label from generate_series(1, ${3}::int) g`;
    const unnamed = await db.execute(query);
    expect(await prepared()).not.toContain('test_pg_named');

    nameStatement(dialect.sqlToQuery(query).sql, 'test_pg_named');
    const first = await db.execute(query);
    const second = await db.execute(query);
    expect(first.rows).toEqual(unnamed.rows);
    expect(second.rows).toEqual([
      { n: 1, label: 'x1' },
      { n: 2, label: 'x2' },
      { n: 3, label: 'x3' },
    ]);
    expect(await prepared()).toContain('test_pg_named');
  });

  it('leaves a text nobody registered unnamed, and keeps a name given by the caller', async () => {
    const before = await prepared();
    await pool.query('select $1::int as other', [1]);
    await pool.query({ name: 'test_pg_own', text: 'select $1::int as own', values: [2] });
    expect(await prepared()).toEqual([...before, 'test_pg_own'].sort());
  });
});
