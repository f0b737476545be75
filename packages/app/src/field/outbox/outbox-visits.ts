// What the outbox's screen lists, and what the promoter may do with a rejected visit.
import type { FieldDb, StoredVisit } from '../store/db';
import { deletePhotosOfVisit } from '../store/photos';

const UNSENT: readonly StoredVisit['state'][] = ['pending', 'sending', 'rejected'];

/** A visit not yet on the server (waiting, on its way, or refused): what 'Pendientes' counts. */
export function isUnsent(visit: StoredVisit): boolean {
  return UNSENT.includes(visit.state);
}

/**
 * The visits the outbox shows: every unsent one, whatever its day, and those sent on `day` (as
 * the promoter's record of the day); drafts are the capture's. Oldest first.
 */
export async function outboxVisits(db: FieldDb, day: string): Promise<StoredVisit[]> {
  const unsent = await Promise.all(
    UNSENT.map((state) => db.getAllFromIndex('visits', 'by-state', state)),
  );
  const sentToday = (await db.getAllFromIndex('visits', 'by-day', day)).filter(
    (visit) => visit.state === 'sent',
  );
  return [...unsent.flat(), ...sentToday].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.uuid.localeCompare(b.uuid),
  );
}

/**
 * Deletes a rejected visit and its photos, once the promoter has confirmed it: nothing of it is on
 * the server (a rejected visit left nothing there). Any other state is left alone.
 */
export async function discardVisit(db: FieldDb, uuid: string): Promise<boolean> {
  const transaction = db.transaction('visits', 'readwrite');
  const visit = await transaction.store.get(uuid);
  if (visit?.state !== 'rejected') {
    await transaction.done;
    return false;
  }
  await transaction.store.delete(uuid);
  await transaction.done;
  await deletePhotosOfVisit(db, uuid);
  return true;
}

/**
 * A rejected visit back to a draft, to correct it and finish it again under the same uuid. The
 * server's reasons stay with it until the next answer, so the capture can show them.
 */
export async function reopenVisit(db: FieldDb, uuid: string): Promise<boolean> {
  const transaction = db.transaction('visits', 'readwrite');
  const visit = await transaction.store.get(uuid);
  const reopened = visit?.state === 'rejected';
  if (reopened) await transaction.store.put({ ...visit, state: 'draft' });
  await transaction.done;
  return reopened;
}
