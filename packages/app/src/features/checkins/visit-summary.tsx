import { checkInSummaryQueryOptions } from '@anaquel/api';
import { Link } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';

const percent = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** `part` of `whole` in percent ('12.5 %'), '-' without any. */
const shareOf = (part: number, whole: number): string =>
  whole > 0 ? `${percent.format((part / whole) * 100)} %` : '-';

function visitsHref(start: string, end: string, extra = '') {
  return `/checkins?startDate=${start}&endDate=${end}${extra}`;
}

function Figure({
  label,
  value,
  href,
  hint,
}: {
  label: string;
  value: string;
  href: string;
  hint?: string;
}) {
  return (
    <li className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <Link href={href} variant="inline" className="flex flex-col gap-1 no-underline">
        <span className="text-sm font-medium text-fg-muted">{label}</span>
        <span className="text-3xl font-semibold text-fg tabular-nums">{value}</span>
        {hint && <span className="text-xs text-fg-muted">{hint}</span>}
      </Link>
    </li>
  );
}

/**
 * The visit figures a supervisor looks at first (issue 11), on the dashboard of holders of
 * VIEW_CHECKINS: visits today and in the last 7 days, the unavailable share, the average score
 * and the active promoters; each opens the visit list of its days.
 */
export function VisitSummary() {
  const summary = useQuery(checkInSummaryQueryOptions());
  if (summary.isPending) {
    return (
      <p role="status" className="text-fg-muted">
        Cargando visitas...
      </p>
    );
  }
  if (summary.isError) {
    return (
      <p role="alert" className="text-fg-muted">
        Error al cargar los datos.
      </p>
    );
  }
  const s = summary.data;
  const week = visitsHref(s.weekStart, s.today);
  const unavailableShare =
    s.visitsLast7Days > 0 ? (s.unavailableLast7Days / s.visitsLast7Days) * 100 : null;
  return (
    <section aria-labelledby="dashboard-visits" className="flex flex-col gap-3">
      <h2 id="dashboard-visits" className="text-base font-semibold text-fg">
        Visitas
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
        <Figure
          label="Visitas de hoy"
          value={String(s.visitsToday)}
          href={visitsHref(s.today, s.today)}
          hint={s.unavailableToday > 0 ? `${s.unavailableToday} no disponibles` : undefined}
        />
        <Figure label="Visitas en 7 días" value={String(s.visitsLast7Days)} href={week} />
        <Figure
          label="No disponibles (7 días)"
          value={unavailableShare === null ? '-' : `${percent.format(unavailableShare)} %`}
          href={week}
          hint={`${s.unavailableLast7Days} de ${s.visitsLast7Days} visitas`}
        />
        <Figure
          label="Puntaje promedio (7 días)"
          value={
            s.averageScoreLast7Days === null ? '-' : `${percent.format(s.averageScoreLast7Days)} %`
          }
          href={week}
        />
        <Figure
          label="Promotores activos (7 días)"
          value={String(s.activePromotersLast7Days)}
          href={week}
        />
        <Figure
          label="Fuera de rango (7 días)"
          value={shareOf(s.outOfRangeLast7Days, s.visitsLast7Days)}
          href={visitsHref(s.weekStart, s.today, '&outOfRange=1')}
          hint={`${s.outOfRangeLast7Days} de ${s.visitsLast7Days} visitas`}
        />
      </ul>
    </section>
  );
}
