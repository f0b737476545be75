import { useCallback, useEffect, useRef, useState } from 'react';
import { openFieldDb, type FieldDb, type StoredVisit, type StoredWork } from '../store/db';
import { photosOfVisit } from '../store/photos';
import { loadWork } from '../store/work';
import { storePhoto } from './photo-capture';
import { flushWhenHidden, visitWriter, type VisitWriter } from './visit-writer';

/** A visit being captured, read from the device store and written back at every change. */
export type VisitHandle =
  | { status: 'loading' }
  | { status: 'missing' }
  | {
      status: 'ready';
      visit: StoredVisit;
      work: StoredWork | null;
      /**
       * Applies a change to the visit at once and writes it to the store right after the frame
       * that shows it (visit-writer.ts); resolves once it is written.
       */
      update: (change: (visit: StoredVisit) => StoredVisit) => Promise<void>;
      /** Reduces and stores a camera photo of this visit; answers its device key. */
      addPhoto: (file: Blob) => Promise<string>;
      /** A stored photo's object URL, for its thumbnail. */
      photoUrl: (key: string) => string | undefined;
      /** Why the last change could not be written to the phone (Spanish), or null. */
      problem: string | null;
    };

/** An object URL of a blob (none where the browser cannot make one, as in jsdom). */
function objectUrl(blob: Blob, created: string[]): string | undefined {
  if (typeof URL.createObjectURL !== 'function') return undefined;
  const url = URL.createObjectURL(blob);
  created.push(url);
  return url;
}

/** Shown, never swallowed: the answer is on screen but not yet on the phone. Null: written. */
function problemText(error: unknown): string | null {
  if (error === null) return null;
  return `No se pudo guardar en el teléfono: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The visit `uuid` of the user's device store, with the download it was made from. Every change
 * is written as it is made, so a reload or a closed app finds the visit where it was.
 */
export function useVisit(userId: number, uuid: string): VisitHandle {
  const [db, setDb] = useState<FieldDb | null>(null);
  const [visit, setVisit] = useState<StoredVisit | null | undefined>(undefined);
  const [work, setWork] = useState<StoredWork | null>(null);
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  // The latest visit, so that changes made faster than a render build on each other.
  const latest = useRef<StoredVisit | null>(null);
  const created = useRef<string[]>([]);
  const writer = useRef<VisitWriter | null>(null);
  const setProblemOf = (error: unknown) => setProblem(problemText(error));

  useEffect(() => {
    let open: FieldDb | null = null;
    let cancelled = false;
    const stopFlushing = flushWhenHidden(() => writer.current?.flush());
    void (async () => {
      const opened = await openFieldDb(userId);
      if (cancelled) return opened.close();
      open = opened;
      const [stored, storedWork, photos] = await Promise.all([
        opened.get('visits', uuid),
        loadWork(opened),
        photosOfVisit(opened, uuid),
      ]);
      if (cancelled) return;
      latest.current = stored ?? null;
      writer.current = visitWriter((next) => opened.put('visits', next), setProblemOf);
      setWork(storedWork);
      setUrls(
        new Map(photos.map((photo) => [photo.key, objectUrl(photo.blob, created.current) ?? ''])),
      );
      setVisit(stored ?? null);
      setDb(opened);
    })();
    return () => {
      cancelled = true;
      stopFlushing();
      // The queued write starts before the close, which lets started transactions finish.
      writer.current?.flush();
      writer.current = null;
      open?.close();
    };
  }, [userId, uuid]);

  const update = useCallback(
    async (change: (visit: StoredVisit) => StoredVisit) => {
      if (!db || !latest.current || !writer.current) return;
      const next = change(latest.current);
      latest.current = next;
      setVisit(next);
      await writer.current.write(next);
    },
    [db],
  );

  const addPhoto = useCallback(
    async (file: Blob) => {
      if (!db) throw new Error('El almacenamiento del teléfono no está abierto.');
      const photo = await storePhoto(db, uuid, file);
      const url = objectUrl(photo.blob, created.current);
      if (url) setUrls((before) => new Map(before).set(photo.key, url));
      return photo.key;
    },
    [db, uuid],
  );

  // Object URLs hold their blobs in memory until revoked: all of them go when the screen does.
  useEffect(
    () => () => {
      for (const url of created.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const photoUrl = useCallback((key: string) => urls.get(key) || undefined, [urls]);

  if (visit === undefined || !db) return { status: 'loading' };
  if (visit === null) return { status: 'missing' };
  return { status: 'ready', visit, work, update, addPhoto, photoUrl, problem };
}
