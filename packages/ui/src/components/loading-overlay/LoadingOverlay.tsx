import { SpinnerGraphic } from '../spinner';

export interface LoadingOverlayProps {
  /** Whether the overlay is shown; nothing is rendered when false. */
  isVisible?: boolean;
  /** Accessible name of the status region and visually hidden text. */
  label?: string;
}

/** Full-screen dimmed overlay with a spinner; a `status` region labelled 'Cargando'. */
export function LoadingOverlay({ isVisible = true, label = 'Cargando' }: LoadingOverlayProps) {
  if (!isVisible) return null;
  return (
    <div
      role="status"
      aria-label={label}
      aria-live="polite"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-overlay backdrop-blur-[1px]"
    >
      <div className="rounded-2xl bg-surface p-5 text-brand shadow-lg dark:text-link">
        <SpinnerGraphic size="lg" />
      </div>
      <span className="sr-only">{label}</span>
    </div>
  );
}
