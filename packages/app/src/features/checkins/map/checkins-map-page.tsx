import {
  checkInMapQueryOptions,
  mapPointsOfSaleQueryOptions,
  mapSettingsQueryOptions,
  promotersQueryOptions,
  type CheckInMap,
  type CheckInMapPointsOfSale,
} from '@anaquel/api';
import { Button, ComboBox, DateRangePicker, Link, Spinner } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthStore } from '../../../stores/auth-store';
import { OutOfRangeFilter, noVisitsMessage } from '../geo-status';
import { CHECK_IN_MAX_DAYS } from '../visit-dates';
import { VisitViews } from '../visit-views';
import { visitFilters } from '../visit-queries';
import { MAP_STATES, POINT_OF_SALE_COLOR, mapQuery, type MapBox } from './map-data';

// `/checkins/mapa` (issue #24, docs/geo.md, "Map"): the visits of the list's filters on a map,
// one by one when few, grouped by zone beyond; the list stays the accessible view of the same
// visits (the note under the map links to it with the same filters).

/** The canvas and maplibre-gl: fetched only here, while the filters and the legend render. */
const VisitsMap = lazy(() => import('./visits-map'));

const NO_PERMISSIONS: readonly string[] = [];
const count = new Intl.NumberFormat('es-MX');
const visitsWord = (n: number) => `${count.format(n)} ${n === 1 ? 'visita' : 'visitas'}`;

/** What the map shows, in words: how many visits are in view, elsewhere and without a place. */
export function mapSummary(data: CheckInMap, outOfRange: boolean): string {
  const total = data.inView + data.outsideView + data.withoutPosition;
  if (total === 0) return noVisitsMessage(outOfRange);
  const parts = [
    `${visitsWord(data.inView)} en el área visible${data.mode === 'clusters' ? ', agrupadas por zona' : ''}`,
  ];
  if (data.outsideView > 0) parts.push(`${visitsWord(data.outsideView)} fuera del área`);
  if (data.withoutPosition > 0)
    parts.push(`${visitsWord(data.withoutPosition)} sin ubicación (no aparecen en el mapa)`);
  return `${parts.join('; ')}.`;
}

function Legend({ placesNote }: { placesNote: string | null }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg">
      <ul aria-label="Leyenda del mapa" className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {MAP_STATES.map(({ state, label, color }) => (
          <li key={state} className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="inline-block size-3 rounded-full"
              style={{ backgroundColor: color }}
            />
            {label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden
            className="inline-block size-3 rounded-full border-2 bg-white"
            style={{ borderColor: POINT_OF_SALE_COLOR }}
          />
          Punto de venta
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden
            className="inline-block h-0 w-5 border-t-2 border-dashed border-danger"
          />
          Visita fuera de rango y su punto de venta
        </li>
      </ul>
      {placesNote && <p className="text-fg-muted">{placesNote}</p>}
    </div>
  );
}

function MapLoading() {
  return (
    <div className="flex h-full items-center justify-center gap-2 text-fg-muted">
      <Spinner />
      Cargando el mapa…
    </div>
  );
}

/** The list's filters: dates (7 days at most), the promoter (VIEW_USERS), 'Solo fuera de rango'. */
function MapFilters({
  filters,
  onChange,
}: {
  filters: ReturnType<typeof visitFilters>;
  onChange: (change: Record<string, string | null>) => void;
}) {
  const promoters = useQuery({
    ...promotersQueryOptions(),
    enabled: filters.canFilterByPromoter,
  });
  const items = useMemo(() => promoters.data ?? [], [promoters.data]);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <DateRangePicker
        label="Fechas"
        description={`Máximo ${CHECK_IN_MAX_DAYS} días desde la fecha inicial.`}
        value={filters.range}
        onChange={(next) => {
          if (next?.start && next.end) onChange({ startDate: next.start, endDate: next.end });
        }}
        className="w-72 max-w-full"
      />
      {filters.canFilterByPromoter && (
        <ComboBox
          label="Promotor"
          placeholder="Todos los promotores"
          items={items}
          value={filters.promoterId}
          isLoading={promoters.isPending}
          onChange={(key) => onChange({ promoterId: key === null ? null : String(Number(key)) })}
          className="min-w-56"
        />
      )}
      <OutOfRangeFilter isSelected={filters.outOfRange} onChange={onChange} />
    </div>
  );
}

function placesNoteOf(places: CheckInMapPointsOfSale | undefined): string | null {
  if (!places || places.total <= places.pointsOfSale.length) return null;
  return `Se muestran ${count.format(places.pointsOfSale.length)} de ${count.format(places.total)} puntos de venta de las campañas de estas fechas.`;
}

export default function CheckInsMapPage() {
  const permissions = useAuthStore((s) => s.user?.permissions ?? NO_PERMISSIONS);
  const [params, setParams] = useSearchParams();
  const filters = visitFilters(params, permissions);
  const [box, setBox] = useState<MapBox | null>(null);
  const settings = useQuery(mapSettingsQueryOptions());
  const visits = useQuery({
    ...checkInMapQueryOptions(
      mapQuery(filters, box ?? { west: 0, south: 0, east: 0, north: 0, zoom: 0 }),
    ),
    enabled: box !== null,
  });
  // Once per window of days: the same points of sale for every box the map shows.
  const places = useQuery(
    mapPointsOfSaleQueryOptions({ startDate: filters.range.start, endDate: filters.range.end }),
  );

  const setFilter = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(change)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace: true });
  };

  const listHref = params.size > 0 ? `/checkins?${params.toString()}` : '/checkins';
  let status = 'Cargando visitas…';
  if (visits.isError) status = 'No se pudieron cargar las visitas del mapa.';
  else if (visits.data) status = mapSummary(visits.data, filters.outOfRange);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-fg">Visitas</h1>
      <VisitViews current="/checkins/mapa" params={params} />
      <MapFilters filters={filters} onChange={setFilter} />
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-fg">
          {status}
        </p>
        {visits.isError && (
          <Button size="sm" variant="secondary" onPress={() => void visits.refetch()}>
            Reintentar
          </Button>
        )}
      </div>
      <Legend placesNote={placesNoteOf(places.data)} />
      <div
        role="region"
        aria-label="Mapa de visitas"
        aria-describedby="visits-map-note"
        aria-busy={visits.isFetching || settings.isPending}
        data-box={box ? JSON.stringify(box) : undefined}
        className="relative h-[60vh] min-h-96 overflow-hidden rounded-lg border border-border bg-surface-muted"
      >
        {settings.isPending ? (
          <MapLoading />
        ) : (
          <Suspense fallback={<MapLoading />}>
            <VisitsMap
              styleUrl={settings.data?.styleUrl ?? null}
              data={visits.data}
              pointsOfSale={places.data?.pointsOfSale}
              onBoxChange={setBox}
            />
          </Suspense>
        )}
      </div>
      <p id="visits-map-note" className="text-sm text-fg-muted">
        El mapa es otra vista de la lista: las mismas visitas, con los mismos filtros, se leen
        también como tabla. <Link href={listHref}>Ver estas visitas en la lista</Link>
      </p>
    </section>
  );
}
