// The IndexedDB globals idb needs (IDBRequest, IDBKeyRange...), in memory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, expect, it } from 'vitest';
import { openFieldDb } from '../store/db';
import { photosOfVisit } from '../store/photos';
import { PHOTO_LONGEST_SIDE, reducedSize, storePhoto } from './photo-capture';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

it('draws a photo with its longest side at most 1600 px, never enlarged', () => {
  expect(PHOTO_LONGEST_SIDE).toBe(1600);
  expect(reducedSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
  expect(reducedSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  expect(reducedSize(800, 600)).toEqual({ width: 800, height: 600 });
});

it('stores the reduced photo under a new key, with its visit, waiting for the outbox', async () => {
  const db = await openFieldDb(7);
  const reduced = new Blob(['jpeg'], { type: 'image/jpeg' });
  const photo = await storePhoto(db, 'visit-1', new Blob(['camera']), async () => ({
    blob: reduced,
    width: 1600,
    height: 1200,
  }));
  const [stored] = await photosOfVisit(db, 'visit-1');
  expect(stored).toMatchObject({
    key: photo.key,
    visitUuid: 'visit-1',
    type: 'image/jpeg',
    width: 1600,
    height: 1200,
    serverId: null,
  });
  db.close();
});
