import { Link } from '@anaquel/ui';

// The views of 'Visitas' (issue #24): the list, the map [and the gallery], each at its own path
// with the same URL parameters, so switching between them keeps the filters.

const VIEWS = [
  { path: '/checkins', label: 'Lista' },
  { path: '/checkins/mapa', label: 'Mapa' },
  { path: '/checkins/fotos', label: 'Fotos' },
] as const;

/** The switch between the views of 'Visitas'; `current` is the path of the one shown. */
export function VisitViews({ current, params }: { current: string; params: URLSearchParams }) {
  const search = params.toString();
  return (
    <nav aria-label="Vistas de visitas" className="flex gap-1 border-b border-border">
      {VIEWS.map((view) => {
        const isCurrent = view.path === current;
        return (
          <Link
            key={view.path}
            href={search ? `${view.path}?${search}` : view.path}
            aria-current={isCurrent ? 'page' : undefined}
            className={
              isCurrent
                ? '-mb-px border-b-2 border-brand px-3 py-2 font-medium text-fg no-underline'
                : 'px-3 py-2 text-fg-muted no-underline hover:text-fg'
            }
          >
            {view.label}
          </Link>
        );
      })}
    </nav>
  );
}
