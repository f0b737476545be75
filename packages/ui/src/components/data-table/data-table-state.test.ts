import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DATA_TABLE_STATE,
  applyDataTableChange,
  pageSizeOptionsFor,
  resolveDataTableState,
  visibleRowRange,
} from './data-table-state';

const onPage3 = {
  pageIndex: 3,
  pageSize: 10,
  sorting: [{ id: 'name', desc: false }],
  filter: 'abc',
};

describe('resolveDataTableState', () => {
  it('defaults to the first page of 10 rows, unsorted and unfiltered (spec 1 §2)', () => {
    expect(resolveDataTableState(undefined)).toEqual({
      pageIndex: 0,
      pageSize: 10,
      sorting: [],
      filter: '',
    });
    expect(resolveDataTableState({ pageSize: 30 })).toEqual({
      ...DEFAULT_DATA_TABLE_STATE,
      pageSize: 30,
    });
  });
});

describe('applyDataTableChange (spec 2 §4)', () => {
  it('keeps the page when only the page changes', () => {
    expect(applyDataTableChange(onPage3, { pageIndex: 4 })).toEqual({ ...onPage3, pageIndex: 4 });
  });

  it('goes back to the first page when the filter, the sort or the page size changes', () => {
    expect(applyDataTableChange(onPage3, { filter: 'abcd' }).pageIndex).toBe(0);
    expect(applyDataTableChange(onPage3, { pageSize: 20 }).pageIndex).toBe(0);
    expect(applyDataTableChange(onPage3, { sorting: [{ id: 'name', desc: true }] }).pageIndex).toBe(
      0,
    );
    expect(applyDataTableChange(onPage3, { sorting: [] }).pageIndex).toBe(0);
  });

  it('returns the same state when nothing changes', () => {
    expect(applyDataTableChange(onPage3, { pageIndex: 3, filter: 'abc' })).toBe(onPage3);
  });

  it('keeps the page when an equal sort is set again', () => {
    expect(
      applyDataTableChange(onPage3, { sorting: [{ id: 'name', desc: false }] }).pageIndex,
    ).toBe(3);
  });
});

describe('pageSizeOptionsFor (spec 2 §9)', () => {
  it('offers 10, 20, 30 and 50', () => {
    expect(pageSizeOptionsFor(10)).toEqual([10, 20, 30, 50]);
  });

  it('adds the current size when it is not one of them', () => {
    expect(pageSizeOptionsFor(25)).toEqual([10, 20, 25, 30, 50]);
    expect(pageSizeOptionsFor(100)).toEqual([10, 20, 30, 50, 100]);
  });
});

describe('visibleRowRange', () => {
  it('numbers the rows of the current page from 1', () => {
    expect(visibleRowRange({ pageIndex: 0, pageSize: 10 }, 10, 42)).toEqual({
      from: 1,
      to: 10,
      total: 42,
    });
    expect(visibleRowRange({ pageIndex: 4, pageSize: 10 }, 2, 42)).toEqual({
      from: 41,
      to: 42,
      total: 42,
    });
  });

  it('shows nothing when there are no rows', () => {
    expect(visibleRowRange({ pageIndex: 0, pageSize: 10 }, 0, 0)).toEqual({
      from: 0,
      to: 0,
      total: 0,
    });
  });
});
