import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../client';
import { TEST_BASE_URL, createMockFetch, ok } from '../test/mock-fetch';
import { checkInPhotoCountQueryOptions, checkInPhotosQueryOptions } from './checkin-photos';

// The gallery's pages and its count (issue #24, docs/gallery.md): two queries, the count keyed
// by the filter alone so that it is asked once per filter, whatever the pages do.

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => queryClient.clear());

const filter = { startDate: '2026-11-20', endDate: '2026-11-22', surveyId: 2 };

describe('the gallery count', () => {
  it('asks GET /checkins/photos/count with the filter and nothing else', async () => {
    const mock = createMockFetch(() => ok({ totalCount: 1000, totalCountIsCapped: true }));
    configureApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch });
    await expect(queryClient.fetchQuery(checkInPhotoCountQueryOptions(filter))).resolves.toEqual({
      totalCount: 1000,
      totalCountIsCapped: true,
    });
    expect(mock.calls).toHaveLength(1);
    expect(mock.calls[0]!.path).toBe('/checkins/photos/count');
    expect(Object.fromEntries(new URLSearchParams(mock.calls[0]!.search))).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-22',
      surveyId: '2',
    });
  });

  it('is its own query: the same key for the same filter, apart from the pages', () => {
    const count = checkInPhotoCountQueryOptions(filter).queryKey;
    expect(checkInPhotoCountQueryOptions({ ...filter }).queryKey).toEqual(count);
    expect(checkInPhotoCountQueryOptions({ ...filter, surveyId: 3 }).queryKey).not.toEqual(count);
    expect(checkInPhotosQueryOptions(filter).queryKey).not.toEqual(count);
    // Under the visits' prefix, so their invalidation refreshes it too.
    expect(count[0]).toBe('/checkins');
  });
});
