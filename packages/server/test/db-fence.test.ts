import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { OFFSET_FENCE } from '../src/db/fence.ts';
import { checkIns } from '../src/db/schema/index.ts';

// The visits map's aggregates keep their subquery apart with OFFSET 0 (src/db/fence.ts).
describe('OFFSET_FENCE', () => {
  const qb = new QueryBuilder();
  const inner = (offset: number) =>
    qb
      .select({ lat: sql<number>`${checkIns.checkInLatitude}::float8`.as('lat') })
      .from(checkIns)
      .offset(offset)
      .as('v');

  it('writes OFFSET 0 in the subquery, which drizzle leaves out for .offset(0)', () => {
    const fenced = qb
      .select({ n: sql<number>`count(*)` })
      .from(inner(OFFSET_FENCE))
      .toSQL();
    expect(fenced.sql).toMatch(/ offset 0\) "v"/);
    expect(fenced.params).toEqual([]);
    // Why the fence exists: a plain 0 writes no OFFSET, and PostgreSQL folds the subquery.
    const plain = qb
      .select({ n: sql<number>`count(*)` })
      .from(inner(0))
      .toSQL();
    expect(plain.sql).not.toMatch(/offset/i);
  });
});
