// One round of the outbox (docs/field-app.md "Sending, from the device's side"): the photos of
// the pending visits first, then the visits in batches, each answer applied as it comes.
import { isApiError, type SyncCheckIn, type SyncCheckInResult } from '@anaquel/api';
import type { FieldDb, StoredVisit } from '../store/db';
import { deletePhotosOfVisit, photosOfVisit, setPhotoServerId } from '../store/photos';
import { referencedPhotoKeys } from '../visit/to-sync';

/** The sync calls the outbox makes (the real ones in `outbox.ts`, fakes in the tests). */
export interface OutboxApi {
  uploadPhoto: (photo: Blob) => Promise<string>;
  sendCheckIns: (checkIns: SyncCheckIn[]) => Promise<SyncCheckInResult[]>;
}

/** A stored visit as `POST sync/checkins` takes it, given the server id of each of its photos. */
export type ToRequest = (
  visit: StoredVisit,
  photoServerId: (photoKey: string) => string,
) => SyncCheckIn;

/** The most visits `POST sync/checkins` takes at once. */
export const BATCH_SIZE = 50;

/** What a round did. */
export interface RoundResult {
  sent: number;
  rejected: number;
  /** Visits the server refused as a malformed body even alone (a bug of ours): left pending. */
  malformed: string[];
}

/** Pending visits, oldest first (by check-in, then uuid so the order never changes). */
async function pendingVisits(db: FieldDb): Promise<StoredVisit[]> {
  const visits = await db.getAllFromIndex('visits', 'by-state', 'pending');
  return visits.sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.uuid.localeCompare(b.uuid),
  );
}

/**
 * Writes `change` over each stored visit of `uuids` that is still in state `from` (one that was
 * discarded, or moved on meanwhile, is left alone).
 */
async function moveVisits(
  db: FieldDb,
  uuids: readonly string[],
  from: StoredVisit['state'],
  change: (visit: StoredVisit) => StoredVisit,
): Promise<void> {
  const transaction = db.transaction('visits', 'readwrite');
  for (const uuid of uuids) {
    const visit = await transaction.store.get(uuid);
    if (visit?.state === from) await transaction.store.put(change(visit));
  }
  await transaction.done;
}

const backToPending = (visit: StoredVisit): StoredVisit => ({ ...visit, state: 'pending' });

/** A visit found `sending` when the app opens (a crash, a closed tab) is pending again. */
export async function recoverSending(db: FieldDb): Promise<void> {
  const sending = await db.getAllKeysFromIndex('visits', 'by-state', 'sending');
  await moveVisits(db, sending, 'sending', backToPending);
}

/** Rejects a pending visit on the device itself, with the reason shown as the server's are. */
async function rejectVisit(db: FieldDb, uuid: string, field: string, message: string) {
  await moveVisits(db, [uuid], 'pending', (visit) => ({
    ...visit,
    state: 'rejected',
    validationErrors: [{ field, message }],
  }));
}

/** The photo a request refers to without an upload: a bug, never sent as a dangling id. */
class MissingPhotoError extends Error {}

/**
 * Uploads the photos the visit refers to that have no server id yet, recording each id at once
 * (a removed photo never leaves the phone). A refused
 * photo (400: not an image, too big) rejects the visit with the server's reason.
 */
async function uploadPhotos(
  db: FieldDb,
  api: OutboxApi,
  visit: StoredVisit,
): Promise<Map<string, string> | 'refused'> {
  const ids = new Map<string, string>();
  const referenced = referencedPhotoKeys(visit);
  for (const photo of await photosOfVisit(db, visit.uuid)) {
    if (!referenced.has(photo.key)) continue;
    let serverId = photo.serverId;
    if (serverId === null) {
      try {
        serverId = await api.uploadPhoto(photo.blob);
      } catch (error) {
        if (!isApiError(error) || error.statusCode !== 400) throw error;
        await rejectVisit(db, visit.uuid, 'photoIds', error.errorMessage);
        return 'refused';
      }
      await setPhotoServerId(db, photo.key, serverId);
    }
    ids.set(photo.key, serverId);
  }
  return ids;
}

/** The stored visit after the server's answer about it. */
function applyResult(visit: StoredVisit, result: SyncCheckInResult): StoredVisit {
  if (result.status === 'created' && result.checkInId !== null && result.syncedAt !== null) {
    const { validationErrors: _dropped, ...rest } = visit;
    return {
      ...rest,
      state: 'sent',
      checkInId: result.checkInId,
      syncedAt: result.syncedAt,
      answerPoints: result.answerPoints,
    };
  }
  const reasons =
    result.validationErrors.length > 0
      ? result.validationErrors
      : [{ field: '', message: result.errorMessage ?? 'El servidor rechazó la visita.' }];
  return { ...visit, state: 'rejected', validationErrors: reasons };
}

