import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, pagedQuery, sortableColumns, toApiSort } from './conventions';

describe('toApiSort', () => {
  it('returns no sort for an empty sorting', () => {
    expect(toApiSort([])).toEqual([]);
  });

  it('prefixes descending columns with "-" and keeps the order of precedence', () => {
    expect(
      toApiSort([
        { id: 'name', desc: false },
        { id: 'code', desc: true },
      ]),
    ).toEqual(['name', '-code']);
  });
});

describe('pagedQuery', () => {
  it('sends a 1-based page, the trimmed filter and only the columns the contract sorts', () => {
    expect(
      pagedQuery('/brands', {
        pageIndex: 2,
        pageSize: 20,
        filter: '  coca ',
        sorting: [
          { id: 'password', desc: false },
          { id: 'name', desc: true },
        ],
      }),
    ).toEqual({ Page: 3, PageSize: 20, Filter: 'coca', Sort: ['-name'] });
    expect(pagedQuery('/brands', { pageIndex: 0, pageSize: 10, filter: ' ', sorting: [] })).toEqual(
      { Page: 1, PageSize: 10 },
    );
  });

  it("knows each list's sortable columns from the contract", () => {
    expect([...sortableColumns('/clients')]).toContain('commercialName');
    expect(sortableColumns('/clients').has('clientNames')).toBe(false);
  });
});

describe('contract defaults', () => {
  it('the default page size is the contract PageSize default', () => {
    const contract = JSON.parse(
      readFileSync(new URL('../../../openapi/dist/openapi.json', import.meta.url), 'utf8'),
    ) as { components: { parameters: { PageSize: { schema: { default: number } } } } };
    expect(DEFAULT_PAGE_SIZE).toBe(contract.components.parameters.PageSize.schema.default);
  });
});
