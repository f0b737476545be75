import type { CheckInMapCluster, CheckInMapPointOfSale, CheckInMapVisit } from '@anaquel/api';
import { Button, Link, formatDateTime } from '@anaquel/ui';
import { Popup } from '@vis.gl/react-maplibre';
import { GeoStatusBadge, formatMetres } from '../geo-status';

// The map's popups (issue #24): HTML, so no glyphs are needed; a visit's says who, when, how far
// and links to its surveys.

export type Selection = { longitude: number; latitude: number } & (
  | { kind: 'visit'; visit: CheckInMapVisit }
  | { kind: 'cluster'; cluster: CheckInMapCluster }
  | { kind: 'place'; place: CheckInMapPointOfSale }
);

const count = new Intl.NumberFormat('es-MX');

/** A visit: promoter, point of sale, start, distance and state, and its surveys. */
function VisitDetails({ visit }: { visit: CheckInMapVisit }) {
  return (
    <div className="flex flex-col gap-1 text-sm text-fg">
      <p className="font-semibold">{visit.user}</p>
      <p>{visit.pointOfSale}</p>
      <p>
        <time dateTime={visit.startDate}>{formatDateTime(visit.startDate)}</time>
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <span>
          {visit.distance === null
            ? 'Distancia no disponible'
            : `Distancia: ${formatMetres(visit.distance)}`}
        </span>
        <GeoStatusBadge status={visit.geoStatus} />
      </p>
      {visit.unavailable ? (
        <p className="text-fg-muted">No disponible (NA): sin encuestas.</p>
      ) : (
        <Link href={`/checkins/${visit.id}/surveys`}>Ver encuestas de la visita</Link>
      )}
    </div>
  );
}

/** A cluster: how many visits, in each state. */
function ClusterDetails({
  cluster,
  onZoomIn,
}: {
  cluster: CheckInMapCluster;
  onZoomIn: () => void;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm text-fg">
      <p className="font-semibold">{`${count.format(cluster.count)} visitas en esta zona`}</p>
      <ul className="flex flex-col">
        <li>{`En rango: ${count.format(cluster.inRange)}`}</li>
        <li>{`Fuera de rango: ${count.format(cluster.outOfRange)}`}</li>
        <li>{`Distancia no disponible: ${count.format(cluster.unknown)}`}</li>
      </ul>
      <Button size="sm" variant="secondary" onPress={onZoomIn}>
        Acercar
      </Button>
    </div>
  );
}

export function MapPopup({
  selection,
  onClose,
  onZoomIn,
}: {
  selection: Selection;
  onClose: () => void;
  onZoomIn: (longitude: number, latitude: number) => void;
}) {
  return (
    <Popup
      longitude={selection.longitude}
      latitude={selection.latitude}
      onClose={onClose}
      closeOnClick={false}
      maxWidth="280px"
    >
      {selection.kind === 'visit' && <VisitDetails visit={selection.visit} />}
      {selection.kind === 'cluster' && (
        <ClusterDetails
          cluster={selection.cluster}
          onZoomIn={() => onZoomIn(selection.cluster.longitude, selection.cluster.latitude)}
        />
      )}
      {selection.kind === 'place' && (
        <p className="text-sm font-semibold text-fg">{`Punto de venta: ${selection.place.name}`}</p>
      )}
    </Popup>
  );
}
