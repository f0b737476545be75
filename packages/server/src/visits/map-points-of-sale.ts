// The points of sale the visits map draws (issue #24, docs/geo.md, "Map"): their own request,
// apart from the visits' `GET checkins/map`. They depend on the window of days alone, never on
// the visible box, so the app asks them once per window and keeps them while the map pans; sent
// with every box they were most of each answer's bytes and time.
import type { components } from '@anaquel/api/schema';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { campaignPointsOfSale, campaigns, pointsOfSale } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

type CheckInMapPointsOfSale = components['schemas']['CheckInMapPointsOfSale'];

/** The most points of sale one answer lists (`total` counts them all). */
const MAP_POINTS_OF_SALE_LIMIT = 10_000;

interface DayWindow {
  startDate?: string;
  endDate?: string;
}

/**
 * `GET checkins/map/pointsofsale`: the active points of sale with coordinates of the active
 * campaigns running in the window's days (every active campaign without days), by id.
 */
export async function mapPointsOfSale(
  db: Db,
  { startDate, endDate }: DayWindow,
): Promise<CheckInMapPointsOfSale> {
  if (startDate && endDate && endDate < startDate) {
    const message = 'La fecha de fin no puede ser anterior a la fecha de inicio';
    throw badRequest(message, [{ field: 'endDate', message }]);
  }
  const running = and(
    eq(campaignPointsOfSale.pointOfSaleId, pointsOfSale.id),
    eq(campaigns.isActive, true),
    endDate ? sql`${campaigns.startDate} <= ${endDate}::date` : undefined,
    startDate
      ? sql`(${campaigns.endDate} is null or ${campaigns.endDate} >= ${startDate}::date)`
      : undefined,
  );
  const campaignOf = db
    .select({ one: sql`1` })
    .from(campaignPointsOfSale)
    .innerJoin(campaigns, eq(campaigns.id, campaignPointsOfSale.campaignId))
    .where(running);
  const rows = await db
    .select({
      id: pointsOfSale.id,
      name: pointsOfSale.name,
      latitude: sql<number>`${pointsOfSale.latitude}::float8`,
      longitude: sql<number>`${pointsOfSale.longitude}::float8`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(pointsOfSale)
    .where(
      and(
        eq(pointsOfSale.isActive, true),
        isNotNull(pointsOfSale.latitude),
        isNotNull(pointsOfSale.longitude),
        sql`exists (${campaignOf})`,
      ),
    )
    .orderBy(asc(pointsOfSale.id))
    .limit(MAP_POINTS_OF_SALE_LIMIT);
  return {
    pointsOfSale: rows.map(({ total: _total, ...row }) => ({
      ...row,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    })),
    total: rows[0]?.total ?? 0,
  };
}
