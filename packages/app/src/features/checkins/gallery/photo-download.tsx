import type { CheckInPhotoFilter } from '@anaquel/api';
import { Button, DownloadIcon } from '@anaquel/ui';
import { formatBytes } from './save-file';
import { usePhotoDownload, type PhotoDownloadState } from './use-photo-download';

/** 'Descargando… 12,5 MB de ~48,0 MB (26 %)' while the ZIP arrives. */
function progressText(state: Extract<PhotoDownloadState, { kind: 'downloading' }>): string {
  const { received, expected } = state.progress;
  if (!expected) return `Descargando fotos… ${formatBytes(received)}`;
  const percent = Math.min(99, Math.floor((received / expected) * 100));
  return `Descargando fotos… ${formatBytes(received)} de ~${formatBytes(expected)} (${percent} %)`;
}

/**
 * 'Descargar fotos (n)': the ZIP of every photo of the filter, streamed, with its progress and
 * 'Cancelar'; a second download of the same person is refused by the server with a message.
 */
export function PhotoDownload({
  filter,
  count,
  onError,
}: {
  filter: CheckInPhotoFilter;
  /** The filter's photos, or null while unknown. */
  count: number | null;
  onError: (error: unknown) => void;
}) {
  const { state, start, cancel } = usePhotoDownload(onError);
  const downloading = state.kind === 'downloading';
  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          isDisabled={downloading || !count}
          onPress={() => void start(filter, count ?? 0)}
        >
          <DownloadIcon className="size-4" />
          {`Descargar fotos (${count ?? '…'})`}
        </Button>
        {downloading && (
          <Button variant="secondary" onPress={cancel}>
            Cancelar
          </Button>
        )}
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {downloading && (
          <div className="flex flex-col gap-1">
            <span className="text-fg-muted tabular-nums">{progressText(state)}</span>
            {state.progress.expected ? (
              <progress
                aria-label="Progreso de la descarga"
                className="h-2 w-64 max-w-full"
                max={state.progress.expected}
                value={Math.min(state.progress.received, state.progress.expected)}
              />
            ) : null}
          </div>
        )}
        {state.kind === 'saved' && (
          <span className="text-fg-muted">{`Descarga lista: ${state.fileName}`}</span>
        )}
        {state.kind === 'busy' && (
          <span className="rounded-md bg-warning-soft px-2 py-1 text-warning-soft-fg">
            {state.message}
          </span>
        )}
      </div>
    </div>
  );
}
