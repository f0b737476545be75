import { checkInQueryOptions, type CheckIn } from '@anaquel/api';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from './date-time';
import { GeoStatusBadge, formatMetres } from './geo-status';

const distanceText = (metres: number | null) =>
  metres === null ? 'Sin dato' : formatMetres(metres);

/** Who, where and when, and how far from the point of sale the visit started and ended. */
function VisitFacts({ visit }: { visit: CheckIn }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
      <dt className="text-fg-muted">Promotor</dt>
      <dd>{visit.user}</dd>
      <dt className="text-fg-muted">Punto de venta</dt>
      <dd>{visit.pointOfSale}</dd>
      <dt className="text-fg-muted">Inicio</dt>
      <dd>
        <DateTime value={visit.startDate} />
      </dd>
      <dt className="text-fg-muted">Fin</dt>
      <dd>
        <DateTime value={visit.endDate} />
      </dd>
      <dt className="text-fg-muted">Distancia de entrada</dt>
      <dd className="tabular-nums">{distanceText(visit.checkInDistance)}</dd>
      <dt className="text-fg-muted">Distancia de salida</dt>
      <dd className="tabular-nums">{distanceText(visit.checkOutDistance)}</dd>
    </dl>
  );
}

/**
 * The header of a visit's surveys screen (issue #24): the visit and its geo-verification; nothing
 * while it loads, and a failure leaves the surveys below usable.
 */
export function VisitHeader({ checkInId }: { checkInId: number }) {
  const visit = useQuery(checkInQueryOptions(checkInId));
  if (!visit.data) return null;
  return (
    <section aria-label="Datos de la visita" className="flex flex-col gap-2">
      <div>
        <GeoStatusBadge status={visit.data.geoStatus} />
      </div>
      <VisitFacts visit={visit.data} />
    </section>
  );
}
