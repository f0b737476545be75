import type { ImportPhase } from './use-import-run';

/** The upload's bytes as a bar, then an honest indeterminate state while the server works. */
export function ImportProgress({
  phase,
  progress,
  writes,
  rowsDone,
}: {
  phase: ImportPhase;
  progress: number;
  writes: boolean;
  /** The rows the server has checked so far, when it says. */
  rowsDone: number | null;
}) {
  if (phase === 'idle') return null;
  const percent = Math.round(progress * 100);
  const label =
    phase === 'uploading'
      ? progress > 0
        ? `Subiendo el archivo: ${percent} %`
        : 'Subiendo el archivo…'
      : `${writes ? 'Revisando y guardando las filas' : 'Revisando las filas'}${
          rowsDone === null ? '…' : `: ${rowsDone.toLocaleString('es-MX')} revisadas`
        }`;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-fg-muted" aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(phase === 'uploading' && progress > 0 && { 'aria-valuenow': percent })}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className={
            phase === 'uploading' && progress > 0
              ? 'h-full bg-brand transition-[width]'
              : 'h-full w-1/3 animate-pulse bg-brand'
          }
          style={phase === 'uploading' && progress > 0 ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
