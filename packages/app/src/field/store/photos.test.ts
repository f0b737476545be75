import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { visitFixture } from '../testing';
import { MIGRATIONS, openFieldDb, type StoredPhoto } from './db';
import { deletePhotosOfVisit, photosOfVisit, putPhoto, setPhotoServerId } from './photos';
import { saveVisit } from './visits';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

function photo(overrides: Partial<StoredPhoto> = {}): StoredPhoto {
  return {
    key: 'p-1',
    visitUuid: visitFixture().uuid,
    blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
    type: 'image/jpeg',
    width: 1280,
    height: 960,
    takenAt: '2026-11-26T17:10:00.000Z',
    serverId: null,
    ...overrides,
  };
}

describe('the photos store', () => {
  it("keeps a visit's photos in the order taken and records their server ids", async () => {
    const db = await openFieldDb(7);
    await putPhoto(db, photo({ key: 'p-2', takenAt: '2026-11-26T17:20:00.000Z' }));
    await putPhoto(db, photo());
    await putPhoto(db, photo({ key: 'p-other', visitUuid: 'other' }));
    await setPhotoServerId(db, 'p-2', '3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90');
    const photos = await photosOfVisit(db, visitFixture().uuid);
    expect(photos.map((p) => [p.key, p.serverId])).toEqual([
      ['p-1', null],
      ['p-2', '3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90'],
    ]);
    await deletePhotosOfVisit(db, visitFixture().uuid);
    expect(await photosOfVisit(db, visitFixture().uuid)).toEqual([]);
    expect(await photosOfVisit(db, 'other')).toHaveLength(1);
    db.close();
  });

  it('arrives by a migration that keeps the pending visits of version 1', async () => {
    const before = await openFieldDb(7, MIGRATIONS.slice(0, 1));
    await saveVisit(before, visitFixture());
    await saveVisit(before, visitFixture({ uuid: 'u-2', unavailable: true }));
    before.close();
    const after = await openFieldDb(7);
    expect(after.version).toBe(MIGRATIONS.length);
    expect(after.objectStoreNames.contains('photos')).toBe(true);
    expect(await after.getAllFromIndex('visits', 'by-state', 'pending')).toHaveLength(2);
    await putPhoto(after, photo());
    expect(await photosOfVisit(after, visitFixture().uuid)).toHaveLength(1);
    after.close();
  });
});
