import type { CheckIn, GeoStatus } from '@anaquel/api';
import { Badge, Checkbox, type BadgeTone } from '@anaquel/ui';
import { OUT_OF_RANGE_PARAM } from './visit-dates';

// Geo-verification (issue #24, docs/geo.md): the server measures and judges; the screens say it.

const wholeMetres = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });
const kilometres = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** '48 m', '1,250 m'; from 10 km on, '12.5 km' (the figure a supervisor compares, es-MX). */
export function formatMetres(metres: number): string {
  return metres < 10_000
    ? `${wholeMetres.format(metres)} m`
    : `${kilometres.format(metres / 1000)} km`;
}

/** The badge of each state but 'inRange' (the distance alone says it). */
const BADGES: Record<Exclude<GeoStatus, 'inRange'>, { label: string; tone: BadgeTone }> = {
  outOfRange: { label: 'Fuera de rango', tone: 'danger' },
  noPointOfSaleCoordinates: { label: 'Sin coordenadas', tone: 'neutral' },
  noVisitPosition: { label: 'Sin ubicación', tone: 'neutral' },
};

/** The state's badge; `compact` lets its words wrap in a narrow table column. */
export function GeoStatusBadge({ status, compact }: { status: GeoStatus; compact?: boolean }) {
  const { label, tone } =
    status === 'inRange' ? { label: 'En rango', tone: 'success' as const } : BADGES[status];
  return (
    <Badge
      tone={tone}
      className={compact ? 'rounded-lg px-1.5 text-center whitespace-normal' : undefined}
    >
      {label}
    </Badge>
  );
}

type Distances = Pick<CheckIn, 'checkInDistance' | 'checkOutDistance' | 'geoStatus'>;

/** The farther of the visit's two distances, null when neither is known. */
const fartherOf = ({ checkInDistance, checkOutDistance }: Distances): number | null =>
  checkInDistance === null && checkOutDistance === null
    ? null
    : Math.max(checkInDistance ?? 0, checkOutDistance ?? 0);

/** The list's 'Distancia' cell: the farther distance over its badge when it is not in range. */
export function VisitDistanceCell({ visit }: { visit: Distances }) {
  const farther = fartherOf(visit);
  return (
    <span className="flex flex-col items-end gap-1 tabular-nums">
      {farther !== null && <span>{formatMetres(farther)}</span>}
      {visit.geoStatus !== 'inRange' && <GeoStatusBadge status={visit.geoStatus} compact />}
    </span>
  );
}

// Read where the list's first query is built (visit-queries.ts), without this module's widgets.
export { outOfRangeFromParams } from './visit-dates';

/** The list's 'Solo fuera de rango' checkbox; `onChange` gets the URL parameter to set. */
export function OutOfRangeFilter({
  isSelected,
  onChange,
}: {
  isSelected: boolean;
  onChange: (change: Record<string, string | null>) => void;
}) {
  return (
    <Checkbox
      isSelected={isSelected}
      onChange={(on) => onChange({ [OUT_OF_RANGE_PARAM]: on ? '1' : null })}
      className="self-center"
    >
      Solo fuera de rango
    </Checkbox>
  );
}

export const noVisitsMessage = (outOfRange: boolean): string =>
  outOfRange ? 'No hay visitas fuera de rango en estas fechas.' : 'No hay visitas en estas fechas.';
