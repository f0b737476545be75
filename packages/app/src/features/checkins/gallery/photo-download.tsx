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
  const photos = count === null ? 'fotos' : count === '1' ? '1 foto' : `${count} fotos`;
  return `Descargando ${photos}… ${formatBytes(state.progress.received)}`;
}

/**
 * 'Descargar fotos (n)': the ZIP of every photo of the filter, streamed, with its progress and
 * 'Cancelar'; a second download of the same person is refused by the server with a message.
 * While the count is on its way the button says 'Descargar fotos' and waits (never '(0)', which
 * would say there is nothing); if the count failed, it downloads without a number.
 */
export function PhotoDownload({
  filter,
  count,
  countLabel,
  isCountFailed = false,
  onError,
}: {
  filter: CheckInPhotoFilter;
  /** The filter's photos, or null while unknown. */
  count: number | null;
  /** The same as the screen says it ('1,000+'), or null while unknown. */
  countLabel: string | null;
  /** The count failed but there are photos: the download goes on without a number. */
  isCountFailed?: boolean;
  onError: (error: unknown) => void;
}) {
  const { state, start, cancel } = usePhotoDownload(onError);
  const downloading = state.kind === 'downloading';
  const canStart = count === null ? isCountFailed : count > 0;
  return (
    <div className="flex flex-col items-start gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          isDisabled={downloading || !canStart}
          // An unknown number is taken as a large ZIP (written to a picked file as it arrives).
          onPress={() => void start(filter, count ?? Number.POSITIVE_INFINITY)}
        >
          <DownloadIcon className="size-4" />
          {countLabel === null ? 'Descargar fotos' : `Descargar fotos (${countLabel})`}
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
