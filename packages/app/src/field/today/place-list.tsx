import { Badge, CheckCircleIcon, Link, StoreIcon } from '@anaquel/ui';
import { memo, startTransition, useEffect, useState } from 'react';
import { checkInHref } from '../field-paths';
import { formatDistance } from './distance';
import { addressOf, isVisited, type TodayPlace } from './today-list';

/** The rows a phone's first screen shows, with room to spare: rendered before the others. */
const FIRST_ROWS = 6;

/**
 * Today's rows. Memoised: the app re-renders around the list (the clock, the position's note,
 * the outbox's count, a refresh's spinner) far more often than the rows change. A long day
 * renders its first screenful at once and the rest right after that paint, as a transition
 * React splits into short tasks: a phone's main thread is never held for the whole list while
 * the promoter waits for the first row.
 */
export const PlaceList = memo(function PlaceList({ places }: { places: readonly TodayPlace[] }) {
  const [showAll, setShowAll] = useState(places.length <= FIRST_ROWS);
  useEffect(() => {
    if (showAll) return;
    const id = window.setTimeout(() => startTransition(() => setShowAll(true)));
    return () => window.clearTimeout(id);
  }, [showAll]);
  const rows = showAll ? places : places.slice(0, FIRST_ROWS);
  return (
    <ul aria-label="Puntos de venta de hoy" className="flex flex-col gap-3">
      {rows.map((place) => (
        <PlaceItem key={place.pointOfSale.id} place={place} />
      ))}
    </ul>
  );
});

function PlaceItem({ place }: { place: TodayPlace }) {
  const { pointOfSale, campaigns, distance } = place;
  const visited = isVisited(place);
  const titleId = `campo-place-${pointOfSale.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex min-h-12 flex-col gap-1.5 rounded-xl border border-border bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="flex min-w-0 items-start gap-2 text-base font-semibold">
          <StoreIcon className="mt-0.5 size-5 shrink-0 text-fg-muted" />
          <span>{pointOfSale.name}</span>
        </h2>
        {distance !== null && (
          <span className="shrink-0 text-base font-semibold text-brand-soft-fg">
            <span className="sr-only">A </span>
            {formatDistance(distance)}
          </span>
        )}
      </div>
      <p className="text-sm text-fg-muted">
        <span className="font-mono text-fg">{pointOfSale.code}</span> · {addressOf(pointOfSale)}
      </p>
      {visited && (
        <p>
          <Badge tone="success">
            <CheckCircleIcon className="size-4" />
            Visitado hoy
          </Badge>
        </p>
      )}
      <ul aria-label="Campañas" className="flex flex-col gap-1 text-sm">
        {campaigns.map(({ campaignId, name, visit }) => (
          <li key={campaignId} className="flex items-center gap-2">
            <span className="min-w-0 flex-1">{name}</span>
            {visit?.unavailable && <Badge tone="warning">No disponible</Badge>}
            {visit && !visit.unavailable && visit.state !== 'draft' && (
              <span className="text-success-soft-fg">
                <CheckCircleIcon className="inline size-4" aria-hidden />
                <span className="sr-only"> visitada hoy</span>
              </span>
            )}
            {visit?.state === 'draft' && <Badge tone="info">En curso</Badge>}
          </li>
        ))}
      </ul>
      <Link
        href={checkInHref(pointOfSale.id)}
        variant="secondary"
        className="mt-1 min-h-12 text-base"
        aria-label={`Visitar ${pointOfSale.name}`}
      >
        Visitar
      </Link>
    </li>
  );
}
