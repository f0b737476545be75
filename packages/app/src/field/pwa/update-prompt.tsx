import { Button } from '@anaquel/ui';
import { useState } from 'react';

export interface UpdatePromptProps {
  /** A new version is ready (waiting, or already taken by another tab). */
  available: boolean;
  /** A visit is being captured (a draft exists): the update waits until it is finished. */
  visitInProgress: boolean;
  /** Reads the store again right before updating; true (and `visitInProgress` follows) stops it. */
  checkVisitInProgress: () => Promise<boolean>;
  /** Moves the page to the new version (it reloads). */
  onUpdate: () => void;
}

/**
 * 'Hay una nueva versión' with 'Actualizar': the field app never reloads by itself, and never
 * while a visit is in progress (docs/field-app.md "Installable"): then it asks to finish it first.
 * A band above the page, in the flow: it never covers a screen's own controls.
 */
export function UpdatePrompt({
  available,
  visitInProgress,
  checkVisitInProgress,
  onUpdate,
}: UpdatePromptProps) {
  const [isUpdating, setUpdating] = useState(false);
  if (!available) return null;
  const update = async () => {
    setUpdating(true);
    try {
      // What was read may be stale: a visit may have started in another tab since.
      if (!(await checkVisitInProgress())) onUpdate();
    } finally {
      setUpdating(false);
    }
  };
  return (
    <aside
      aria-label="Nueva versión"
      className="border-b border-border bg-brand-soft p-3 pt-[max(0.75rem,env(safe-area-inset-top))]"
    >
      <div className="mx-auto flex max-w-md flex-wrap items-center gap-3">
        <p role="status" className="min-w-0 flex-1 text-base text-fg">
          <strong className="block font-semibold">Hay una nueva versión</strong>
          {visitInProgress ? (
            <span className="text-fg-muted">
              Termina la visita en curso para actualizar: no se pierde nada de lo capturado.
            </span>
          ) : (
            <span className="text-fg-muted">Actualiza cuando termines lo que estás haciendo.</span>
          )}
        </p>
        {!visitInProgress && (
          <Button
            // The list has its own 'Actualizar' (the day's data): the name tells them apart.
            aria-label="Actualizar la aplicación"
            variant="primary"
            className="min-h-12 min-w-12 text-base"
            onPress={() => void update()}
            isPending={isUpdating}
          >
            Actualizar
          </Button>
        )}
      </div>
    </aside>
  );
}
