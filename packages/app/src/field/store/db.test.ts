// The IndexedDB globals idb needs (IDBRequest, IDBKeyRange...), in memory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { syncDataFixture, visitFixture } from '../testing';
import { MIGRATIONS, openFieldDb, type Migration, type StoredVisit } from './db';
import { mexicoCityDay, saveVisit, visitKey, visitsOfDay } from './visits';
import { loadWork, refreshWork } from './work';

beforeEach(() => {
  // A fresh, empty IndexedDB per test.
  globalThis.indexedDB = new IDBFactory();
});

const visit = visitFixture;

describe('the device store', () => {
  it('keeps the download with the time it was taken', async () => {
    const db = await openFieldDb(7);
    expect(await loadWork(db)).toBeNull();
    const work = await refreshWork(
      db,
      async () => syncDataFixture(),
      () => new Date('2026-11-26T18:05:00.000Z'),
    );
    expect(work.takenAt).toBe('2026-11-26T18:05:00.000Z');
    expect(await loadWork(db)).toEqual(work);
    db.close();
  });

  it('keeps the previous download when a new one fails', async () => {
    const db = await openFieldDb(7);
    const first = await refreshWork(db, async () => syncDataFixture());
    await expect(refreshWork(db, () => Promise.reject(new Error('sin red')))).rejects.toThrow(
      'sin red',
    );
    expect(await loadWork(db)).toEqual(first);
    db.close();
  });

  it("never shows one user's data to another on the same phone", async () => {
    const first = await openFieldDb(7);
    await refreshWork(first, async () => syncDataFixture());
    await saveVisit(first, visit());
    first.close();
    const second = await openFieldDb(8);
    expect(await loadWork(second)).toBeNull();
    expect((await visitsOfDay(second, '2026-11-26')).size).toBe(0);
    second.close();
  });

  it("finds the day's visits by campaign and point of sale", async () => {
    const db = await openFieldDb(7);
    await saveVisit(db, visit());
    await saveVisit(db, visit({ uuid: 'a-yesterday', day: '2026-11-25', pointOfSaleId: 11 }));
    const today = await visitsOfDay(db, '2026-11-26');
    expect([...today.keys()]).toEqual([visitKey(1, 12)]);
    expect(today.get(visitKey(1, 12))?.state).toBe('pending');
    db.close();
  });

  it('judges the day in Mexico City, as the sync does', () => {
    // 02:00 UTC on the 27th is still the 26th in Mexico City (UTC-6).
    expect(mexicoCityDay(new Date('2026-11-27T02:00:00.000Z'))).toBe('2026-11-26');
    expect(mexicoCityDay(new Date('2026-11-27T06:30:00.000Z'))).toBe('2026-11-27');
  });
});

describe('schema migrations', () => {
  it('starts at the version of the migrations list', async () => {
    const db = await openFieldDb(7);
    expect(db.version).toBe(MIGRATIONS.length);
    expect([...db.objectStoreNames].sort()).toEqual(['photos', 'visits', 'work']);
    db.close();
  });

  it('carries pending visits and the download through a later version', async () => {
    const before = await openFieldDb(7);
    await refreshWork(before, async () => syncDataFixture());
    await saveVisit(before, visit());
    before.close();

    // A later version: a new store, and a field every stored visit gets.
    const next: Migration = (db, transaction) => {
      db.createObjectStore('outbox' as never);
      const visits = transaction.objectStore('visits');
      void visits.openCursor().then(async function upgrade(cursor): Promise<void> {
        if (!cursor) return;
        await cursor.update({ ...cursor.value, attempts: 0 } as StoredVisit);
        return upgrade(await cursor.continue());
      });
    };
    const after = await openFieldDb(7, [...MIGRATIONS, next]);
    expect(after.version).toBe(MIGRATIONS.length + 1);
    expect(after.objectStoreNames.contains('outbox' as never)).toBe(true);
    expect(await after.get('visits', visit().uuid)).toEqual({ ...visit(), attempts: 0 });
    expect((await loadWork(after))?.data).toEqual(syncDataFixture());
    after.close();
  });
});
