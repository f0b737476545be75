// The visits map's data (issue #24, docs/geo.md, "Map"): the server's answer as the GeoJSON the
// map's layers draw, asked with the list's filters from the URL (visit-queries.ts: the same
// parameters as /checkins, so switching between the list and the map keeps them).
import type {
  CheckInMap,
  CheckInMapCluster,
  CheckInMapParams,
  CheckInMapPointOfSale,
  CheckInMapVisit,
  GeoStatus,
} from '@anaquel/api';
import type { visitFilters } from '../visit-queries';

// The few GeoJSON shapes the layers draw (structurally GeoJSON's own, which MapLibre takes).
interface Point {
  type: 'Point';
  coordinates: number[];
}
interface LineString {
  type: 'LineString';
  coordinates: number[][];
}
interface FeatureCollection<G, P = Record<string, unknown>> {
  type: 'FeatureCollection';
  features: { type: 'Feature'; geometry: G; properties: P }[];
}

/** The map's three states: a visit in range, out of range, or whose distance is not known. */
export type MapState = 'inRange' | 'outOfRange' | 'unknown';

/** The legend's words and colours (the visit list's badges: success, danger, neutral). */
export const MAP_STATES: readonly { state: MapState; label: string; color: string }[] = [
  { state: 'inRange', label: 'En rango', color: '#15803d' },
  { state: 'outOfRange', label: 'Fuera de rango', color: '#dc2626' },
  { state: 'unknown', label: 'Distancia no disponible', color: '#6b7280' },
];

/** A point of sale's dot: white with a dark blue ring. */
export const POINT_OF_SALE_COLOR = '#1e3a8a';

const mapStateOf = (status: GeoStatus): MapState =>
  status === 'inRange' || status === 'outOfRange' ? status : 'unknown';

/** The visible box, as the map reports it once it stops moving. */
export interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/** Mexico, as the map opens. */
export const MEXICO_BOUNDS: [[number, number], [number, number]] = [
  [-118.5, 14.3],
  [-86.5, 32.8],
];

/** Five decimals (about a metre): the same box twice is the same query. */
const round = (value: number, places = 5) => Math.round(value * 10 ** places) / 10 ** places;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The box as the server accepts it: inside the world's edges, rounded. */
function boxParams(box: MapBox) {
  return {
    west: round(clamp(box.west, -180, 180)),
    south: round(clamp(box.south, -90, 90)),
    east: round(clamp(box.east, -180, 180)),
    north: round(clamp(box.north, -90, 90)),
    zoom: round(clamp(box.zoom, 0, 24), 2),
  };
}

/** `GET checkins/map`'s query: the filters and the box. */
export function mapQuery(filters: ReturnType<typeof visitFilters>, box: MapBox): CheckInMapParams {
  return {
    startDate: filters.range.start,
    endDate: filters.range.end,
    ...(filters.promoterId ? { promoterId: filters.promoterId } : {}),
    ...(filters.outOfRange ? { outOfRange: true } : {}),
    ...boxParams(box),
  };
}

/** The state most of a cluster's visits are in (out of range first on a tie). */
export function clusterState(cluster: CheckInMapCluster): MapState {
  const { inRange, outOfRange, unknown } = cluster;
  if (outOfRange >= inRange && outOfRange >= unknown) return 'outOfRange';
  return inRange >= unknown ? 'inRange' : 'unknown';
}

interface VisitProps {
  kind: 'visit';
  index: number;
  state: MapState;
}
interface ClusterProps {
  kind: 'cluster';
  index: number;
  state: MapState;
  count: number;
}

/** The visits and clusters as points, each with its state and its index in the answer. */
export function visitFeatures(
  data: CheckInMap | undefined,
): FeatureCollection<Point, VisitProps | ClusterProps> {
  const visits = (data?.visits ?? []).map((visit, index) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [visit.longitude, visit.latitude] },
    properties: { kind: 'visit' as const, index, state: mapStateOf(visit.geoStatus) },
  }));
  const clusters = (data?.clusters ?? []).map((cluster, index) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [cluster.longitude, cluster.latitude] },
    properties: {
      kind: 'cluster' as const,
      index,
      state: clusterState(cluster),
      count: cluster.count,
    },
  }));
  return { type: 'FeatureCollection', features: [...visits, ...clusters] };
}

const hasPlace = (
  visit: CheckInMapVisit,
): visit is CheckInMapVisit & { pointOfSaleLatitude: number; pointOfSaleLongitude: number } =>
  visit.pointOfSaleLatitude !== null && visit.pointOfSaleLongitude !== null;

/** A line from each out-of-range visit to its point of sale. */
export function outOfRangeLines(data: CheckInMap | undefined): FeatureCollection<LineString> {
  const features = (data?.visits ?? [])
    .filter((visit) => visit.geoStatus === 'outOfRange')
    .filter(hasPlace)
    .map((visit) => ({
      type: 'Feature' as const,
      geometry: {
        type: 'LineString' as const,
        coordinates: [
          [visit.longitude, visit.latitude],
          [visit.pointOfSaleLongitude, visit.pointOfSaleLatitude],
        ],
      },
      properties: { id: visit.id },
    }));
  return { type: 'FeatureCollection', features };
}

/** The campaigns' points of sale of the window (one answer for every box). */
export function pointOfSaleFeatures(
  places: readonly CheckInMapPointOfSale[] | undefined,
): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: (places ?? []).map((place) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [place.longitude, place.latitude] },
      properties: { id: place.id, name: place.name },
    })),
  };
}
