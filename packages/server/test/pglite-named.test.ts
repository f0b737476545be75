import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installNamedStatements, nameStatement } from '../src/db/pglite-named.ts';

// Named statements on PGlite (src/db/pglite-named.ts): the same answers as PGlite's own query(),
// parsed once, serialised with a transaction, and an error leaves nothing half prepared.

describe('named statements on PGlite', () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    installNamedStatements(client);
    await client.exec(`
      create table t (id int primary key, name text not null, at timestamptz, flag boolean);
      insert into t values (1, 'uno', '2026-11-23T10:00:00Z', true), (2, 'dos', null, false),
        (3, 'tres', '2026-11-23T11:00:00Z', null);
    `);
  });
  afterAll(async () => {
    await client.close();
  });

  it('answers what an unnamed statement answers, in both row modes, and parses once', async () => {
    const text = 'select id, name, at, flag from t where id >= $1 and name <> $2 order by id';
    const unnamed = await client.query(text, [2, 'x']);
    const unnamedArrays = await client.query(text, [2, 'x'], { rowMode: 'array' });
    nameStatement(text, 'test_named_rows');
    const named = await client.query(text, [2, 'x']);
    const namedArrays = await client.query(text, [2, 'x'], { rowMode: 'array' });
    expect(named.rows).toEqual(unnamed.rows);
    expect(named.fields).toEqual(unnamed.fields);
    expect(namedArrays.rows).toEqual(unnamedArrays.rows);
    expect(named.rows).toHaveLength(2);
    const statements = await client.query<{ name: string }>(
      'select name from pg_prepared_statements',
    );
    expect(statements.rows.map((r) => r.name)).toContain('test_named_rows');
    // Other parameters, the same statement.
    const again = await client.query<{ id: number }>(text, [1, 'uno']);
    expect(again.rows.map((r) => r.id)).toEqual([2, 3]);
  });

  it('waits for an open transaction and sees its writes only once committed', async () => {
    const text = 'select count(*)::int as n from t where id > $1';
    nameStatement(text, 'test_named_count');
    let inside = 0;
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into t values (10, $1, null, null)', ['diez']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inside = (await tx.query<{ n: number }>(text, [0])).rows[0]!.n;
    });
    const outside = client.query<{ n: number }>(text, [0]);
    await transaction;
    expect(inside).toBe(4);
    expect((await outside).rows[0]!.n).toBe(4);
  });

  it('a statement that fails to parse is not left prepared and fails again the same way', async () => {
    const text = 'select no_such_column from t where id = $1';
    nameStatement(text, 'test_named_broken');
    await expect(client.query(text, [1])).rejects.toThrow(/no_such_column/);
    await expect(client.query(text, [1])).rejects.toThrow(/no_such_column/);
    // The connection is usable afterwards.
    expect((await client.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
  });
});
