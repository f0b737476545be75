import type { FieldDb, StoredPhoto } from './db';

/** Keeps a photo (new, or replaced whole under the same key). */
export async function putPhoto(db: FieldDb, photo: StoredPhoto): Promise<void> {
  await db.put('photos', photo);
}

/** The photos of a visit, in the order they were taken. */
export async function photosOfVisit(db: FieldDb, visitUuid: string): Promise<StoredPhoto[]> {
  const photos = await db.getAllFromIndex('photos', 'by-visit', visitUuid);
  return photos.sort((a, b) => a.takenAt.localeCompare(b.takenAt) || a.key.localeCompare(b.key));
}

/**
 * Records the id `POST sync/photos` answered for a photo, at once: a crash before this only
 * means uploading it again (an unreferenced file on the server is harmless, docs/sync.md §2).
 */
export async function setPhotoServerId(db: FieldDb, key: string, serverId: string): Promise<void> {
  const transaction = db.transaction('photos', 'readwrite');
  const photo = await transaction.store.get(key);
  if (photo) await transaction.store.put({ ...photo, serverId });
  await transaction.done;
}

/** Deletes every photo of a visit (a discarded visit, or one the server has stored). */
export async function deletePhotosOfVisit(db: FieldDb, visitUuid: string): Promise<void> {
  const transaction = db.transaction('photos', 'readwrite');
  const keys = await transaction.store.index('by-visit').getAllKeys(visitUuid);
  await Promise.all(keys.map((key) => transaction.store.delete(key)));
  await transaction.done;
}
