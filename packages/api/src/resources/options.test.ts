import { describe, expect, it } from 'vitest';
import { optionPagesQueryOptions, optionsByIdsQueryOptions } from './options';

// The fixed catalogues' `GET {resource}/options` only filters (no `Take`, `Skip` or `Ids` in the
// contract): the paged and by-ids options refuse them at compile time instead of sending
// parameters the server does not declare.
describe('paged options resources', () => {
  it('accepts a paged resource and refuses a fixed catalogue', () => {
    expect(optionPagesQueryOptions('/brands', {}).queryKey[0]).toBe('/brands');
    expect(optionsByIdsQueryOptions('/campaigns', [2, 1]).queryKey).toContainEqual({ Ids: [1, 2] });
    // @ts-expect-error -- '/states' answers every state at once: no pages
    optionPagesQueryOptions('/states', {});
    // @ts-expect-error -- '/surveytypes' cannot be asked by Ids
    optionsByIdsQueryOptions('/surveytypes', [1]);
  });
});
