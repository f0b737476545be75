import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@anaquel/api/schema';
import { distanceMeters } from '@anaquel/api/rules';
import { campaignPointsOfSale, checkIns, pointsOfSale } from '../../src/db/schema/index.ts';
import { ConfigError, loadConfig, serverRoot } from '../../src/env.ts';
import { requirePromoter } from '../../src/visits/promoter.ts';
import { geoStatusOf } from '../../src/visits/geo.ts';
import { syncCheckIns } from '../../src/visits/sync.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { createWorld, type World } from './world.ts';

// Geo-verification (issue #24, docs/geo.md): the distances stored at sync, the state and the
// 'Solo fuera de rango' filter of the visit list, one visit, and the migration's backfill.

type SyncCheckIn = components['schemas']['SyncCheckIn'];
type Position = { latitude: number; longitude: number } | null;

let t: TestApp;
let w: World;
let reviewer: string;
let placeWithoutCoordinates: number;
/** The visits' ids by name. */
const ids: Record<string, number> = {};

// The world's points of sale are at 19.43, -99.13 (Mexico City's centre).
const PLACE = { latitude: 19.43, longitude: -99.13 };
// 0.0018 degrees of latitude is 200.15 m, stored as 200: on the fence, still in range.
const FENCE = { latitude: 19.4318, longitude: -99.13 };
const BEYOND = { latitude: 19.433, longitude: -99.13 };
const ANGEL = { latitude: 19.427025, longitude: -99.167665 };

/** An unavailable visit (no surveys) with its check-in and check-out positions. */
function visit(pointOfSaleId: number, at: Position, out: Position, minutesAgo: number) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  const checkIn: SyncCheckIn = {
    uuid: randomUUID(),
    campaignId: w.campaignId,
    pointOfSaleId,
    unavailable: true,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 10 * 60_000).toISOString(),
    checkInLatitude: at?.latitude ?? null,
    checkInLongitude: at?.longitude ?? null,
    checkOutLatitude: out?.latitude ?? null,
    checkOutLongitude: out?.longitude ?? null,
    photoIds: [],
    surveys: [],
  };
  return checkIn;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
  const [bare] = await t.db
    .insert(pointsOfSale)
    .values({
      code: 'PV-SIN',
      name: 'Tienda sin coordenadas',
      stateId: 9,
      zipCode: '06000',
      municipality: 'Cuauhtémoc',
      settlement: 'Centro',
      street: 'Madero',
      externalNumber: '1',
      latitude: null,
      longitude: null,
    })
    .returning({ id: pointsOfSale.id });
  placeWithoutCoordinates = bare!.id;
  await t.db
    .insert(campaignPointsOfSale)
    .values({ campaignId: w.campaignId, pointOfSaleId: placeWithoutCoordinates });
  const promoter = await requirePromoter(t.db, w.promoter.id);
  const place = w.pointOfSaleId;
  const visits = {
    fence: visit(place, PLACE, FENCE, 50),
    beyondAtCheckOut: visit(place, PLACE, BEYOND, 40),
    noPosition: visit(place, null, null, 30),
    noCoordinates: visit(placeWithoutCoordinates, PLACE, PLACE, 20),
    farAtCheckIn: visit(place, ANGEL, null, 10),
  };
  const results = await syncCheckIns(t.db, promoter, Object.values(visits));
  expect(results.map((r) => r.errorMessage)).toEqual(results.map(() => null));
  Object.keys(visits).forEach((name, i) => (ids[name] = results[i]!.checkInId!));
  reviewer = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const stored = () =>
  t.db
    .select({
      id: checkIns.id,
      checkInDistance: checkIns.checkInDistance,
      checkOutDistance: checkIns.checkOutDistance,
    })
    .from(checkIns)
    .orderBy(asc(checkIns.id));

describe('the distances stored at sync', () => {
  it('are whole metres to the point of sale, null when either side has no coordinates', async () => {
    const rows = new Map((await stored()).map((r) => [r.id, r]));
    expect(rows.get(ids.fence!)).toMatchObject({ checkInDistance: 0, checkOutDistance: 200 });
    expect(rows.get(ids.beyondAtCheckOut!)).toMatchObject({
      checkInDistance: 0,
      checkOutDistance: Math.round(distanceMeters(PLACE, BEYOND)),
    });
    expect(rows.get(ids.beyondAtCheckOut!)!.checkOutDistance).toBe(334);
    expect(rows.get(ids.noPosition!)).toMatchObject({
      checkInDistance: null,
      checkOutDistance: null,
    });
    expect(rows.get(ids.noCoordinates!)).toMatchObject({
      checkInDistance: null,
      checkOutDistance: null,
    });
    expect(rows.get(ids.farAtCheckIn!)).toMatchObject({
      checkInDistance: Math.round(distanceMeters(ANGEL, PLACE)),
      checkOutDistance: null,
    });
  });

  it('the migration fills the same figures for visits stored before it', async () => {
    const before = await stored();
    await t.db.update(checkIns).set({ checkInDistance: null, checkOutDistance: null });
    const migration = readFileSync(`${serverRoot}/drizzle/0014_visit_distances.sql`, 'utf8').split(
      '--> statement-breakpoint',
    );
    await t.db.execute(sql.raw(migration.at(-1)!));
    expect(await stored()).toEqual(before);
  });
});

