import { checkInSummaryQueryOptions } from '@anaquel/api';
import { Link } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { VisitSummary } from '../../features/checkins/visit-summary';
import { useAuthStore } from '../../stores/auth-store';
import { visibleMenu } from '../menu';
import type { ScreenPrefetch } from '../screen-table';

/** The visit figures, for holders of VIEW_CHECKINS (VisitSummary's query). */
export const prefetch: ScreenPrefetch = (queryClient, { permissions }) => {
  if (permissions.includes('VIEW_CHECKINS'))
    void queryClient.prefetchQuery(checkInSummaryQueryOptions());
};

/** `/dashboard`: the landing screen of every signed-in user, with shortcuts to what they may open. */
export default function DashboardPage() {
  const user = useAuthStore((s) => s.user);
  const menu = visibleMenu(user?.permissions ?? null);
  const firstName = user?.completeName.trim().split(/\s+/)[0];
  const showsVisits = user?.permissions.includes('VIEW_CHECKINS') ?? false;
  // The shortcuts show once the visit figures above them are there (VisitSummary's query): shown
  // earlier, the figures' arrival would push them down the page.
  const summary = useQuery({ ...checkInSummaryQueryOptions(), enabled: showsVisits });
  // Deferred: the shortcuts (a Link each) render as a transition after the figures, in slices,
  // rather than in the figures' task.
  const waitsForVisits = useDeferredValue(showsVisits && summary.isPending);

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-fg">Panel de control</h1>
        {firstName && <p className="text-fg-muted">Hola, {firstName}. ¿Qué quieres revisar hoy?</p>}
      </div>

      {showsVisits && <VisitSummary />}

      {waitsForVisits ? null : menu.groups.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {menu.groups.map((group) => (
            <section
              key={group.id}
              aria-labelledby={`dashboard-${group.id}`}
              className="rounded-xl border border-border bg-surface p-4 shadow-sm"
            >
              <h2
                id={`dashboard-${group.id}`}
                className="mb-3 flex items-center gap-2 text-base font-semibold text-fg"
              >
                <group.icon className="text-fg-muted" />
                {group.label}
              </h2>
              <ul className="flex flex-col gap-1">
                {group.entries.map((entry) => (
                  <li key={entry.path}>
                    <Link href={entry.path}>{entry.label}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : (
        <p className="text-fg-muted">Aún no hay secciones disponibles para tu cuenta.</p>
      )}
    </section>
  );
}
