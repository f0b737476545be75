import type { ImportProgress as ServerProgress } from '@anaquel/api';
import { ProgressBar } from 'react-aria-components';
import type { ImportPhase } from './use-import-run';

// The upload's bytes, then the rows the server has checked of the rows the file holds (the
// server estimates the total before it reads the rows: a CSV's lines, an .xlsx sheet's declared
// dimension). Without a total the bar is indeterminate rather than invented.

const number = (value: number) => value.toLocaleString('es-MX');

/** What the bar says and how full it is (null: indeterminate). */
function stateOf(
  phase: Exclude<ImportPhase, 'idle'>,
  progress: number,
  writes: boolean,
  server: ServerProgress | null,
): { label: string; percent: number | null } {
  if (phase === 'uploading') {
    const percent = Math.round(progress * 100);
    return progress > 0
      ? { label: `Subiendo el archivo: ${percent} %`, percent }
      : { label: 'Subiendo el archivo…', percent: null };
  }
  const doing = writes ? 'Revisando y guardando' : 'Revisando';
  if (server?.total) {
    const done = Math.min(server.rows, server.total);
    const percent = Math.round((done / server.total) * 100);
    return {
      label: `${doing} la fila ${number(done)} de ${number(server.total)} (${percent} %)`,
      percent,
    };
  }
  if (server) {
    return { label: `${doing} las filas: ${number(server.rows)} revisadas`, percent: null };
  }
  return { label: `${doing} las filas…`, percent: null };
}

export function ImportProgress({
  phase,
  progress,
  writes,
  server,
}: {
  phase: ImportPhase;
  /** The upload's progress, 0 to 1. */
  progress: number;
  writes: boolean;
  /** The server's count while it works on the rows, when it says. */
  server: ServerProgress | null;
}) {
  if (phase === 'idle') return null;
  const { label, percent } = stateOf(phase, progress, writes, server);
  return (
    <ProgressBar
      aria-label={label}
      value={percent ?? 0}
      isIndeterminate={percent === null}
      valueLabel={label}
      className="flex flex-col gap-1"
    >
      {/* The live region reads each new count; a bar's value is not announced as it changes. */}
      <p className="text-sm text-fg-muted" aria-live="polite">
        {label}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-surface-muted">
        <div
          className={
            percent === null
              ? 'h-full w-1/3 animate-pulse bg-brand motion-reduce:animate-none'
              : 'h-full bg-brand transition-[width] motion-reduce:transition-none'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </ProgressBar>
  );
}
