import type { CheckInPhotoFilter } from '@anaquel/api';
import { Button, DownloadIcon } from '@anaquel/ui';
import { formatBytes } from '../../../lib/download';
import { usePhotoDownload, type PhotoDownloadState } from './use-photo-download';

/**
 * 'Descargando 120 fotos… 12,5 MB': the ZIP is streamed as the server builds it, so its size is
 * known only at its end; the bytes received say it is moving.
 */
function progressText(
  state: Extract<PhotoDownloadState, { kind: 'downloading' }>,
  count: string | null,
): string {
  const photos = count === '1' ? '1 foto' : `${count ?? ''} fotos`;
  return `Descargando ${photos}… ${formatBytes(state.progress.received)}`;
}

/**
 * 'Descargar fotos (n)': the ZIP of every photo of the filter, streamed, with its progress and
 * 'Cancelar'; a second download of the same person is refused by the server with a message.
 */
export function PhotoDownload({
  filter,
  count,
  countLabel,
  onError,
}: {
  filter: CheckInPhotoFilter;
  /** The filter's photos, or null while unknown. */
  count: number | null;
  /** The same as the screen says it ('1,000+'). */
  countLabel: string | null;
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
          {`Descargar fotos (${countLabel ?? '…'})`}
        </Button>
        {downloading && (
          <Button variant="secondary" onPress={cancel}>
            Cancelar
          </Button>
        )}
      </div>
      <div role="status" aria-live="polite" className="text-sm">
        {downloading && (
          <span className="text-fg-muted tabular-nums">{progressText(state, countLabel)}</span>
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
