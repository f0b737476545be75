// The one distance between two positions, shared by the field app (the nearest points of sale,
// the check-in's warning) and the server (a visit's distances to its point of sale, issue #24),
// so the phone and the review screens never disagree on a figure. Dependency-free: the server
// runs it through `@anaquel/api/rules`.

/** A position in degrees (WGS 84), as the Geolocation API and the points of sale give it. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** The Earth's mean radius in metres (IUGG), the usual one for the haversine formula. */
const EARTH_RADIUS_M = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two positions (haversine). */
export function distanceMeters(from: LatLng, to: LatLng): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}
