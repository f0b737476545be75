// The ZIP of the filtered photos (issue #24, docs/gallery.md), streamed with yazl as it is built:
// no temporary file, no size limit, memory flat. Photos are already compressed, so they are
// stored (no deflate); fotos.csv is deflated. The rows are read in keyset batches (photos.ts) and
// a photo is opened from the FileStorage only when the ZIP is a few entries from needing it:
// yazl pipes one entry at a time into its output, which follows the reply's backpressure, so a
// slow client slows the reading and a client that leaves stops it (`cancel`).
import { Readable, type PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../files/storage.ts';
import { CSV_NAME, csvHead, csvLine, photoPath } from './photo-zip-entries.ts';
import { readPhotos, type PhotoFilter, type PhotoKey, type PhotoRow } from './photos.ts';

/** Rows read per query. */
const BATCH_SIZE = 200;
/** Photos opened ahead of the one yazl is writing. */
const OPEN_AHEAD = 4;

export interface PhotoZipOptions {
  batchSize?: number;
}

export interface PhotoZip {
  /** The ZIP's bytes. */
  stream: Readable;
  /** Resolves with the photos written (or those opened before a cancel); rejects on failure. */
  done: Promise<number>;
  /** Stops the reading and destroys every open stream (the client went away). */
  cancel(): void;
}

/**
 * Every photo of the filter in the gallery's order, batch by batch, the missing ones left out.
 * The next batch is asked for as soon as a batch arrives, so the ZIP does not stall at each
 * batch's end waiting for the database (a query is tens of milliseconds on a loaded machine).
 */
async function* photosOf(
  db: Db,
  filter: PhotoFilter,
  batchSize: number,
  skip: ReadonlySet<string>,
  stopped: () => boolean,
): AsyncGenerator<PhotoRow> {
  const read = (after: PhotoKey | null) => {
    const rows = readPhotos(db, filter, after, batchSize);
    // Left unread when the ZIP stops first: its failure is of no interest then.
    rows.catch(() => {});
    return rows;
  };
  let next: Promise<PhotoRow[]> | null = read(null);
  while (next && !stopped()) {
    const rows: PhotoRow[] = await next;
    next = rows.length < batchSize ? null : read(rows.at(-1)!.key);
    for (const row of rows) if (!skip.has(row.id)) yield row;
  }
}

/** fotos.csv: a second pass over the rows, naming each photo as the first pass did. */
async function* csvOf(
  db: Db,
  filter: PhotoFilter,
  batchSize: number,
  missing: ReadonlySet<string>,
  stopped: () => boolean,
): AsyncGenerator<string> {
  yield csvHead();
  let n = 0;
  for await (const row of photosOf(db, filter, batchSize, missing, stopped)) {
    n += 1;
    yield csvLine(row, photoPath(row, n));
  }
}

/** The streams a ZIP holds open and the photos opened ahead of the one being written. */
class OpenStreams {
  readonly streams = new Set<Readable>();
  /** Photos added to the ZIP whose bytes yazl has not started to write. */
  waiting = 0;
  private wake: (() => void) | null = null;

  constructor(
    private readonly stopped: () => boolean,
    private readonly fail: (error: unknown) => void,
  ) {}

  track(stream: Readable): void {
    this.streams.add(stream);
    stream.once('close', () => this.streams.delete(stream));
    stream.on('error', this.fail);
  }

  /** Resolves when fewer than OPEN_AHEAD photos wait for yazl (or at once when stopped). */
  room(): Promise<void> {
    if (this.waiting < OPEN_AHEAD || this.stopped()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.wake = resolve;
    });
  }

  /** yazl started a photo: one more may be opened. */
  started(): void {
    this.waiting -= 1;
    this.release();
  }

  release(): void {
    const resume = this.wake;
    this.wake = null;
    resume?.();
  }

  destroyAll(): void {
    for (const stream of this.streams) stream.destroy();
  }
}

/**
 * Starts the ZIP of `filter`'s photos. The filter should carry `syncedUpTo`, so that fotos.csv
 * (a second pass over the same rows, written after the photos) lists exactly the ZIP's photos.
 */
export function startPhotoZip(
  db: Db,
  storage: FileStorage,
  filter: PhotoFilter,
  options: PhotoZipOptions = {},
): PhotoZip {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say NodeJS.ReadableStream).
  const output = zip.outputStream as unknown as PassThrough;
  /** Photos whose row has no stored bytes: left out of the ZIP and of fotos.csv. */
  const missing = new Set<string>();
  let cancelled = false;
  const stopped = () => cancelled || output.destroyed;
  const fail = (error: unknown) => {
    cancelled = true;
    open.destroyAll();
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const open = new OpenStreams(stopped, fail);
  zip.on('error', fail);

  async function addPhotos(): Promise<number> {
    let n = 0;
    for await (const row of photosOf(db, filter, batchSize, missing, stopped)) {
      await open.room();
      if (stopped()) break;
      const stream = await storage.get(row.storageKey);
      if (!stream) {
        missing.add(row.id);
        continue;
      }
      if (stopped()) {
        stream.destroy();
        break;
      }
      open.track(stream);
      n += 1;
      open.waiting += 1;
      const mtime = new Date(row.takenAt);
      zip.addReadStreamLazy(photoPath(row, n), { compress: false, mtime }, (callback) => {
        open.started();
        callback(null, stream);
      });
    }
    return n;
  }

  const done = (async () => {
    const written = await addPhotos();
    if (stopped()) return written;
    const table = Readable.from(csvOf(db, filter, batchSize, missing, stopped), {
      objectMode: false,
    });
    open.track(table);
    zip.addReadStream(table, CSV_NAME, { compress: true, mtime: new Date() });
    zip.end();
    await new Promise<void>((resolve, reject) => {
      output.once('end', resolve);
      output.once('close', resolve);
      output.once('error', reject);
    });
    return written;
  })();
  done.catch(fail);

  return {
    stream: output,
    done,
    cancel() {
      cancelled = true;
      open.release();
      open.destroyAll();
      if (!output.destroyed) output.destroy();
    },
  };
}
