import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinedPatterns } from '../../src/db/fold.ts';
import { COUNT_TTL_MS, EXACT_COUNT_LIMIT } from '../../src/lists/counts.ts';
import { ANCHOR_STEP, ANCHOR_TTL_MS } from '../../src/lists/keyset.ts';
import { createTestApp, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, type Api } from './fixtures.ts';

// Lists at scale (issue 13, src/lists/): deep pages read through keyset anchors answer
// exactly what OFFSET would, including ties on the sort key; counts past EXACT_COUNT_LIMIT are
// flagged estimates and the last page's count is exact; a write through the API moves the pages
// and the counts at once, a write made elsewhere shows in the count within COUNT_TTL_MS.

const ROWS = 4_000;
let t: TestApp;
let api: Api;

type Page = {
  rows: { id: number; name: string }[];
  page: number;
  totalCount: number;
  totalPages: number;
  hasNext: boolean;
  totalCountIsEstimate?: boolean;
};

const page = async (query: string) =>
  expectSuccess(await api.get(`pointofsales/paged?${query}`), 'listPointsOfSale') as Page;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The ids OFFSET paging gives for the same order: the reference. */
async function expectedIds(order: string, filter: string, offset: number, size: number) {
  const where = filter ? sql`where search_text like ${`%${filter}%`}` : sql``;
  const result = await t.db.execute(
    sql`select id from points_of_sale ${where} order by ${sql.raw(order)} offset ${offset} limit ${size}`,
  );
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
  // 700 distinct names, so every name is shared by several rows (ties across anchors).
  await t.db.execute(sql`
    insert into points_of_sale
      (code, name, state_id, zip_code, municipality, settlement, street, external_number)
    select 'SCALE-' || n, 'Tienda ' || (n % 700), 1 + n % 32, '06000', 'Municipio', 'Colonia',
           'Calle', '1'
    from generate_series(1, ${ROWS}) as n`);
  await t.db.execute(sql`analyze points_of_sale`);
});

afterAll(async () => {
  await t?.close();
});

describe('deep pages through keyset anchors', () => {
  const orders: [string, string][] = [
    ['name', 'name_key, id'],
    ['-name', 'name_key desc, id'],
    ['id', 'id'],
    ['-id', 'id desc'],
  ];
  for (const [sort, order] of orders) {
    it(`Sort=${sort} answers what OFFSET answers, around and between anchors`, async () => {
      for (const pageNumber of [201, 250, 300, 301, 399]) {
        const offset = (pageNumber - 1) * 10;
        expect(offset).toBeGreaterThanOrEqual(2 * ANCHOR_STEP);
        const got = await page(`Sort=${sort}&Page=${pageNumber}&PageSize=10`);
        expect(got.rows.map((row) => row.id)).toEqual(await expectedIds(order, '', offset, 10));
      }
    });
  }

  it('pages a filtered list the same way', async () => {
    const got = await page('Filter=tienda%201&Sort=name&Page=150&PageSize=10');
    expect(got.rows.map((row) => row.id)).toEqual(
      await expectedIds('name_key, id', 'tienda 1', 1490, 10),
    );
  });

  it('moves the pages after a delete through the API', async () => {
    const before = await page('Sort=name&Page=250&PageSize=10');
    const [first] = (await page('Sort=name&Page=1&PageSize=1')).rows;
    expect((await api.delete(`pointofsales/${first!.id}`)).statusCode).toBe(200);
    const after = await page('Sort=name&Page=250&PageSize=10');
    expect(after.rows.map((row) => row.id)).toEqual(
      await expectedIds('name_key, id', '', 2490, 10),
    );
    expect(after.rows[0]!.id).toBe(before.rows[1]!.id);
  });
});

