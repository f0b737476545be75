import {
  downloadCheckInPhotos,
  isAbortError,
  isApiError,
  type CheckInPhotoFilter,
  type PhotoZipProgress,
} from '@anaquel/api';
import { useRef, useState } from 'react';
import { saveBlob } from '../../../lib/download';

/** Where a download is: idle -> downloading (bytes received) -> saved -> idle. */
export type PhotoDownloadState =
  | { kind: 'idle' }
  | { kind: 'downloading'; progress: PhotoZipProgress }
  | { kind: 'saved'; fileName: string }
  /** The server's 409: another download of this user is running (its Spanish message). */
  | { kind: 'busy'; message: string };

/**
 * Beyond this many photos the ZIP is written to a file the person picks (File System Access
 * API, Chromium) as it arrives, instead of being held in memory as a Blob until the end.
 */
const STREAM_TO_DISK_FROM_PHOTOS = 500;

interface SaveFilePicker {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable: () => Promise<WritableStream<Uint8Array>> }>;
}

/** A writer on a file the person picks, or null (no API, or a small ZIP). */
async function pickFile(fileName: string): Promise<WritableStreamDefaultWriter<Uint8Array>> {
  const picker = (window as Window & SaveFilePicker).showSaveFilePicker!;
  const handle = await picker({
    suggestedName: fileName,
    types: [{ description: 'Archivo ZIP', accept: { 'application/zip': ['.zip'] } }],
  });
  return (await handle.createWritable()).getWriter();
}

/**
 * One download at a time: `start` streams the ZIP of the filter (to a picked file for a large
 * one, as a Blob otherwise) with its progress, `cancel` aborts it (and the server stops). The
 * server's 409 becomes the 'busy' state with its message; other failures go to `onError`.
 */
export function usePhotoDownload(onError: (error: unknown) => void) {
  const [state, setState] = useState<PhotoDownloadState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = async (filter: CheckInPhotoFilter, photoCount: number) => {
    const controller = new AbortController();
    abort.current = controller;
    let sink: WritableStreamDefaultWriter<Uint8Array> | undefined;
    try {
      const suggested = `fotos_${filter.startDate ?? 'sin_inicio'}_${filter.endDate ?? 'sin_fin'}.zip`;
      const canStream = 'showSaveFilePicker' in window;
      if (canStream && photoCount >= STREAM_TO_DISK_FROM_PHOTOS) sink = await pickFile(suggested);
      setState({ kind: 'downloading', progress: { received: 0 } });
      const result = await downloadCheckInPhotos(filter, {
        signal: controller.signal,
        sink,
        onProgress: (progress) => setState({ kind: 'downloading', progress }),
      });
      if (sink) await sink.close();
      if (result.blob) saveBlob(result.blob, result.fileName);
      setState({ kind: 'saved', fileName: result.fileName });
      setTimeout(() => setState((s) => (s.kind === 'saved' ? { kind: 'idle' } : s)), 4000);
    } catch (error) {
      await sink?.abort().catch(() => undefined);
      if (isApiError(error) && error.statusCode === 409) {
        setState({ kind: 'busy', message: error.errorMessage });
        return;
      }
      setState({ kind: 'idle' });
      if (!isAbortError(error) && !controller.signal.aborted) onError(error);
    } finally {
      abort.current = null;
    }
  };
  const cancel = () => abort.current?.abort();
  return { state, start, cancel };
}
