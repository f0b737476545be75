// The distance itself is the one the server measures a visit with (issue #24).
export { distanceMeters, type LatLng } from '@anaquel/api/rules';

const kilometres = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });
const metres = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

/** '350 m' under a kilometre (to 10 m), else '1.2 km' / '15 km' (es-MX). */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${metres.format(Math.round(meters / 10) * 10)} m`;
  const km = meters / 1000;
  return `${kilometres.format(km >= 10 ? Math.round(km) : km)} km`;
}
