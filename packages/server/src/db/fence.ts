import { sql } from 'drizzle-orm';

/**
 * `.offset(OFFSET_FENCE)` on a drizzle subquery writes `OFFSET 0`: PostgreSQL then keeps the
 * subquery as written, computing each of its columns once per row, instead of folding it into
 * the outer query and repeating its expressions wherever the outer query names a column (the
 * visits map's aggregate names each position six times; folded, it cost twice as much). Drizzle
 * writes no OFFSET for `.offset(0)` (it skips a falsy offset) and types `offset` as a number or a
 * placeholder, so the fence is SQL passed through that type.
 */
export const OFFSET_FENCE = sql.raw('0') as unknown as number;
