import { describe, expect, it } from 'vitest';
import { toApiSort } from './to-api-sort';

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
