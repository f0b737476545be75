import { AlertTriangleIcon, Badge, Button, ConfirmDialog, EmptyState, Link } from '@anaquel/ui';
import { CheckCircleIcon, formatPoints } from '@anaquel/ui';
import { useState } from 'react';
import type { StoredVisit } from '../store/db';
import type { OutboxStatus } from './outbox';
import { isUnsent } from './outbox-visits';
import { reasonsByField, rejectionSummary } from './reasons';
import { SignOutButton } from './sign-out-button';

export interface PendingScreenProps {
  visits: readonly StoredVisit[];
  status: OutboxStatus;
  isOnline: boolean;
  /** The point of sale's name as the download has it (the code's visit carries only its id). */
  placeName: (pointOfSaleId: number) => string;
  /** Back to today's list. */
  todayHref: string;
  onSend: () => void;
  onDiscard: (uuid: string) => Promise<void>;
  /** Reopens a rejected visit to correct it; absent where the visit cannot be corrected. */
  onReopen?: (visit: StoredVisit) => void;
  /** Sends what it can and signs out (the unsent visits stay on the phone). */
  onSignOut: () => Promise<void>;
  /** Opens the sign-out's confirmation at once (reached from today's header). */
  isSigningOut?: boolean;
}

const STATE: Record<
  StoredVisit['state'],
  { label: string; tone: 'neutral' | 'info' | 'success' | 'danger' }
> = {
  draft: { label: 'En curso', tone: 'neutral' },
  pending: { label: 'Pendiente', tone: 'neutral' },
  sending: { label: 'Enviando…', tone: 'info' },
  sent: { label: 'Enviada', tone: 'success' },
  rejected: { label: 'Rechazada', tone: 'danger' },
};

/** A time as a promoter in Mexico reads it ('17:42'). */
function clock(instant: string): string {
  return new Intl.DateTimeFormat('es-MX', {
    timeZone: 'America/Mexico_City',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}

/** `/campo/pendientes`: the visits on their way to the server and those already there today. */
export function PendingScreen(props: PendingScreenProps) {
  const { visits, status, isOnline, todayHref, onSend } = props;
  const unsent = visits.filter(isUnsent).length;
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col bg-page text-fg">
      <header className="sticky top-0 z-10 border-b border-border bg-surface px-4 py-3 shadow-sm">
        <Link href={todayHref} className="inline-flex min-h-12 items-center text-base">
          ‹ Visitas de hoy
        </Link>
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-xl font-semibold">Pendientes de enviar ({unsent})</h1>
          <Button
            variant="primary"
            className="min-h-12 text-base"
            onPress={onSend}
            isPending={status.isSending}
            isDisabled={!isOnline || unsent === 0}
          >
            Enviar ahora
          </Button>
        </div>
        <SendingStatus status={status} isOnline={isOnline} />
      </header>
      <main className="flex flex-1 flex-col gap-3 px-4 pt-3 pb-8">
        {visits.length === 0 ? (
          <EmptyState
            icon={CheckCircleIcon}
            title="No hay visitas por enviar"
            description="Las visitas terminadas se envían solas en cuanto hay conexión."
          />
        ) : (
          <ul aria-label="Visitas por enviar y enviadas hoy" className="flex flex-col gap-3">
            {visits.map((visit) => (
              <VisitItem key={visit.uuid} visit={visit} {...props} />
            ))}
          </ul>
        )}
        <div className="mt-auto flex justify-end pt-6">
          <SignOutButton
            unsent={unsent}
            isOnline={isOnline}
            startOpen={props.isSigningOut}
            onSignOut={props.onSignOut}
          />
        </div>
      </main>
    </div>
  );
}

function SendingStatus({ status, isOnline }: { status: OutboxStatus; isOnline: boolean }) {
  const retry = status.retryAt === null ? null : clock(new Date(status.retryAt).toISOString());
  return (
    <div role="status" className="mt-2 flex flex-col gap-1 text-sm">
      {!isOnline && (
        <p>
          <Badge tone="warning">Sin conexión</Badge> Las visitas se enviarán al volver la señal.
        </p>
      )}
      {status.problem && (
        <p className="flex items-start gap-2 text-warning-soft-fg">
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            {status.problem}
            {retry && ` Próximo intento a las ${retry}.`}
          </span>
        </p>
      )}
    </div>
  );
}

function VisitItem({
  visit,
  placeName,
  onDiscard,
  onReopen,
}: { visit: StoredVisit } & PendingScreenProps) {
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const name = placeName(visit.pointOfSaleId);
  const state = STATE[visit.state];
  const summary = rejectionSummary(visit.validationErrors ?? []);
  return (
    <li
      aria-label={`${name}, ${state.label}`}
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{name}</p>
          <p className="text-sm text-fg-muted">
            {visit.unavailable ? 'No disponible' : 'Visita'} · llegada {clock(visit.startDate)}
          </p>
        </div>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      {visit.state === 'sent' && visit.syncedAt && (
        <p className="text-sm text-fg-muted">
          Recibida por el servidor a las {clock(visit.syncedAt)}
          {typeof visit.answerPoints === 'number' &&
            ` · ${formatPoints(visit.answerPoints)} puntos`}
        </p>
      )}
      {visit.state === 'rejected' && (
        <>
          <Reasons visit={visit} />
          <div className="flex flex-wrap gap-2">
            {onReopen && !visit.unavailable && summary.isCorrectable && (
              <Button
                variant="primary"
                className="min-h-12 text-base"
                onPress={() => onReopen(visit)}
              >
                Corregir
              </Button>
            )}
            <Button
              variant="secondary"
              className="min-h-12 text-base"
              onPress={() => setConfirming(true)}
            >
              Descartar
            </Button>
          </div>
          <ConfirmDialog
            isOpen={confirming}
            onOpenChange={setConfirming}
            title="Descartar visita"
            message={`¿Descartar la visita a ${name}? Se borrará de este teléfono con sus fotos y no se enviará.`}
            confirmLabel="Descartar"
            isPending={discarding}
            onConfirm={() => {
              setDiscarding(true);
              void onDiscard(visit.uuid).finally(() => {
                setDiscarding(false);
                setConfirming(false);
              });
            }}
          />
        </>
      )}
    </li>
  );
}

/** The server's reasons, by what they are about. */
function Reasons({ visit }: { visit: StoredVisit }) {
  const { explanation } = rejectionSummary(visit.validationErrors ?? []);
  return (
    <div className="rounded-lg bg-danger-soft p-3 text-sm text-danger-soft-fg">
      {explanation && <p className="mb-2">{explanation}</p>}
      <p className="font-medium">El servidor no aceptó la visita:</p>
      <dl className="mt-1 flex flex-col gap-1">
        {reasonsByField(visit.validationErrors ?? []).map(([field, messages]) => (
          <div key={field}>
            <dt className="font-medium">{field}</dt>
            {messages.map((message) => (
              <dd key={message}>{message}</dd>
            ))}
          </div>
        ))}
      </dl>
    </div>
  );
}
