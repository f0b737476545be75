// The dashboard's visit figures (issue 11): today and the last 7 days, in Mexico City calendar
// days like the review list, from the points stored at sync time (the same figures as the
// result screens and the export).
import type { components } from '@anaquel/api/schema';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { checkIns, checkInSurveys } from '../db/schema/index.ts';
import { DEFAULT_GEOFENCE_METERS } from '../env.ts';
import { addDays, mexicoCityDay, startOfMexicoCityDay } from './dates.ts';
import { outOfRange } from './geo.ts';

type CheckInSummary = components['schemas']['CheckInSummary'];

/** Days in the window, today included (spec 1 §4's 7-day range). */
const WINDOW_DAYS = 7;

export async function checkInSummary(
  db: Db,
  now: Date = new Date(),
  geofenceMeters = DEFAULT_GEOFENCE_METERS,
): Promise<CheckInSummary> {
  const today = mexicoCityDay(now);
  const weekStart = addDays(today, 1 - WINDOW_DAYS);
  const from = startOfMexicoCityDay(weekStart);
  const todayFrom = startOfMexicoCityDay(today);
  const until = startOfMexicoCityDay(addDays(today, 1));

  // Both reads walk the visits' (start_date, id) index over the window only.
  const [visits, scores] = await Promise.all([
    db
      .select({
        visits: sql<number>`count(*)::int`,
        unavailable: sql<number>`count(*) filter (where ${checkIns.unavailable})::int`,
        visitsToday: sql<number>`count(*) filter (where ${checkIns.startDate} >= ${todayFrom})::int`,
        unavailableToday: sql<number>`count(*) filter (where ${checkIns.unavailable} and ${checkIns.startDate} >= ${todayFrom})::int`,
        promoters: sql<number>`count(distinct ${checkIns.userId})::int`,
        outOfRange: sql<number>`count(*) filter (where ${outOfRange(geofenceMeters)})::int`,
      })
      .from(checkIns)
      .where(and(gte(checkIns.startDate, from), lt(checkIns.startDate, until))),
    db
      .select({
        answered: sql<string | null>`sum(${checkInSurveys.answerPoints})`,
        possible: sql<string | null>`sum(${checkInSurveys.surveyPoints})`,
      })
      .from(checkInSurveys)
      .innerJoin(checkIns, eq(checkIns.id, checkInSurveys.checkInId))
      .where(and(gte(checkIns.startDate, from), lt(checkIns.startDate, until))),
  ]);
  const row = visits[0];
  const answered = Number(scores[0]?.answered ?? 0);
  const possible = Number(scores[0]?.possible ?? 0);
  return {
    today,
    weekStart,
    visitsToday: Number(row?.visitsToday ?? 0),
    unavailableToday: Number(row?.unavailableToday ?? 0),
    visitsLast7Days: Number(row?.visits ?? 0),
    unavailableLast7Days: Number(row?.unavailable ?? 0),
    averageScoreLast7Days: possible > 0 ? Math.round((answered / possible) * 10_000) / 100 : null,
    activePromotersLast7Days: Number(row?.promoters ?? 0),
    outOfRangeLast7Days: Number(row?.outOfRange ?? 0),
  };
}
