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

const kilometres = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });
const metres = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

/** '350 m' under a kilometre (to 10 m), else '1.2 km' / '15 km' (es-MX). */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${metres.format(Math.round(meters / 10) * 10)} m`;
  const km = meters / 1000;
  return `${kilometres.format(km >= 10 ? Math.round(km) : km)} km`;
}
