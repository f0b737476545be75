// The visits map (issue #24, docs/geo.md): the visits of the list's filters in the map's visible
// box (one by one when few, grid clusters beyond), the points of sale of the window of days, and
// the base map's style.
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
/** The points of sale of a window of days, and how many there are. */
export type CheckInMapPointsOfSale = Schemas['CheckInMapPointsOfSale'];
/** Query of `GET /checkins/map`: the list's filters, the box (west, south, east, north), zoom. */
export type CheckInMapParams = NonNullable<OperationQuery<'/checkins/map', 'get'>>;
/** Query of `GET /checkins/map/pointsofsale`: the window of days. */
export type MapPointsOfSaleParams = NonNullable<
  OperationQuery<'/checkins/map/pointsofsale', 'get'>
>;

/** How long a window's points of sale are fresh (the server's Cache-Control says the same). */
const POINTS_OF_SALE_FRESH_MS = 5 * 60_000;

/** Query keys of the map; they start with '/checkins', so the visits' invalidation covers them. */
const checkInMapKeys = {
  map: (params: CheckInMapParams) => ['/checkins', 'map', params] as const,
  pointsOfSale: (params: MapPointsOfSaleParams) =>
    ['/checkins', 'map', 'pointsofsale', params] as const,
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

/** `GET /checkins/map/pointsofsale`: once per window of days, kept while the map pans. */
export function mapPointsOfSaleQueryOptions(params: MapPointsOfSaleParams) {
  return queryOptions({
    queryKey: checkInMapKeys.pointsOfSale(params),
    queryFn: ({ signal }) =>
      unwrap(
        getApiClient().GET('/checkins/map/pointsofsale', { params: { query: params }, signal }),
      ),
    staleTime: POINTS_OF_SALE_FRESH_MS,
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