describe('GET checkins with geo-verification', () => {
  const list = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkins?PageSize=50${query}`,
      headers: bearer(reviewer),
    });
    return expectSuccess(response, 'listCheckIns');
  };

  it('each row carries its distances and its state against GEOFENCE_METERS (200)', async () => {
    expect(t.config.geofenceMeters).toBe(200);
    const page = await list();
    const byId = new Map(page.rows.map((r) => [r.id, r]));
    expect(byId.get(ids.fence!)).toMatchObject({
      checkInDistance: 0,
      checkOutDistance: 200,
      geoStatus: 'inRange',
    });
    expect(byId.get(ids.beyondAtCheckOut!)!.geoStatus).toBe('outOfRange');
    expect(byId.get(ids.noPosition!)!.geoStatus).toBe('noVisitPosition');
    expect(byId.get(ids.noCoordinates!)!.geoStatus).toBe('noPointOfSaleCoordinates');
    expect(byId.get(ids.farAtCheckIn!)).toMatchObject({
      checkOutDistance: null,
      geoStatus: 'outOfRange',
    });
  });

  it("'Solo fuera de rango' lists only the visits beyond the fence, counted as such", async () => {
    const page = await list('&outOfRange=true');
    expect(page.totalCount).toBe(2);
    expect(page.rows.map((r) => r.id)).toEqual([ids.farAtCheckIn, ids.beyondAtCheckOut]);
    expect(page.rows.every((r) => r.geoStatus === 'outOfRange')).toBe(true);
    expect((await list('&outOfRange=false')).totalCount).toBe(5);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins?outOfRange=quizás',
      headers: bearer(reviewer),
    });
    expectFailure(bad, 'listCheckIns', 400);
  });

  it('needs VIEW_CHECKINS', async () => {
    const other = await tokenFor(t.app, t.db, ['VIEW_USERS']);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins?outOfRange=true',
      headers: bearer(other),
    });
    expectFailure(response, 'listCheckIns', 403);
  });
});

describe('GET checkins/{id}', () => {
  it('answers one visit as the list shows it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/checkins/${ids.beyondAtCheckOut}`,
      headers: bearer(reviewer),
    });
    expect(expectSuccess(response, 'getCheckIn')).toMatchObject({
      id: ids.beyondAtCheckOut,
      user: 'Ana Promotora',
      pointOfSale: 'Abarrotes Centro',
      checkInDistance: 0,
      checkOutDistance: 334,
      geoStatus: 'outOfRange',
    });
  });

  it('404 for an unknown visit, 403 without VIEW_CHECKINS, 401 without a session', async () => {
    const url = '/api/v1/checkins/999999';
    const missing = await t.app.inject({ method: 'GET', url, headers: bearer(reviewer) });
    expect(expectFailure(missing, 'getCheckIn', 404).errorMessage).toBe('La visita no existe.');
    const other = await tokenFor(t.app, t.db, ['VIEW_USERS']);
    const refused = await t.app.inject({ method: 'GET', url, headers: bearer(other) });
    expectFailure(refused, 'getCheckIn', 403);
    expectFailure(await t.app.inject({ method: 'GET', url }), 'getCheckIn', 401);
  });
});

describe('GEOFENCE_METERS', () => {
  it('defaults to 200 and is read as whole metres', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).geofenceMeters).toBe(200);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), GEOFENCE_METERS: '75' }).geofenceMeters).toBe(
      75,
    );
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), GEOFENCE_METERS: 'lejos' })).toThrow(
      ConfigError,
    );
  });

  it('a smaller fence takes the visits on its edge out of range, read from the stored figures', async () => {
    const rows = await t.db
      .select({ id: checkIns.id, status: geoStatusOf(100) })
      .from(checkIns)
      .innerJoin(pointsOfSale, eq(pointsOfSale.id, checkIns.pointOfSaleId))
      .orderBy(asc(checkIns.id));
    expect(rows.find((r) => r.id === ids.fence)!.status).toBe('outOfRange');
  });
});
