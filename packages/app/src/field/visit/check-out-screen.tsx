import { Button, scoreText } from '@anaquel/ui';
import { FieldFrame } from '../field-frame';
import { useState } from 'react';
import type { StoredVisit } from '../store/db';
import { formatDistance } from '../today/distance';
import type { PositionState } from '../use-position';
import { checkOut, pendingCount, surveysProgress } from './visit-rules';
import type { VisitSurvey } from './visit-surveys';

export interface CheckOutScreenProps {
  visit: StoredVisit;
  targets: VisitSurvey[];
  position: PositionState;
  backHref: string;
  /** Stores the visit checked out (pending for the outbox). */
  onFinish: (visit: StoredVisit) => Promise<void>;
}

function positionText(position: PositionState): string {
  switch (position.status) {
    case 'known':
      return `Se guardará tu ubicación (±${formatDistance(position.accuracy)}).`;
    case 'locating':
      return 'Buscando tu ubicación…';
    case 'unavailable':
      return 'Sin ubicación: la salida se registrará sin coordenadas.';
  }
}

/**
 * The check-out: a summary of the visit (surveys done, photos, the score the engine gives, the
 * same the server will store) and 'Terminar visita', which takes the position and time and puts
 * the visit in the outbox. A survey with a question the sync would refuse holds it back.
 */
export function CheckOutScreen({
  visit,
  targets,
  position,
  backHref,
  onFinish,
}: CheckOutScreenProps) {
  const [saving, setSaving] = useState(false);
  const progress = surveysProgress(visit, targets);
  const opened = progress.filter((p) => p.state !== null);
  const done = opened.filter((p) => p.state?.errors.size === 0).length;
  const pending = pendingCount(progress);
  const points = opened.reduce((sum, p) => sum + (p.state?.points ?? 0), 0);
  const maxPoints = opened.reduce((sum, p) => sum + (p.state?.maxPoints ?? 0), 0);
  const questionPhotos = visit.surveys.reduce(
    (sum, s) => sum + s.answers.reduce((n, a) => n + (a.photoKeys?.length ?? 0), 0),
    0,
  );
  const photos = visit.photoKeys.length + questionPhotos;
  return (
    <FieldFrame backHref={backHref} backLabel="Volver a la visita">
      <h1 className="text-xl font-semibold">Registrar salida</h1>
      <dl
        aria-label="Resumen de la visita"
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-xl border border-border bg-surface p-4"
      >
        <dt>Cuestionarios completos</dt>
        <dd className="font-semibold tabular-nums">{`${done} de ${targets.length}`}</dd>
        <dt>Fotos</dt>
        <dd className="font-semibold tabular-nums">{photos}</dd>
        <dt>Puntaje</dt>
        <dd className="font-semibold tabular-nums">{scoreText(points, maxPoints)}</dd>
      </dl>
      {pending > 0 ? (
        <p
          role="alert"
          className="rounded-xl border border-danger bg-surface p-4 text-sm text-danger"
        >
          {pending === 1 ? 'Hay 1 pregunta pendiente' : `Hay ${pending} preguntas pendientes`} en
          los cuestionarios: corrígelas antes de terminar la visita.
        </p>
      ) : (
        opened.length < targets.length && (
          <p
            role="status"
            className="rounded-xl border border-warning bg-warning-soft p-4 text-sm text-warning-soft-fg"
          >
            {targets.length - opened.length === 1
              ? 'Un cuestionario quedó sin responder.'
              : `${targets.length - opened.length} cuestionarios quedaron sin responder.`}
          </p>
        )
      )}
      <p role="status" className="text-sm text-fg-muted">
        {positionText(position)}
      </p>
      <Button
        className="min-h-12 w-full text-base"
        isDisabled={pending > 0 || saving}
        isPending={saving}
        onPress={() => {
          setSaving(true);
          void onFinish(checkOut(visit, targets, position, new Date())).finally(() =>
            setSaving(false),
          );
        }}
      >
        Terminar visita
      </Button>
    </FieldFrame>
  );
}
