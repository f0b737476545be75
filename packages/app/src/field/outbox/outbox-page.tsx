import { lazy, Suspense } from 'react';
import type { StoredVisit, StoredWork } from '../store/db';
import { signOutOfField } from './sign-out';
import type { OutboxView } from './use-outbox';

/**
 * The outbox's screen (its confirmation dialog among it) loads apart; `PendingLink` fetches it
 * at the first touch or once the loaded page is idle (`prefetch.ts`).
 */
export const loadPendingScreen = () => import('./pending-screen');
const PendingScreen = lazy(async () => ({ default: (await loadPendingScreen()).PendingScreen }));

export interface OutboxPageProps {
  outbox: OutboxView;
  /** The download, for the points of sale's names. */
  work: StoredWork | null;
  isOnline: boolean;
  todayHref: string;
  /** Opens a rejected visit, reopened as a draft, to correct it. */
  onCorrect?: (visit: StoredVisit) => void;
  /** Opens the sign-out's confirmation at once. */
  isSigningOut?: boolean;
}

/** `/campo/pendientes`. */
export function OutboxPage(props: OutboxPageProps) {
  const { outbox, work, isOnline, todayHref, onCorrect, isSigningOut } = props;
  const names = new Map(work?.data.pointsOfSale.map((place) => [place.id, place.name]));
  return (
    <Suspense fallback={<p className="p-4 text-fg-muted">Cargando…</p>}>
      <PendingScreen
        visits={outbox.visits}
        status={outbox.status}
        isOnline={isOnline}
        placeName={(id) => names.get(id) ?? `Punto de venta ${id}`}
        todayHref={todayHref}
        onSend={outbox.send}
        onDiscard={outbox.discard}
        // The last round of the outbox first, while the session holds: what it cannot send stays.
        onSignOut={() => signOutOfField(isOnline && outbox.unsent > 0 ? outbox.flush : undefined)}
        isSigningOut={isSigningOut}
        onReopen={
          onCorrect &&
          ((visit) => {
            void outbox.reopen(visit.uuid).then(() => onCorrect(visit));
          })
        }
      />
    </Suspense>
  );
}
