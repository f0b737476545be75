// The photo gallery of the visits and the ZIP of its photos (issue #24, docs/gallery.md):
// `GET /checkins/photos` as an infinite query (keyset pages, nothing counted), its number of
// photos `GET /checkins/photos/count` as a query of its own (once per filter, not per page), and
// `GET /checkins/photos/zip` read as a stream, so the screen shows the progress and can cancel.
// Through the shared client: bearer token, cookies and the 401 refresh as every call.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiErrorFromBody, isAbortError, toApiError } from '../api-error';
import { getApiClient } from '../client';
import { unwrap } from '../envelope';
import type { operations } from '../generated/schema';
import type { Schemas } from '../types';
import { fileNameFromDisposition } from './reports';

/** A photo of a visit with its context. */
export type CheckInPhoto = Schemas['CheckInPhoto'];
/** One page of the gallery. */
export type CheckInPhotoPage = Schemas['CheckInPhotoPage'];
/** The number of photos of a filter, exact up to 1 000. */
export type CheckInPhotoCount = Schemas['CheckInPhotoCount'];
/** The gallery's and the ZIP's filters (the visit list's, plus campaign, point of sale, survey, question). */
export type CheckInPhotoFilter = NonNullable<
  operations['downloadCheckInPhotos']['parameters']['query']
>;

/** Photos per page of the grid. */
export const PHOTO_PAGE_SIZE = 48;
/** A large ZIP streams for a long time: the call allows two hours (the first byte comes at once). */
export const PHOTO_ZIP_TIMEOUT_MS = 2 * 60 * 60_000;

/** `GET /checkins/photos`: the pages of the gallery, newest first, each after the last one. */
export function checkInPhotosQueryOptions(filter: CheckInPhotoFilter) {
  return infiniteQueryOptions({
    queryKey: ['/checkins', 'photos', filter] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        getApiClient().GET('/checkins/photos', {
          params: {
            query: {
              ...filter,
              PageSize: PHOTO_PAGE_SIZE,
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
  });
}

/**
 * `GET /checkins/photos/count`: keyed by the filter alone, so it is asked once per filter, not
 * per page nor while scrolling. No placeholder: another filter's number is never shown.
 */
export function checkInPhotoCountQueryOptions(filter: CheckInPhotoFilter) {
  return queryOptions({
    queryKey: ['/checkins', 'photos', 'count', filter] as const,
    queryFn: ({ signal }) =>
      unwrap(getApiClient().GET('/checkins/photos/count', { params: { query: filter }, signal })),
    retry: false,
  });
}

export interface PhotoZipProgress {
  /** Bytes received so far. */
  received: number;
}

export interface DownloadPhotosOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PhotoZipProgress) => void;
  /**
   * Where the bytes go as they arrive (the File System Access API's writable); without it they
   * are gathered into the answered Blob.
   */
  sink?: WritableStreamDefaultWriter<Uint8Array>;
}

export interface DownloadedPhotos {
  fileName: string;
  /** The ZIP, unless a `sink` took the bytes. */
  blob: Blob | null;
}

async function download(
  filter: CheckInPhotoFilter,
  { signal, onProgress, sink }: DownloadPhotosOptions,
): Promise<DownloadedPhotos> {
  const { data, error, response } = await getApiClient().GET('/checkins/photos/zip', {
    params: { query: filter },
    parseAs: 'stream',
    signal,
    headers: { Accept: 'application/zip, application/json' },
    // The client's timeout wrapper reads this key off the Request (TimeoutOption).
    timeoutMs: PHOTO_ZIP_TIMEOUT_MS,
  });
  // A failure (409 for a download already running) is the JSON envelope, before any byte.
  if (!response.ok) throw apiErrorFromBody(response.status, error);
  const fileName = fileNameFromDisposition(
    response.headers.get('Content-Disposition'),
    'fotos.zip',
  );
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (data) {
    const reader = data.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (sink) await sink.write(value);
      else chunks.push(value);
      received += value.byteLength;
      onProgress?.({ received });
    }
  }
  return {
    fileName,
    blob: sink ? null : new Blob(chunks as BlobPart[], { type: 'application/zip' }),
  };
}

/**
 * Downloads the ZIP of the filtered photos. Aborts with `signal` (the AbortError is let through,
 * and the server stops); any other failure, also while the file streams, is an `ApiError`.
 */
export async function downloadCheckInPhotos(
  filter: CheckInPhotoFilter,
  options: DownloadPhotosOptions = {},
): Promise<DownloadedPhotos> {
  try {
    return await download(filter, options);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw toApiError(error);
  }
}
