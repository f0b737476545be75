/** An item of the pagination bar: a 1-based page number or a gap marker. */
export type PaginationItem = number | 'ellipsis';

export interface PaginationRangeOptions {
  /** Number of pages (0 when there is nothing to page). */
  totalPages: number;
  /** The current page, 1-based; clamped into 1..totalPages. */
  currentPage: number;
  /** Pages shown on each side of the current page. */
  siblingCount?: number;
}

function range(start: number, end: number): number[] {
  return end < start ? [] : Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * The pages to show in a pagination bar. The first and last pages are always shown; the current
 * page is shown with `siblingCount` neighbours each side; the rest collapses into 'ellipsis'.
 * The bar keeps a constant length of 2*siblingCount+5 items, so it never jumps while paging.
 */
export function paginationRange({
  totalPages,
  currentPage,
  siblingCount = 1,
}: PaginationRangeOptions): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  const siblings = Math.max(0, Math.floor(siblingCount));
  if (total === 0) return [];
  // spec 1 §9: every page is shown when the total is at most 2*siblings+5.
  if (total <= 2 * siblings + 5) return range(1, total);

  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  // The sibling window is shifted away from the edges so both sides keep a constant length.
  const windowStart = Math.max(Math.min(current - siblings, total - 2 * siblings - 2), 3);
  const windowEnd = Math.min(Math.max(current + siblings, 2 * siblings + 3), total - 2);

  return [
    1,
    windowStart > 3 ? 'ellipsis' : 2,
    ...range(windowStart, windowEnd),
    windowEnd < total - 2 ? 'ellipsis' : total - 1,
    total,
  ];
}
