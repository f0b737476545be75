// The visits map (issue #24, docs/geo.md): the visits of the list's filters in the map's visible
// box (one by one when few, grid clusters beyond) and the base map's style.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import type { OperationQuery, Schemas } from '../types';
import '../meta';

/** The visits in a box: `mode` says whether `visits` or `clusters` lists them. */
export type CheckInMap = Schemas['CheckInMap'];
/** One visit on the map. */
export type CheckInMapVisit = Schemas['CheckInMapVisit'];
/** The visits of one grid cell, at their centroid, counted per state. */
export type CheckInMapCluster = Schemas['CheckInMapCluster'];
/** A campaign's point of sale on the map. */
export type CheckInMapPointOfSale = Schemas['CheckInMapPointOfSale'];
/** Query of `GET /checkins/map`: the list's filters, the box (west, south, east, north), zoom. */
export type CheckInMapParams = NonNullable<OperationQuery<'/checkins/map', 'get'>>;

/** Query keys of the map; they start with '/checkins', so the visits' invalidation covers them. */
const checkInMapKeys = {
  map: (params: CheckInMapParams) => ['/checkins', 'map', params] as const,
  settings: ['/checkins', 'map', 'settings'] as const,
};

/** `GET /checkins/map`: the previous answer stays on the map while the next box loads. */
export function checkInMapQueryOptions(params: CheckInMapParams) {
  return queryOptions({
    queryKey: checkInMapKeys.map(params),
    queryFn: ({ signal }) =>
      unwrap(getApiClient().GET('/checkins/map', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** `GET /checkins/map/settings`: MAP_STYLE_URL, or null for the built-in base. */
export function mapSettingsQueryOptions() {
  return queryOptions({
    queryKey: checkInMapKeys.settings,
    queryFn: ({ signal }) => unwrap(getApiClient().GET('/checkins/map/settings', { signal })),
    staleTime: Infinity,
    retry: false,
  });
}
