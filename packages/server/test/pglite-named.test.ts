import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installNamedStatements,
  nameStatement,
  textParsers,
  withoutTextParsers,
} from '../src/db/pglite-named.ts';

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

// Drizzle's text parsers skipped (src/db/pglite-named.ts): a client created with `textParsers`
// and the wrapper answers drizzle exactly what a plain PGlite answers it, and any parser that asks
// for something else still applies.
describe("drizzle's text parsers on PGlite", () => {
  let plain: PGlite;
  let fast: PGlite;
  const setup = `
    create table k (
      id int primary key, n numeric(12, 3), at timestamp, atz timestamptz, d date, span interval,
      ns numeric[], ats timestamp[], atzs timestamptz[], spans interval[], ds date[], j jsonb,
      flag boolean, tags text[]);
    insert into k values
      (1, 12.5, '2026-11-23 10:00:00.123456', '2026-11-23T10:00:00.5Z', '2026-02-28', '1 day 02:03:04',
       '{1.5,2}', '{"2026-01-01 00:00:00"}', '{"2026-01-01T06:00:00Z"}', '{"01:00:00"}', '{2026-01-01}',
       '{"a": [1, "b"]}', true, '{uno,"dos tres"}'),
      (2, null, null, null, null, null, null, null, null, null, null, null, null, null);`;
  const select = sql`select * from k order by id`;

  beforeAll(async () => {
    plain = await PGlite.create();
    fast = await PGlite.create();
    installNamedStatements(fast);
    await plain.exec(setup);
    await fast.exec(setup);
  });
  afterAll(async () => {
    await plain.close();
    await fast.close();
  });

  it('answers drizzle the same rows, outside and inside a transaction', async () => {
    const expected = await drizzle({ client: plain }).execute(select);
    const fastDb = drizzle({ client: fast });
    const got = await fastDb.execute(select);
    expect(got.rows).toEqual(expected.rows);
    expect(got.rows[0]).toMatchObject({
      atz: expect.any(String),
      d: '2026-02-28',
      tags: ['uno', 'dos tres'],
    });
    const inside = await fastDb.transaction((tx) => tx.execute(select));
    expect(inside.rows).toEqual(expected.rows);
  });

  it('keeps any parser that asks for something else', async () => {
    const doubled = { parsers: { [types.INT4]: (value: string) => Number(value) * 2 } };
    const marked = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `tz:${value}` } };
    expect(withoutTextParsers(doubled, fast.parsers)).toBe(doubled);
    expect(withoutTextParsers(marked, fast.parsers)).toBe(marked);
    const ids = await fast.query<{ id: number }>('select id from k order by id', [], doubled);
    expect(ids.rows.map((r) => r.id)).toEqual([2, 4]);
    const atz = await fast.transaction((tx) =>
      tx.query<{ atz: string }>('select atz from k where id = 1', [], marked),
    );
    expect(atz.rows[0]!.atz).toMatch(/^tz:2026-11-23 /);
  });

  it("drops drizzle's own set, keeping the other options, only while the table holds it", async () => {
    const asked = { rowMode: 'array' as const, parsers: { ...textParsers } };
    expect(withoutTextParsers(asked, fast.parsers)).toEqual({ rowMode: 'array' });
    expect(withoutTextParsers(undefined, fast.parsers)).toBeUndefined();
    // A table without our identities (plain PGlite) keeps the query's parsers.
    expect(withoutTextParsers(asked, plain.parsers)).toBe(asked);
    // PGlite rebuilding its array parsers: still drizzle's rows, through its own parsers.
    const other = await PGlite.create();
    try {
      installNamedStatements(other);
      await other.exec(setup);
      await other.refreshArrayTypes();
      expect(withoutTextParsers(asked, other.parsers)).toBe(asked);
      const expected = await drizzle({ client: plain }).execute(select);
      expect((await drizzle({ client: other }).execute(select)).rows).toEqual(expected.rows);
    } finally {
      await other.close();
    }
  });
});