describe('page marks: a page continues where the last one read ended', () => {
  const orders: [string, string][] = [
    ['name', 'name_key, id'],
    ['-name', 'name_key desc, id'],
    ['-id', 'id desc'],
  ];
  for (const [sort, order] of orders) {
    it(`Sort=${sort}: every page, in order, again and out of order, answers what OFFSET answers`, async () => {
      const expectPage = async (n: number, size: number) => {
        const got = await page(`Filter=tienda%205&Sort=${sort}&Page=${n}&PageSize=${size}`);
        expect(
          got.rows.map((row) => row.id),
          `${sort} page ${n} of ${size}`,
        ).toEqual(await expectedIds(order, 'tienda 5', (n - 1) * size, size));
      };
      for (let n = 1; n <= 12; n++) await expectPage(n, 7);
      for (const n of [12, 3, 3, 7, 1, 11, 2, 13, 40, 25, 24, 26, 30, 30]) await expectPage(n, 7);
      // Other page sizes start between the marks the pages of 7 left (a fixed pseudo-random
      // walk over about 630 matches, past the end included).
      let seed = 7;
      for (let i = 0; i < 40; i++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        const size = [5, 10, 6][i % 3]!;
        await expectPage(1 + (seed % Math.ceil(660 / size)), size);
      }
    });
  }

  it('a write through the API moves the pages at once', async () => {
    const query = (n: number) => `Filter=tienda%206&Sort=name&Page=${n}&PageSize=5`;
    for (let n = 1; n <= 4; n++) await page(query(n));
    const [gone] = (await page(query(2))).rows;
    expect((await api.delete(`pointofsales/${gone!.id}`)).statusCode).toBe(200);
    for (const n of [4, 3, 2]) {
      expect((await page(query(n))).rows.map((row) => row.id)).toEqual(
        await expectedIds('name_key, id', 'tienda 6', (n - 1) * 5, 5),
      );
    }
  });

  it(`a row added elsewhere before a page shows in it within ${ANCHOR_TTL_MS} ms`, async () => {
    const query = 'Filter=tienda%208&Sort=name&Page=3&PageSize=5';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const n of [1, 2]) await page(query.replace('Page=3', `Page=${n}`));
      const before = (await page(query)).rows.map((row) => row.id);
      expect(before).toEqual(await expectedIds('name_key, id', 'tienda 8', 10, 5));
      // Sorts first among the matches; added directly in the database (another process).
      await t.db.execute(sql`
        insert into points_of_sale
          (code, name, state_id, zip_code, municipality, settlement, street, external_number)
        values ('SCALE-MARK', 'Tienda 8', 1, '06000', 'Municipio', 'Colonia', 'Calle', '1')`);
      // Read from the mark of page 2's end: as before the insert, until the marks expire.
      expect((await page(query)).rows.map((row) => row.id)).toEqual(before);
      vi.setSystemTime(Date.now() + ANCHOR_TTL_MS + 1);
      const after = (await page(query)).rows.map((row) => row.id);
      expect(after).toEqual(await expectedIds('name_key, id', 'tienda 8', 10, 5));
      expect(after).not.toEqual(before);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('counts', () => {
  it(`flags an estimate past ${EXACT_COUNT_LIMIT} matches, never below the limit`, async () => {
    const first = await page('Sort=name&PageSize=10');
    expect(first.totalCountIsEstimate).toBe(true);
    expect(first.totalCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(first.hasNext).toBe(true);
  });

  it('is exact on the page that ends the list', async () => {
    const total = ROWS - 1; // one was deleted above
    const last = await page(`Sort=name&Page=${Math.ceil(total / 10)}&PageSize=10`);
    expect(last).toMatchObject({ totalCount: total, totalCountIsEstimate: false, hasNext: false });
    expect(last.rows).toHaveLength(total % 10 || 10);
  });

  it('is exact for a filter with few matches', async () => {
    const got = await page('Filter=tienda%20699&PageSize=2');
    expect(got.totalCountIsEstimate).toBe(false);
    expect(got.totalCount).toBe(
      await expectedIds('id', 'tienda 699', 0, 100).then((r) => r.length),
    );
  });

  it(`reuses a count for ${COUNT_TTL_MS} ms at most; a write through the API recounts at once`, async () => {
    const query = 'Filter=tienda%20698&Sort=name&PageSize=2';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = await page(query);
      const count = first.totalCount;
      expect(first).toMatchObject({ hasNext: true, totalCountIsEstimate: false });
      expect(count).toBe(await expectedIds('id', 'tienda 698', 0, 100).then((r) => r.length));

      // Added directly in the database (another process): counted within the bound.
      await t.db.execute(sql`
        insert into points_of_sale
          (code, name, state_id, zip_code, municipality, settlement, street, external_number)
        values ('SCALE-COUNT', 'Tienda 698', 1, '06000', 'Municipio', 'Colonia', 'Calle', '1')`);
      expect((await page(query)).totalCount).toBe(count);
      vi.setSystemTime(Date.now() + COUNT_TTL_MS + 1);
      expect((await page(query)).totalCount).toBe(count + 1);

      // Deleted through the API: the next page counts again at once.
      const [row] = (await page(query)).rows;
      expect((await api.delete(`pointofsales/${row!.id}`)).statusCode).toBe(200);
      expect((await page(query)).totalCount).toBe(count);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the rows again when the same page is asked again (a reused query, not its answer)', async () => {
    const query = 'Filter=tienda%20697&Sort=-name&PageSize=2';
    const [first] = (await page(query)).rows;
    await t.db.execute(
      sql`update points_of_sale set name = 'Tienda 697 renombrada' where id = ${first!.id}`,
    );
    const again = await page(query);
    expect(again.rows.find((row) => row.id === first!.id)?.name).toBe('Tienda 697 renombrada');
  });

  it('counts exactly past the end of the list', async () => {
    const got = await page('Sort=name&Page=9999&PageSize=10');
    expect(got).toMatchObject({ rows: [], totalCount: ROWS - 1, totalCountIsEstimate: false });
  });
});

describe('dropdown options of any size', () => {
  type Option = { id: number; name: string; isActive?: boolean };
  const options = async (query: string) =>
    expectSuccess(
      await api.get(`pointofsales/options?${query}`),
      'listPointOfSaleOptions',
    ) as Option[];

  it('pages on with Skip until every active record was offered', async () => {
    const first = await options('Take=100');
    const next = await options('Take=100&Skip=100');
    expect(first).toHaveLength(100);
    expect(next).toHaveLength(100);
    expect(new Set([...first, ...next].map((o) => o.id)).size).toBe(200);
    expect(next[0]!.name.localeCompare(first[99]!.name, 'es')).toBeGreaterThanOrEqual(0);
    const deep = await options('Take=100&Skip=3900');
    expect(deep.length).toBe(ROWS - 1 - 3900);
  });

  it('answers a search in name order, paged with Skip, as LIKE over search_text does', async () => {
    // [filter, take, skip]: a term in every name, one at the end of the name order, one paged
    // past its first matches, one far into the list, one without matches.
    const cases: [string, number, number][] = [
      ['tienda', 20, 0],
      ['Tienda 99', 20, 0],
      ['tienda 99', 20, 40],
      ['ienda 5', 50, 500],
      ['tienda', 100, 3_000],
      ['sin coincidencias', 20, 0],
    ];
    for (const [filter, take, skip] of cases) {
      const folded = filter.toLowerCase();
      const expected = rowsOf<{ id: number }>(
        await t.db.execute(sql`
          select id from points_of_sale where is_active and search_text like ${`%${folded}%`}
          order by name_key, id offset ${skip} limit ${take}`),
      ).map((row) => Number(row.id));
      const got = await options(`Filter=${encodeURIComponent(filter)}&Take=${take}&Skip=${skip}`);
      expect(
        got.map((o) => o.id),
        `${filter} ${take} ${skip}`,
      ).toEqual(expected);
    }
  });

  it('answers the named records with Ids, inactive ones included and marked', async () => {
    const [far] = (await page('Sort=-name&PageSize=1')).rows;
    await t.db.execute(sql`update points_of_sale set is_active = false where id = ${far!.id}`);
    const active = await options(`Filter=${encodeURIComponent(far!.name)}&Take=100`);
    expect(active.map((o) => o.id)).not.toContain(far!.id);
    const named = await options(`Ids=${far!.id}&Ids=1`);
    expect(named).toEqual(
      expect.arrayContaining([
        { id: far!.id, name: expect.stringContaining(far!.name) as string, isActive: false },
        expect.objectContaining({ id: 1, isActive: true }),
      ]),
    );
    expect(named).toHaveLength(2);
  });
});

describe('multi-word filters through the word-joined trigram index', () => {
  // Names where a trigram of the joined form (spaces -> 'w') appears without the filter's text:
  // the joined condition only narrows, `search_text LIKE '%term%'` decides (db/fold.ts).
  const names = [
    'Tienda Peñón 42',
    'Tienda Peñón 4213',
    'Tienda Peñónw42',
    'Tienda Peñón  42',
    'Tienda Peñón 9 42',
    'Farmacia Peñon 420',
    'Farmacia La Esperanza 42',
    'Farmacia La Esperanzaw 42',
  ];

  beforeAll(async () => {
    for (const [index, name] of names.entries()) {
      await t.db.execute(sql`
        insert into points_of_sale
          (code, name, state_id, zip_code, municipality, settlement, street, external_number)
        values (${`WORDS-${index}`}, ${name}, 1, '06000', 'Municipio', 'Colonia', 'Calle', '1')`);
    }
  });

  it('answers exactly what LIKE over search_text answers', async () => {
    const terms = [
      'peñon 42',
      'PENON  42',
      'penonw42',
      'penon w42',
      'n 4',
      'on 9 4',
      'la esperanza 42',
      'esperanzaw 42',
      'w',
      'peñón 42 06000',
    ];
    for (const term of terms) {
      const folded = term
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      const expected = await expectedIds('id', folded, 0, 10_000);
      const got = await page(`Filter=${encodeURIComponent(term)}&Sort=id&PageSize=100`);
      expect(
        got.rows.map((row) => row.id),
        term,
      ).toEqual(expected.slice(0, 100));
      const optionIds = (
        expectSuccess(
          await api.get(`pointofsales/options?Filter=${encodeURIComponent(term)}&Take=100`),
          'listPointOfSaleOptions',
        ) as { id: number }[]
      ).map((option) => option.id);
      const active = rowsOf<{ id: number }>(
        await t.db.execute(
          sql`select id from points_of_sale where is_active and search_text like ${`%${folded}%`} order by id`,
        ),
      ).map((row) => Number(row.id));
      expect(
        optionIds.sort((a, b) => a - b),
        term,
      ).toEqual(active.slice(0, 100));
    }
  });

  it('gives the index the junctions of a multi-word term, the term itself otherwise', () => {
    expect(joinedPatterns('Peñón')).toEqual(['%penon%']);
    expect(joinedPatterns('peñon 42')).toEqual(['%onw42%']);
    expect(joinedPatterns('La Esperanza  42')).toEqual(['%lawes%', '%zaww42%']);
    expect(joinedPatterns('a b')).toEqual(['%awb%']);
    expect(joinedPatterns('50% de_x')).toEqual(['%0\\%wde%']);
  });
});
