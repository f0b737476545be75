// The promoters' sync API (docs/sync.md), as the field app at /campo calls it. The field app keeps
// the download in IndexedDB itself (its data must outlive the page), so these are plain calls
// rather than query options: TanStack Query's cache would be a second copy of it.
import { callApi } from '../call';
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

/** One visit as `POST /sync/checkins` takes it (docs/sync.md §3). */
export type SyncCheckIn = Schemas['SyncCheckIn'];
/** What happened to one visit of a batch: `created` (stored, now or before) or `rejected`. */
export type SyncCheckInResult = Schemas['SyncCheckInResult'];

/** `POST /sync/photos`: uploads one photo of a visit; resolves to the id to send in `photoIds`. */
export async function uploadSyncPhoto(photo: Blob, signal?: AbortSignal): Promise<string> {
  const uploaded = await callApi('post', '/sync/photos', { body: { photo }, signal });
  return uploaded.id;
}

/** `POST /sync/checkins`: sends 1 to 50 visits; one result per visit, in the order sent. */
export async function sendSyncCheckIns(
  checkIns: SyncCheckIn[],
  signal?: AbortSignal,
): Promise<SyncCheckInResult[]> {
  const batch = await unwrap(getApiClient().POST('/sync/checkins', { body: { checkIns }, signal }));
  return batch.results;
}
