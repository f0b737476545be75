import type { SyncData } from '@anaquel/api';
import type { FieldDb, StoredWork } from './db';

/** The latest download kept on this device, or null before the first one. */
export async function loadWork(db: FieldDb): Promise<StoredWork | null> {
  return (await db.get('work', 'today')) ?? null;
}

/**
 * Downloads the day's work and keeps it, replacing the previous download only once the new one
 * has arrived whole: a failed or interrupted download leaves the device's copy as it was.
 */
export async function refreshWork(
  db: FieldDb,
  download: () => Promise<SyncData>,
  now: () => Date = () => new Date(),
): Promise<StoredWork> {
  const data = await download();
  const work: StoredWork = { data, takenAt: now().toISOString() };
  await db.put('work', work, 'today');
  return work;
}