/** Sends one batch (already `sending`) and applies each result; resolves to what it did. */
async function sendBatch(
  db: FieldDb,
  api: OutboxApi,
  batch: readonly { visit: StoredVisit; request: SyncCheckIn }[],
): Promise<RoundResult> {
  const uuids = batch.map(({ visit }) => visit.uuid);
  await moveVisits(db, uuids, 'pending', (visit) => ({ ...visit, state: 'sending' }));
  let results: SyncCheckInResult[];
  try {
    results = await api.sendCheckIns(batch.map(({ request }) => request));
  } catch (error) {
    await moveVisits(db, uuids, 'sending', backToPending);
    if (!isApiError(error) || error.statusCode !== 400) throw error;
    // A malformed batch: find the visit at fault by sending each alone, so the others go.
    if (batch.length === 1) return { sent: 0, rejected: 0, malformed: uuids };
    return addUp(await inSequence(batch.map((one) => () => sendBatch(db, api, [one]))));
  }
  const done: RoundResult = { sent: 0, rejected: 0, malformed: [] };
  const byUuid = new Map(results.map((result) => [result.uuid.toLowerCase(), result]));
  const transaction = db.transaction('visits', 'readwrite');
  for (const uuid of uuids) {
    const visit = await transaction.store.get(uuid);
    if (visit?.state !== 'sending') continue;
    const result = byUuid.get(uuid.toLowerCase());
    const next = result ? applyResult(visit, result) : backToPending(visit);
    if (next.state === 'sent') done.sent++;
    if (next.state === 'rejected') done.rejected++;
    await transaction.store.put(next);
  }
  await transaction.done;
  // The server holds the photos of a sent visit now: free the phone's storage.
  for (const { visit } of batch) {
    if (byUuid.get(visit.uuid.toLowerCase())?.status === 'created') {
      await deletePhotosOfVisit(db, visit.uuid);
    }
  }
  return done;
}

async function inSequence<T>(steps: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const step of steps) results.push(await step());
  return results;
}

function addUp(rounds: readonly RoundResult[]): RoundResult {
  return {
    sent: rounds.reduce((sum, round) => sum + round.sent, 0),
    rejected: rounds.reduce((sum, round) => sum + round.rejected, 0),
    malformed: rounds.flatMap((round) => round.malformed),
  };
}

/** The next batch's visits with their photos uploaded and their requests built. */
async function prepareBatch(
  db: FieldDb,
  api: OutboxApi,
  toRequest: ToRequest,
  visits: readonly StoredVisit[],
): Promise<{ batch: { visit: StoredVisit; request: SyncCheckIn }[]; refused: number }> {
  const batch: { visit: StoredVisit; request: SyncCheckIn }[] = [];
  let refused = 0;
  for (const visit of visits) {
    const ids = await uploadPhotos(db, api, visit);
    if (ids === 'refused') {
      refused++;
      continue;
    }
    try {
      const request = toRequest(visit, (key) => {
        const id = ids.get(key);
        if (id === undefined) throw new MissingPhotoError();
        return id;
      });
      batch.push({ visit, request });
    } catch (error) {
      if (!(error instanceof MissingPhotoError)) throw error;
      // Sent as it is, it would refer to a photo the server never got: the promoter retakes it.
      await rejectVisit(
        db,
        visit.uuid,
        'photoIds',
        'Falta una foto en el teléfono: vuelve a tomarla.',
      );
      refused++;
    }
  }
  return { batch, refused };
}

/**
 * Sends every pending visit once: photos first, then batches of at most 50, oldest first. A
 * failure that may pass (network, timeout, 5xx, 429, 403) stops the round and is thrown, the
 * visits of the failed batch pending again; what was applied before it stays applied.
 */
export async function sendRound(
  db: FieldDb,
  api: OutboxApi,
  toRequest: ToRequest,
): Promise<RoundResult> {
  const pending = await pendingVisits(db);
  const rounds: RoundResult[] = [];
  for (let start = 0; start < pending.length; start += BATCH_SIZE) {
    const { batch, refused } = await prepareBatch(
      db,
      api,
      toRequest,
      pending.slice(start, start + BATCH_SIZE),
    );
    rounds.push({ sent: 0, rejected: refused, malformed: [] });
    if (batch.length > 0) rounds.push(await sendBatch(db, api, batch));
  }
  return addUp(rounds);
}
