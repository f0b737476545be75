// The field app's device store: one IndexedDB database per signed-in user, so a phone shared by
// two promoters never shows one's day or visits to the other (docs/field-app.md "Stored where").
import {
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPTransaction,
  type StoreNames,
} from 'idb';
import type { SyncData, ValidationError } from '@anaquel/api';
import type { components } from '@anaquel/api/schema';

type SyncAnswer = components['schemas']['SyncAnswer'];

/** The day's work as downloaded (`GET sync/data`), with when this device took it. */
export interface StoredWork {
  /** The download itself, exactly as the server answered it. */
  data: SyncData;
  /** When the download arrived, by this device's clock (ISO 8601): what 'Datos de hace…' counts from. */
  takenAt: string;
}

/** Where a visit is on its way to the server (docs/field-app.md "The states of a visit"). */
type VisitState = 'draft' | 'pending' | 'sending' | 'sent' | 'rejected';

/**
 * One answer as the device keeps it: the contract's answer, with the device's keys of its photos
 * (store `photos`) in place of the server ids they get only when the outbox uploads them.
 */
export type StoredAnswer = Omit<SyncAnswer, 'photoIds'> & { photoKeys?: string[] };

/** One survey of a visit (a point-of-sale survey, or a product survey for one product). */
export interface StoredSurvey {
  surveyId: number;
  /** The product answered about; null for a point-of-sale survey. */
  productId: number | null;
  /** RFC 3339 instant the survey was opened. */
  startDate: string;
  /** RFC 3339 instant it was last marked done; null while it is open. */
  endDate: string | null;
  /** Every answer given, saved as it is given (docs/field-app.md "The visit"). */
  answers: StoredAnswer[];
}

/** A visit captured on this device. */
export interface StoredVisit {
  /** Made once when the visit starts and sent with it every time: the sync's idempotency key. */
  uuid: string;
  campaignId: number;
  pointOfSaleId: number;
  /** The Mexico City day the visit started (YYYY-MM-DD): what 'Visitado hoy' reads. */
  day: string;
  state: VisitState;
  /** The point of sale could not be visited: sent with no surveys (docs/sync.md). */
  unavailable: boolean;
  /** RFC 3339 instant of the check-in. */
  startDate: string;
  /** RFC 3339 instant of the check-out; null while the visit is under way. */
  endDate: string | null;
  /** Where the phone was at the check-in (degrees), or null without a position. */
  checkInLatitude: number | null;
  checkInLongitude: number | null;
  /** The position's accuracy in metres, as the phone gave it (kept for the review, not sent). */
  checkInAccuracy: number | null;
  /** Where the phone was at the check-out, or null (no position, or not checked out yet). */
  checkOutLatitude: number | null;
  checkOutLongitude: number | null;
  checkOutAccuracy: number | null;
  /** The visit's own photos (keys of store `photos`), in the order they were taken. */
  photoKeys: string[];
  /** The surveys opened, in the order they were opened; none for an unavailable visit. */
  surveys: StoredSurvey[];
  /** Sent: what the server answered (`created`). Absent until then. */
  checkInId?: number;
  syncedAt?: string;
  answerPoints?: number | null;
  /** Rejected: the server's reasons, by field path, in its Spanish. Absent otherwise. */
  validationErrors?: ValidationError[];
}

/** A photo of a visit, reduced on the device; the outbox uploads it before the visit. */
export interface StoredPhoto {
  /** Made on the device when the photo is taken (`crypto.randomUUID()`). */
  key: string;
  /** The visit it belongs to. */
  visitUuid: string;
  blob: Blob;
  /** The blob's media type (image/jpeg, image/webp...). */
  type: string;
  width: number;
  height: number;
  /** RFC 3339 instant the photo was taken. */
  takenAt: string;
  /** The id `POST sync/photos` answered, stored at once; null until uploaded. */
  serverId: string | null;
}

/** The capture's fields of a visit just checked in (or stored before the capture existed). */
export function emptyCapture(): Pick<
  StoredVisit,
  'checkOutLatitude' | 'checkOutLongitude' | 'checkOutAccuracy' | 'photoKeys' | 'surveys'
> {
  return {
    checkOutLatitude: null,
    checkOutLongitude: null,
    checkOutAccuracy: null,
    photoKeys: [],
    surveys: [],
  };
}

interface FieldSchema extends DBSchema {
  /** One record, under the key 'today': the latest download. */
  work: { key: 'today'; value: StoredWork };
  visits: {
    key: string;
    value: StoredVisit;
    indexes: { 'by-day': string; 'by-state': VisitState };
  };
  photos: {
    key: string;
    value: StoredPhoto;
    indexes: { 'by-visit': string };
  };
}

export type FieldDb = IDBPDatabase<FieldSchema>;

/** One step of the schema: what version `n` (its index + 1) adds to version `n - 1`. */
export type Migration = (
  db: IDBPDatabase<FieldSchema>,
  transaction: IDBPTransaction<FieldSchema, StoreNames<FieldSchema>[], 'versionchange'>,
) => void;

/**
 * The schema's history, oldest first; the database's version is their count. Never edit a step
 * that has shipped: a phone may hold unsent visits in any earlier version, so a change is a new
 * step appended here that carries those records forward (tested in db.test.ts).
 */
export const MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.createObjectStore('work');
    const visits = db.createObjectStore('visits', { keyPath: 'uuid' });
    visits.createIndex('by-day', 'day');
    visits.createIndex('by-state', 'state');
  },
  (db) => {
    const photos = db.createObjectStore('photos', { keyPath: 'key' });
    photos.createIndex('by-visit', 'visitUuid');
  },
  (_db, transaction) => {
    // Visits stored before the capture existed get its fields empty: nothing was captured then.
    void (async () => {
      let cursor = await transaction.objectStore('visits').openCursor();
      while (cursor) {
        await cursor.update({ ...emptyCapture(), ...cursor.value });
        cursor = await cursor.continue();
      }
    })();
  },
];

/** The name of a user's database on this device. */
function fieldDbName(userId: number): string {
  return `anaquel-campo-${userId}`;
}

/**
 * Opens (creating or upgrading as needed) the database of `userId`. `migrations` is for the
 * tests of a later schema; the app always opens with `MIGRATIONS`.
 */
export function openFieldDb(
  userId: number,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<FieldDb> {
  return openDB<FieldSchema>(fieldDbName(userId), migrations.length, {
    upgrade(db, oldVersion, newVersion, transaction) {
      for (let version = oldVersion + 1; version <= (newVersion ?? migrations.length); version++) {
        migrations[version - 1]?.(db, transaction);
      }
    },
    // Another tab holds an older version open and an update wants in: let it, this tab's page
    // reloads into the new code (nothing is lost: every change is written as it is made).
    blocking() {
      window.location.reload();
    },
  });
}
