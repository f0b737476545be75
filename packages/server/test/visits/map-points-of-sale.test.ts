import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignPointsOfSale, campaigns, pointsOfSale } from '../../src/db/schema/index.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { createWorld, type World } from './world.ts';

// The map's points of sale (issue #24, docs/geo.md, "Map"): GET checkins/map/pointsofsale answers
// the active points of sale with coordinates of the campaigns running in a window of days, apart
// from the visits' box, so the app asks them once per window. Also run on PostgreSQL with
// TEST_DATABASE_URL.

let t: TestApp;
let w: World;
let reviewer: string;
/** Points of sale added here: of a campaign of 2021 only, without coordinates, inactive. */
let pastId: number;
let unplacedId: number;
let closedId: number;

const place = (code: string, name: string, position: { latitude: number | null }) =>
  t.db
    .insert(pointsOfSale)
    .values({
      code,
      name,
      stateId: 9,
      zipCode: '06000',
      municipality: 'Cuauhtémoc',
      settlement: 'Centro',
      street: 'Av. Juárez',
      externalNumber: '12',
      latitude: position.latitude,
      longitude: position.latitude === null ? null : -99.2,
    })
    .returning({ id: pointsOfSale.id })
    .then(([row]) => row!.id);

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
  pastId = await place('PV-2021', 'Tienda de 2021', { latitude: 20.5 });
  unplacedId = await place('PV-SIN', 'Tienda sin coordenadas', { latitude: null });
  closedId = await place('PV-CERRADA', 'Tienda cerrada', { latitude: 21.5 });
  await t.db.update(pointsOfSale).set({ isActive: false }).where(eq(pointsOfSale.id, closedId));
  const [past] = await t.db
    .insert(campaigns)
    .values({ name: 'Campaña 2021', startDate: '2021-01-01', endDate: '2021-12-31' })
    .returning({ id: campaigns.id });
  await t.db.insert(campaignPointsOfSale).values([
    { campaignId: past!.id, pointOfSaleId: pastId },
    { campaignId: w.campaignId, pointOfSaleId: unplacedId },
    { campaignId: w.campaignId, pointOfSaleId: closedId },
  ]);
  reviewer = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const ask = (params: string, token: string | null = reviewer) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/checkins/map/pointsofsale${params ? `?${params}` : ''}`,
    headers: token ? bearer(token) : {},
  });

async function idsOf(params: string) {
  const answer = expectSuccess(await ask(params), 'getCheckInMapPointsOfSale');
  expect(answer.total).toBe(answer.pointsOfSale.length);
  return answer.pointsOfSale.map((p) => p.id);
}

describe('GET checkins/map/pointsofsale', () => {
  it("answers the running campaigns' placed, active points of sale, by id", async () => {
    const answer = expectSuccess(
      await ask('startDate=2026-11-20&endDate=2026-11-26'),
      'getCheckInMapPointsOfSale',
    );
    expect(answer).toEqual({
      pointsOfSale: [
        { id: w.pointOfSaleId, name: 'Abarrotes Centro', latitude: 19.43, longitude: -99.13 },
        { id: w.outsidePointOfSaleId, name: 'Súper Monterrey', latitude: 19.43, longitude: -99.13 },
      ].sort((a, b) => a.id - b.id),
      total: 2,
    });
  });

  it("a window of 2021 has the 2021 campaign's point of sale too; none before 2020", async () => {
    expect(await idsOf('startDate=2021-06-01&endDate=2021-06-07')).toEqual(
      [w.pointOfSaleId, w.outsidePointOfSaleId, pastId].sort((a, b) => a - b),
    );
    expect(await idsOf('startDate=2019-06-01&endDate=2019-06-07')).toEqual([]);
    expect(await idsOf('')).toContain(pastId);
  });

  it('never lists a point of sale without coordinates or inactive', async () => {
    const ids = await idsOf('');
    expect(ids).not.toContain(unplacedId);
    expect(ids).not.toContain(closedId);
  });

  it('lets the browser keep the answer while the map pans', async () => {
    const response = await ask('startDate=2026-11-20&endDate=2026-11-26');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
  });

  it('needs VIEW_CHECKINS', async () => {
    expectFailure(await ask('', null), 'getCheckInMapPointsOfSale', 401);
    const stranger = await tokenFor(t.app, t.db, ['VIEW_USERS']);
    expectFailure(await ask('', stranger), 'getCheckInMapPointsOfSale', 403);
  });

  it.each([
    ['an end before the start', 'startDate=2026-11-20&endDate=2026-11-19'],
    ['a day that does not exist', 'startDate=2026-02-30'],
    ['words', 'endDate=ayer'],
  ])('%s is a 400, never a 5xx', async (_name, params) => {
    expectFailure(await ask(params), 'getCheckInMapPointsOfSale', 400);
  });
});
