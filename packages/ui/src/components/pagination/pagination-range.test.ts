import { describe, expect, it } from 'vitest';
import { paginationRange } from './pagination-range';

describe('paginationRange', () => {
  it('returns nothing when there are no pages', () => {
    expect(paginationRange({ totalPages: 0, currentPage: 1 })).toEqual([]);
  });

  it('shows every page up to 2*siblings+5 pages (7 with the default sibling count)', () => {
    expect(paginationRange({ totalPages: 1, currentPage: 1 })).toEqual([1]);
    expect(paginationRange({ totalPages: 7, currentPage: 4 })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationRange({ totalPages: 9, currentPage: 5, siblingCount: 2 })).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('puts the ellipsis on the right near the start', () => {
    expect(paginationRange({ totalPages: 8, currentPage: 1 })).toEqual([
      1,
      2,
      3,
      4,
      5,
      'ellipsis',
      8,
    ]);
    expect(paginationRange({ totalPages: 20, currentPage: 4 })).toEqual([
      1,
      2,
      3,
      4,
      5,
      'ellipsis',
      20,
    ]);
  });

  it('puts the ellipsis on the left near the end', () => {
    expect(paginationRange({ totalPages: 8, currentPage: 8 })).toEqual([
      1,
      'ellipsis',
      4,
      5,
      6,
      7,
      8,
    ]);
    expect(paginationRange({ totalPages: 20, currentPage: 17 })).toEqual([
      1,
      'ellipsis',
      16,
      17,
      18,
      19,
      20,
    ]);
  });

  it('puts ellipses on both sides in the middle', () => {
    expect(paginationRange({ totalPages: 20, currentPage: 10 })).toEqual([
      1,
      'ellipsis',
      9,
      10,
      11,
      'ellipsis',
      20,
    ]);
    expect(paginationRange({ totalPages: 50, currentPage: 25, siblingCount: 2 })).toEqual([
      1,
      'ellipsis',
      23,
      24,
      25,
      26,
      27,
      'ellipsis',
      50,
    ]);
  });

  it('keeps a constant length of 2*siblings+5 items on every page', () => {
    for (let page = 1; page <= 30; page += 1) {
      const items = paginationRange({ totalPages: 30, currentPage: page });
      expect(items).toHaveLength(7);
      expect(items).toContain(page);
      expect(items[0]).toBe(1);
      expect(items.at(-1)).toBe(30);
    }
  });

  it('never hides a single page behind an ellipsis', () => {
    for (let page = 1; page <= 12; page += 1) {
      const items = paginationRange({ totalPages: 12, currentPage: page });
      items.forEach((item, index) => {
        if (item !== 'ellipsis') return;
        const before = items[index - 1] as number;
        const after = items[index + 1] as number;
        expect(after - before).toBeGreaterThan(2);
      });
    }
  });

  it('clamps a current page outside the range', () => {
    expect(paginationRange({ totalPages: 10, currentPage: 0 })).toEqual([
      1,
      2,
      3,
      4,
      5,
      'ellipsis',
      10,
    ]);
    expect(paginationRange({ totalPages: 10, currentPage: 99 })).toEqual([
      1,
      'ellipsis',
      6,
      7,
      8,
      9,
      10,
    ]);
  });
});
