// Geo-verification of the visits (issue #24, docs/geo.md): the distances are stored at sync
// (store-visit.ts) and by the migration for older visits; the state and the 'Solo fuera de rango'
// filter compare them with GEOFENCE_METERS here, when read, so changing the threshold needs no
// rewrite of the stored visits.
import { or, sql, type SQL } from 'drizzle-orm';
import type { components } from '@anaquel/api/schema';
import { checkIns, pointsOfSale } from '../db/schema/index.ts';

type GeoStatus = components['schemas']['GeoStatus'];

/** The threshold as SQL text: an integer from the configuration (env.ts), never user input. */
const metres = (geofenceMeters: number) => sql.raw(String(Math.trunc(geofenceMeters)));

/** The visits farther than `geofenceMeters` from their point of sale, at check-in or check-out. */
export function outOfRange(geofenceMeters: number): SQL {
  const limit = metres(geofenceMeters);
  return or(
    sql`${checkIns.checkInDistance} > ${limit}`,
    sql`${checkIns.checkOutDistance} > ${limit}`,
  )!;
}

const geoStatuses = new Map<number, SQL<GeoStatus>>();

/**
 * A visit's GeoStatus in SQL (the list's rows join the point of sale): one object per threshold,
 * so the paged-list reader keeps reusing the queries it built with it.
 */
export function geoStatusOf(geofenceMeters: number): SQL<GeoStatus> {
  let status = geoStatuses.get(geofenceMeters);
  if (!status) {
    status = sql<GeoStatus>`case
      when ${pointsOfSale.latitude} is null or ${pointsOfSale.longitude} is null
        then 'noPointOfSaleCoordinates'
      when ${outOfRange(geofenceMeters)} then 'outOfRange'
      when ${checkIns.checkInDistance} is null and ${checkIns.checkOutDistance} is null
        then 'noVisitPosition'
      else 'inRange' end`;
    geoStatuses.set(geofenceMeters, status);
  }
  return status;
}
