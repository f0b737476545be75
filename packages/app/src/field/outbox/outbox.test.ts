import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitFixture } from '../testing';
import { openFieldDb, type FieldDb } from '../store/db';
import { saveVisit } from '../store/visits';
import { FIRST_RETRY_MS, LAST_RETRY_MS, retryDelay, tooManyAttemptsWait } from './backoff';
import { FakeSync, httpError, networkError } from './fake-sync';
import { toSyncCheckIn } from '../visit/to-sync';
import { createOutbox, type Outbox } from './outbox';

let db: FieldDb;
let outbox: Outbox | undefined;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openFieldDb(7);
  // Only the outbox's own clock is faked: fake-indexeddb runs on setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  outbox?.stop();
  vi.useRealTimers();
  db.close();
});

/** Lets the store's work run without moving the faked clock (fake-indexeddb uses setImmediate). */
async function settle() {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
}

const state = async () => (await db.get('visits', visitFixture().uuid))?.state;

/** An outbox whose jitter is none (`random` 1: the whole wait). */
function start(server: FakeSync) {
  outbox = createOutbox({ db, api: server, toRequest: toSyncCheckIn, random: () => 1 });
  return outbox;
}

describe('the back-off', () => {
  it('waits 5 s, 10 s, 20 s ... up to 5 minutes, each between half and the whole', () => {
    const waits = [1, 2, 3, 4, 7, 20].map((failures) => retryDelay(failures, () => 1));
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, LAST_RETRY_MS, LAST_RETRY_MS]);
    expect(retryDelay(1, () => 0)).toBe(FIRST_RETRY_MS / 2);
  });

  it("waits the minutes a 429's message names", () => {
    const error = httpError(429, 'Demasiados intentos. Intenta de nuevo en 3 minuto(s).');
    expect(tooManyAttemptsWait(error)).toBe(3 * 60_000);
    expect(tooManyAttemptsWait(httpError(429, 'Too Many Requests'))).toBe(60_000);
    expect(tooManyAttemptsWait(networkError())).toBeNull();
  });
});

describe('the outbox', () => {
  it('retries after 5 s, then 10 s, and sends once the network is back', async () => {
    const server = new FakeSync();
    server.failures.push(networkError(), networkError());
    await saveVisit(db, visitFixture());
    const outbox = start(server);
    await outbox.start();
    expect(await state()).toBe('pending');
    expect(outbox.status()).toMatchObject({
      problem: 'Sin conexión: las visitas se enviarán cuando vuelva la señal.',
      retryAt: Date.now() + 5_000,
    });

    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.failures).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.failures).toHaveLength(0);
    expect(outbox.status().retryAt).toBe(Date.now() + 10_000);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(server.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(await state()).toBe('sent');
    expect(outbox.status()).toMatchObject({ problem: null, retryAt: null, isSending: false });
    expect(server.batches).toHaveLength(1);
  });

  it('waits the minutes of a 429 and says so', async () => {
    const server = new FakeSync();
    const message = 'Demasiados intentos. Intenta de nuevo en 2 minuto(s).';
    server.failures.push(httpError(429, message));
    await saveVisit(db, visitFixture());
    const outbox = start(server);
    await outbox.start();
    expect(outbox.status()).toMatchObject({ problem: message, retryAt: Date.now() + 120_000 });
    await vi.advanceTimersByTimeAsync(119_000);
    expect(await state()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(async () => expect(await state()).toBe('sent'));
  });

  it("keeps the visits of a promoter the server no longer lets sync, with the server's words", async () => {
    const server = new FakeSync();
    const message = 'Solo los promotores pueden sincronizar visitas.';
    server.failures.push(httpError(403, message));
    await saveVisit(db, visitFixture());
    const outbox = start(server);
    await outbox.start();
    expect(await state()).toBe('pending');
    expect(outbox.status()).toMatchObject({ problem: message, retryAt: Date.now() + 5_000 });
  });

  it('sends at once when the phone comes back online, without waiting for the retry', async () => {
    const server = new FakeSync();
    server.failures.push(networkError());
    await saveVisit(db, visitFixture());
    const outbox = start(server);
    await outbox.start();
    expect(await state()).toBe('pending');
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await state()).toBe('sent'));
    expect(outbox.status().retryAt).toBeNull();
  });

  it('sends, on opening, a visit a crash left sending', async () => {
    const server = new FakeSync();
    await saveVisit(db, visitFixture({ state: 'sending' }));
    await start(server).start();
    expect(await state()).toBe('sent');
  });

  it('sends a visit finished while a round is under way in a round right after', async () => {
    const server = new FakeSync();
    await saveVisit(db, visitFixture({ uuid: 'first', startDate: '2026-11-26T09:00:00.000Z' }));
    const outbox = start(server);
    const first = outbox.start();
    await saveVisit(db, visitFixture());
    void outbox.send();
    await first;
    await vi.waitFor(async () => expect(await state()).toBe('sent'));
  });
});
