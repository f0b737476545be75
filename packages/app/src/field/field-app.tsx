import { isPromoterProfile, type SessionUser } from '@anaquel/api';
import { EmptyState, Link, ShieldIcon } from '@anaquel/ui';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useAuthStore } from '../stores/auth-store';
import { newVisit } from './check-in/check-in-rules';
import { PENDING_PATH, SIGN_OUT_PATH, TODAY_PATH, useFieldPage, visitHref } from './field-paths';
import { goToSignIn } from './field-session';
import { prefetchLater } from './prefetch';
import { OutboxPage } from './outbox/outbox-page';
import { PendingLink } from './outbox/pending-link';
import { useOutbox } from './outbox/use-outbox';
import { persistenceWarning, usePersistence } from './store/use-persistence';
import { clockSkewWarning } from './today/clock-skew';
import { todayPlaces } from './today/today-list';
import { TodayScreen } from './today/today-screen';
import { useFieldWork, type FieldWork } from './use-field-work';
import { usePosition } from './use-position';
import { toSyncCheckIn } from './visit/to-sync';

/**
 * The field app at /campo: a promoter's day; anybody else is told it is for promoters; a
 * signed-out visitor goes to /login. The signed-in user is the persisted one, so the app opens
 * offline too.
 */
export function FieldApp() {
  const user = useAuthStore((s) => (s.isAuthenticated ? s.user : null));
  useEffect(() => {
    if (!user) goToSignIn();
  }, [user]);
  if (!user) return null;
  // A profile the persisted user does not carry yet (signed in before it was sent) is learnt by
  // the session's renewal; until then the download itself refuses a non-promoter.
  if (user.profileName !== undefined && !isPromoterProfile(user.profileName)) {
    return <NotForStaff />;
  }
  return <PromoterDay user={user} />;
}

/** What a user who is not a promoter sees at /campo. */
function NotForStaff() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center p-4">
      <EmptyState
        icon={ShieldIcon}
        title={
          <span role="heading" aria-level={1}>
            Esta aplicación es para los promotores
          </span>
        }
        description="Tu perfil no es de promotor: las visitas se revisan en el sistema de administración."
      >
        {/* A page load, not a client route: the back-office is another entry (docs/field-app.md). */}
        <Link href="/" variant="primary" className="min-h-12 text-base">
          Ir al sistema de administración
        </Link>
      </EmptyState>
    </main>
  );
}

/**
 * The check-in (with its dialog and radio group, about a fifth of the page's code) loads apart,
 * fetched at the first touch or once the loaded page is idle (`prefetch.ts`); offline, the
 * service worker's precache has it.
 */
const loadCheckIn = () => import('./check-in/check-in-screen');
const CheckInScreen = lazy(async () => ({ default: (await loadCheckIn()).CheckInScreen }));
/** The visit's capture (the survey runner and its inputs) loads apart too, fetched the same way. */
const loadVisit = () => import('./visit/visit-screen');
const VisitScreen = lazy(async () => ({ default: (await loadVisit()).VisitScreen }));

function PromoterDay({ user }: { user: SessionUser }) {
  const field = useFieldWork(user.id);
  const outbox = useOutbox(user.id, toSyncCheckIn, field.visits);
  const position = usePosition();
  const isOnline = useOnline();
  const now = useMinuteClock();
  const [page, navigate] = useFieldPage();
  const { warnings, askPersistence } = useDayWarnings(field, outbox.unsent);
  useEffect(() => [loadCheckIn, loadVisit].forEach(prefetchLater), []);
  const place =
    page.name === 'check-in' && field.work
      ? todayPlaces(field.work.data, field.visits, null).find(
          (row) => row.pointOfSale.id === page.pointOfSaleId,
        )
      : undefined;
  return (
    <RouterProvider navigate={navigate}>
      {page.name === 'pending' ? (
        <OutboxPage
          outbox={outbox}
          work={field.work}
          isOnline={isOnline}
          todayHref={TODAY_PATH}
          isSigningOut={page.signOut}
          onCorrect={(visit) => navigate(visitHref(visit.uuid))}
        />
      ) : page.name === 'visit' ? (
        <Suspense fallback={<p className="p-4 text-fg-muted">Cargando…</p>}>
          <VisitScreen
            userId={user.id}
            uuid={page.uuid}
            view={page.view}
            position={position}
            listHref={TODAY_PATH}
            navigate={navigate}
            onFinished={field.recordVisit}
          />
        </Suspense>
      ) : place ? (
        <Suspense fallback={<p className="p-4 text-fg-muted">Cargando…</p>}>
          <CheckInScreen
            pointOfSale={place.pointOfSale}
            campaigns={place.campaigns}
            position={position}
            listHref={TODAY_PATH}
            onCheckIn={async (campaignId, unavailable) => {
              askPersistence();
              const visit = newVisit({
                campaignId,
                pointOfSaleId: place.pointOfSale.id,
                unavailable,
                position,
              });
              await field.recordVisit(visit);
              navigate(unavailable ? TODAY_PATH : visitHref(visit.uuid));
            }}
          />
        </Suspense>
      ) : (
        <TodayScreen
          promoterName={user.completeName}
          work={field.work}
          visits={field.visits}
          position={position}
          isLoading={field.isLoading}
          isRefreshing={field.isRefreshing}
          isOnline={isOnline}
          problem={field.problem}
          onRefresh={field.refresh}
          now={now}
          outbox={<PendingLink count={outbox.unsent} href={PENDING_PATH} />}
          signOutHref={SIGN_OUT_PATH}
          warnings={warnings}
        />
      )}
    </RouterProvider>
  );
}

/**
 * What today's list warns about: the phone's clock off the server's, and a browser that refuses
 * to keep the device store while visits are on it (asked for once there are some).
 */
function useDayWarnings(field: FieldWork, unsent: number) {
  const hasVisits = field.visits.size > 0 || unsent > 0;
  const storage = usePersistence(hasVisits);
  const warnings = [
    clockSkewWarning(field.work),
    persistenceWarning(storage.persistence, hasVisits),
  ].filter((warning) => warning !== null);
  return { warnings, askPersistence: storage.ask };
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online (`navigator.onLine`, its events). */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The time, renewed every 30 s: enough for 'Datos de hace 5 min'. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
