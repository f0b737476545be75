import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, checkInSurveys } from '../../src/db/schema/index.ts';
import { checkInSummary } from '../../src/visits/summary.ts';
import { startOfMexicoCityDay } from '../../src/visits/dates.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { createWorld, type World } from './world.ts';

let t: TestApp;
let w: World;

const HOUR = 3_600_000;
/** Noon of 2026-11-23 in Mexico City (UTC-6). */
const NOW = new Date('2026-11-23T18:00:00Z');

/** Stores a visit as the sync would, with optional stored points of one survey. */
async function visit(
  start: Date,
  options: {
    unavailable?: boolean;
    promoterId?: number;
    points?: [number, number];
    distances?: [number | null, number | null];
  } = {},
) {
  const [row] = await t.db
    .insert(checkIns)
    .values({
      uuid: randomUUID(),
      payloadHash: '0'.repeat(64),
      userId: options.promoterId ?? w.promoter.id,
      pointOfSaleId: w.pointOfSaleId,
      campaignId: w.campaignId,
      unavailable: options.unavailable ?? false,
      startDate: start,
      checkInDistance: options.distances?.[0] ?? null,
      checkOutDistance: options.distances?.[1] ?? null,
    })
    .returning({ id: checkIns.id });
  if (options.points) {
    await t.db.insert(checkInSurveys).values({
      checkInId: row!.id,
      surveyId: w.storeSurvey.id,
      startDate: start,
      answerPoints: options.points[0],
      surveyPoints: options.points[1],
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
});
afterAll(async () => {
  await t?.close();
});

describe('GET checkins/summary', () => {
  it('answers zeros and no average score without visits', async () => {
    expect(await checkInSummary(t.db, NOW)).toEqual({
      today: '2026-11-23',
      weekStart: '2026-11-17',
      visitsToday: 0,
      unavailableToday: 0,
      visitsLast7Days: 0,
      unavailableLast7Days: 0,
      averageScoreLast7Days: null,
      activePromotersLast7Days: 0,
      outOfRangeLast7Days: 0,
    });
  });

  it('counts today and the 7 Mexico City days, with the stored points', async () => {
    const todayStart = startOfMexicoCityDay('2026-11-23');
    const weekStart = startOfMexicoCityDay('2026-11-17');
    await visit(new Date(todayStart.getTime() + HOUR), { points: [30, 40], distances: [20, 201] });
    await visit(new Date(todayStart.getTime() + 2 * HOUR), {
      unavailable: true,
      distances: [200, 200],
    });
    // Late yesterday in Mexico City is already 'today' in UTC: it counts for yesterday.
    await visit(new Date(todayStart.getTime() - 60_000), {
      promoterId: w.otherPromoter.id,
      points: [10, 40],
    });
    await visit(weekStart, { unavailable: true });
    // One minute before the window, and tomorrow: outside.
    await visit(new Date(weekStart.getTime() - 60_000), { points: [0, 40], distances: [900, 0] });
    await visit(startOfMexicoCityDay('2026-11-24'), { points: [0, 40] });

    expect(await checkInSummary(t.db, NOW)).toEqual({
      today: '2026-11-23',
      weekStart: '2026-11-17',
      visitsToday: 2,
      unavailableToday: 1,
      visitsLast7Days: 4,
      unavailableLast7Days: 2,
      // (30 + 10) / (40 + 40)
      averageScoreLast7Days: 50,
      activePromotersLast7Days: 2,
      // 201 m at check-out is beyond the 200 m fence; exactly 200 m and the visit before the
      // window are not counted.
      outOfRangeLast7Days: 1,
    });
  });

  it('needs VIEW_CHECKINS and answers the contract', async () => {
    const url = '/api/v1/checkins/summary';
    const viewer = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
    const ok = await t.app.inject({ method: 'GET', url, headers: bearer(viewer) });
    const summary = expectSuccess(ok, 'getCheckInSummary');
    expect(summary.visitsLast7Days).toBeGreaterThanOrEqual(0);
    const other = await tokenFor(t.app, t.db, ['VIEW_USERS']);
    const refused = await t.app.inject({ method: 'GET', url, headers: bearer(other) });
    expectFailure(refused, 'getCheckInSummary', 403);
  });
});
