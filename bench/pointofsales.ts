// Master-data scenarios for `pnpm bench`: the paged point-of-sale list over 100 000 rows, with a
// filter and a sort, as the back-office asks for it (spec 2 §7). Appended to ./scenarios.ts.
import { sql } from 'drizzle-orm';
import type { BenchContext, Scenario } from './scenarios.ts';

/** 100 000 by default; `BENCH_POS_ROWS=1000000 pnpm bench` runs the same scenarios at 1 000 000. */
export const POINT_OF_SALE_ROWS = Number(process.env.BENCH_POS_ROWS ?? 100_000);
/** A page in the middle of the unfiltered list (page 5 000 at 100 000 rows). */
const DEEP_PAGE = Math.round(POINT_OF_SALE_ROWS / 20);

/**
 * Inserts the points of sale in one statement (idempotent: skipped when they exist). Every
 * scenario below runs it, so any one of them chosen alone (BENCH_SCENARIOS) reads the full list.
 */
export async function seedPointsOfSale(ctx: BenchContext): Promise<void> {
  const db = ctx.database.db;
  const existing = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from points_of_sale where code like 'BENCH-%'`,
  );
  const rows = (existing as unknown as { rows: { n: number }[] }).rows ?? existing;
  if (Number((rows as { n: number }[])[0]?.n ?? 0) >= POINT_OF_SALE_ROWS) return;
  await db.execute(sql`
    insert into points_of_sale
      (code, name, state_id, zip_code, city, municipality, settlement, street, external_number)
    select
      'BENCH-' || lpad(n::text, 7, '0'),
      (array['Abarrotes', 'Súper', 'Tienda', 'Miscelánea', 'Farmacia', 'Depósito'])[1 + n % 6]
        || ' ' || (array['La Esperanza', 'El Sol', 'San José', 'Guadalupe', 'Los Pinos', 'Peñón',
                         'Del Valle', 'Centro'])[1 + (n / 6) % 8]
        || ' ' || n,
      1 + n % 32,
      lpad((1000 + (n::bigint * 7919) % 98000)::text, 5, '0'),
      case when n % 5 = 0 then null else 'Ciudad ' || (n % 97) end,
      'Municipio ' || (n % 500),
      'Colonia ' || (n % 2000),
      'Calle ' || (n % 300),
      (1 + n % 999)::text
    from generate_series(1, ${POINT_OF_SALE_ROWS}) as n
    on conflict do nothing`);
  // VACUUM sets the visibility map, so the covering sort index is read without the heap.
  await db.execute(sql`vacuum analyze points_of_sale`);
}

export const pointOfSaleScenarios: Scenario[] = [
  {
    name: 'pos-filter-common',
    description:
      'GET pointofsales/paged, Filter=esperanza (1 row in 8 matches), Sort=-name, page 3',
    path: '/api/v1/pointofsales/paged?Filter=esperanza&Sort=-name&Page=3&PageSize=10',
    authenticated: true,
    setup: seedPointsOfSale,
  },
  {
    name: 'pos-filter-rare',
    description: 'GET pointofsales/paged, Filter=peñon 42 (about 1 row in 700), Sort=stateName',
    path: '/api/v1/pointofsales/paged?Filter=pe%C3%B1on%2042&Sort=stateName&PageSize=10',
    authenticated: true,
    setup: seedPointsOfSale,
  },
  {
    name: 'pos-sorted-deep',
    description: `GET pointofsales/paged, no filter, Sort=name, page ${DEEP_PAGE} of 10 rows (the middle)`,
    path: `/api/v1/pointofsales/paged?Sort=name&Page=${DEEP_PAGE}&PageSize=10`,
    authenticated: true,
    setup: seedPointsOfSale,
  },
  {
    name: 'pos-options-search',
    description: 'GET pointofsales/options?Filter=esperanza 42&Take=20: a dropdown search',
    path: '/api/v1/pointofsales/options?Filter=esperanza%2042&Take=20',
    authenticated: true,
    setup: seedPointsOfSale,
  },
];
