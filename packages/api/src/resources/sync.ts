// The promoters' sync API (docs/sync.md), as the field app at /campo calls it. The field app keeps
// the download in IndexedDB itself (its data must outlive the page), so these are plain calls
// rather than query options: TanStack Query's cache would be a second copy of it.
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import type { Schemas } from '../types';

/** What `GET /sync/data` answers: the promoter's campaigns of today and all they need offline. */
export type SyncData = Schemas['SyncData'];
/** A campaign of the download, with the ids of its points of sale, products and surveys. */
export type SyncCampaign = Schemas['SyncCampaign'];
/** A point of sale of the download (address, coordinates, products carried). */
export type SyncPointOfSale = Schemas['SyncPointOfSale'];

/** `GET /sync/data`: the signed-in promoter's day of work (403 for anybody else). */
export function downloadSyncData(signal?: AbortSignal): Promise<SyncData> {
  return unwrap(getApiClient().GET('/sync/data', { signal }));
}
