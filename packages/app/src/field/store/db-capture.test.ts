// The IndexedDB globals idb needs (IDBRequest, IDBKeyRange...), in memory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, expect, it } from 'vitest';
import { visitFixture } from '../testing';
import { MIGRATIONS, openFieldDb } from './db';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

it('carries a visit stored before the capture existed forward with empty surveys and photos', async () => {
  const captureStep = MIGRATIONS.length - 1;
  const before = await openFieldDb(7, MIGRATIONS.slice(0, captureStep));
  const {
    checkOutLatitude: _lat,
    checkOutLongitude: _lng,
    checkOutAccuracy: _acc,
    photoKeys: _photos,
    surveys: _surveys,
    ...older
  } = visitFixture();
  // An older record lacks the capture's fields: written as the older version wrote it.
  await before.put('visits', older as never);
  before.close();

  const after = await openFieldDb(7);
  expect(await after.get('visits', older.uuid)).toEqual(visitFixture());
  after.close();
});
