import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_LIMITS } from '../../src/auth/limits.ts';
import { checkIns } from '../../src/db/schema/index.ts';
import { QueueFull, Semaphore } from '../../src/http/semaphore.ts';
import { createSyncGate } from '../../src/visits/sync-gate.ts';
import {
  accessTokenFor,
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { createWorld, type World } from './world.ts';

// Issue #20 (4): one promoter flooding the sync must not slow anybody else down. The sync calls
// are limited per signed-in promoter (not per address: a whole team may share a shop's Wi-Fi),
// with the real numbers, and answer like the sign-in limits; another promoter and the staff
// carry on as if nothing happened.

const ONE_MINUTE = 'Demasiados intentos. Intenta de nuevo en 1 minuto(s).';

let t: TestApp;
let w: World;
/** A route behind the sync's gate whose work ends when the test says so. */
let held: { release: () => void; started: number } = { release: () => {}, started: 0 };
let gateOpen = Promise.resolve();

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.config);
  const gate = createSyncGate(t.app);
  t.app.post(
    '/test/held-sync',
    { onRequest: (request) => t.app.authorize(request, 'authenticated') },
    gate.limit(async (request) => {
      // Stands for a sync call: signed in, held until the test opens the gate.
      held.started += 1;
      await gateOpen;
      return { userId: request.principal!.userId };
    }),
  );
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A visit already answered `rejected` without writing: the cheapest real sync call. */
function unknownCampaignVisit() {
  const start = new Date(Date.now() - 3600_000).toISOString();
  return {
    uuid: randomUUID(),
    campaignId: 999_999,
    pointOfSaleId: w.pointOfSaleId,
    unavailable: true,
    startDate: start,
    endDate: null,
    surveys: [],
  };
}

const syncAs = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sync/checkins',
    headers: bearer(token),
    payload: { checkIns: [unknownCampaignVisit()] },
  });

describe('the per-promoter limit of the sync', () => {
  it('answers 429 with the minutes to wait past 120 calls a minute, for that promoter only', async () => {
    expect(DEFAULT_SYNC_LIMITS.perPromoter).toEqual({ max: 120, windowMs: 60_000 });
    const flooder = await accessTokenFor(t.app, t.db, w.promoter.id);
    for (let i = 0; i < DEFAULT_SYNC_LIMITS.perPromoter.max; i++) {
      const response = await syncAs(flooder);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = expectFailure(await syncAs(flooder), 'syncCheckIns', 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.errorMessage).toBe(ONE_MINUTE);
    // The download and the photos count in the same window.
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sync/data',
      headers: bearer(flooder),
    });
    expect(expectFailure(download, 'getSyncData', 429).errorMessage).toBe(ONE_MINUTE);

    // Another promoter, from the same address, syncs as usual.
    const other = await accessTokenFor(t.app, t.db, w.otherPromoter.id);
    const [result] = expectSuccess(await syncAs(other), 'syncCheckIns').results;
    expect(result!.status).toBe('rejected');
    expect(result!.validationErrors).toContainEqual({
      field: 'campaignId',
      message: 'La campaña no existe.',
    });
    // The staff's lists answer.
    const staff = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/checkins?Page=1&PageSize=10',
      headers: bearer(staff),
    });
    expectSuccess(list, 'listCheckIns');
  });

  it('handles 2 calls of one promoter at once, queues 4, refuses the next; others are not held', async () => {
    let open!: () => void;
    gateOpen = new Promise<void>((resolve) => (open = resolve));
    held = { release: open, started: 0 };
    const promoter = await tokenFor(t.app, t.db, []);
    const call = (token: string) =>
      t.app.inject({ method: 'POST', url: '/test/held-sync', headers: bearer(token) });
    const six = Array.from({ length: 6 }, () => call(promoter));
    await expect.poll(() => held.started).toBe(2);
    const seventh = await call(promoter);
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json().errorMessage).toBe(ONE_MINUTE);
    // Another promoter's call starts at once: the first one holds 2 of the 4 database places.
    const another = call(await tokenFor(t.app, t.db, []));
    await expect.poll(() => held.started).toBe(3);
    held.release();
    const answers = await Promise.all([...six, another]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(held.started).toBe(7);
  });
});

describe('a large batch and the other requests', () => {
  it('answers the health check while a batch of 30 visits is being stored, not after it', async () => {
    const token = await accessTokenFor(t.app, t.db, w.otherPromoter.id);
    const visits = Array.from({ length: 30 }, () => ({
      ...unknownCampaignVisit(),
      campaignId: w.campaignId,
    }));
    const done: string[] = [];
    const batch = t.app
      .inject({
        method: 'POST',
        url: '/api/v1/sync/checkins',
        headers: bearer(token),
        payload: { checkIns: visits },
      })
      .then((response) => {
        done.push('batch');
        return response;
      });
    // The batch is under way (its first visit stored) when the health check comes in.
    await expect
      .poll(async () => (await t.db.select({ id: checkIns.id }).from(checkIns)).length, {
        interval: 1,
      })
      .toBeGreaterThan(0);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    done.push('health');
    expect(health.statusCode).toBe(200);
    const results = expectSuccess(await batch, 'syncCheckIns').results;
    expect(results.map((r) => r.status)).toEqual(visits.map(() => 'created'));
    expect(done).toEqual(['health', 'batch']);
  });
});

describe('Semaphore', () => {
  it('runs at most `limit` tasks, the others in the order they came, and refuses past the queue', async () => {
    const semaphore = new Semaphore(1, 2);
    const order: number[] = [];
    let finish!: () => void;
    const first = semaphore.run(
      () => new Promise<void>((resolve) => (finish = () => (order.push(1), resolve()))),
    );
    const second = semaphore.run(async () => void order.push(2));
    const third = semaphore.run(async () => void order.push(3));
    expect(semaphore.load).toBe(3);
    await expect(semaphore.run(async () => 4)).rejects.toBeInstanceOf(QueueFull);
    finish();
    await Promise.all([first, second, third]);
    expect(order).toEqual([1, 2, 3]);
    expect(semaphore.load).toBe(0);
    // A failing task gives its place back.
    await expect(semaphore.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(semaphore.run(async () => 5)).resolves.toBe(5);
  });
});
