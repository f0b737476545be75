import {
  CLIENT_ERROR_CODES,
  downloadSyncData,
  isApiError,
  isSessionExpired,
  messageForError,
} from '@anaquel/api';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { endFieldSession } from './field-session';
import { openFieldDb, type FieldDb, type StoredVisit, type StoredWork } from './store/db';
import { mexicoCityDay, saveVisit, visitsOfDay } from './store/visits';
import { loadWork, refreshWork } from './store/work';

/** The device's day of work as a screen reads it. */
export interface FieldWork {
  /** The latest download, or null before the first one (and while the store opens). */
  work: StoredWork | null;
  /** Today's visits on this device, by 'campaignId:pointOfSaleId'. */
  visits: ReadonlyMap<string, StoredVisit>;
  /** True until the store has been read. */
  isLoading: boolean;
  /** True while a download is under way. */
  isRefreshing: boolean;
  /** Why the last download failed (Spanish), or null. */
  problem: string | null;
  /** Downloads the day again (the 'Actualizar' button). */
  refresh: () => void;
  /** Stores a visit (new, or in a new state) and shows it. */
  recordVisit: (visit: StoredVisit) => Promise<void>;
}

/** The message of a failed download; offline is no fault, the saved data keeps working. */
function problemOf(error: unknown): string {
  const unreachable =
    isApiError(error) &&
    (error.errorCode === CLIENT_ERROR_CODES.network ||
      error.errorCode === CLIENT_ERROR_CODES.timeout);
  if (unreachable || !navigator.onLine) return 'Sin conexión: trabajas con los datos guardados.';
  return messageForError(error);
}

/** The stored download and today's visits on this device, read together. */
function readDay(db: FieldDb) {
  return Promise.all([loadWork(db), visitsOfDay(db, mexicoCityDay(new Date()))]);
}

/**
 * The new download, carrying the previous one's data when nothing changed since (the usual case
 * on opening the app): the list is keyed on the data and is not rendered again for its age alone.
 */
function keepSameData(current: StoredWork | null, fresh: StoredWork): StoredWork {
  if (!current || JSON.stringify(current.data) !== JSON.stringify(fresh.data)) return fresh;
  return { ...fresh, data: current.data };
}

/**
 * The signed-in promoter's day from the device store, downloaded again when online: on opening,
 * when the connection comes back (`online`) and on demand. Works from the stored copy offline.
 */
export function useFieldWork(userId: number): FieldWork {
  const [db, setDb] = useState<FieldDb | null>(null);
  const [work, setWork] = useState<StoredWork | null>(null);
  const [visits, setVisits] = useState<ReadonlyMap<string, StoredVisit>>(new Map());
  const [isLoading, setLoading] = useState(true);
  const [isRefreshing, setRefreshing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  useEffect(() => {
    let open: FieldDb | null = null;
    let cancelled = false;
    void (async () => {
      const opened = await openFieldDb(userId);
      if (cancelled) return opened.close();
      open = opened;
      const [stored, today] = await readDay(opened);
      if (cancelled) return;
      // The whole list at once is the page's largest render: as a transition React splits it into
      // short tasks, so the phone answers a touch meanwhile.
      startTransition(() => {
        setWork(stored);
        setVisits(today);
        setLoading(false);
        setDb(opened);
      });
    })().catch((error: unknown) => {
      if (cancelled) return;
      setLoading(false);
      setProblem(
        `No se pudo abrir el almacenamiento del teléfono: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return () => {
      cancelled = true;
      open?.close();
    };
  }, [userId]);

  const refresh = useCallback(() => {
    if (!db || inFlight.current) return;
    setRefreshing(true);
    inFlight.current = refreshWork(db, () => downloadSyncData())
      .then(
        (fresh) => {
          startTransition(() => setWork((current) => keepSameData(current, fresh)));
          setProblem(null);
        },
        (error: unknown) => {
          // The session is over (not merely offline): sign in again; the store keeps its visits.
          if (isSessionExpired(error)) endFieldSession();
          else setProblem(problemOf(error));
        },
      )
      .finally(() => {
        inFlight.current = null;
        setRefreshing(false);
      });
  }, [db]);

  useEffect(() => {
    if (!db) return;
    if (navigator.onLine) refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [db, refresh]);

  const recordVisit = useCallback(
    async (visit: StoredVisit) => {
      if (!db) throw new Error('El almacenamiento del teléfono no está abierto.');
      await saveVisit(db, visit);
      setVisits(await visitsOfDay(db, mexicoCityDay(new Date())));
    },
    [db],
  );

  return { work, visits, isLoading, isRefreshing, problem, refresh, recordVisit };
}
