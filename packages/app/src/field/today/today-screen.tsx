import {
  AlertTriangleIcon,
  Badge,
  Button,
  EmptyState,
  Link,
  Label,
  MapPinIcon,
  SearchIcon,
  inputStyles,
} from '@anaquel/ui';
import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Input, SearchField, type InputRenderProps } from 'react-aria-components';
import type { StoredVisit, StoredWork } from '../store/db';
import type { PositionState } from '../use-position';
import { dataAge } from './age';
import { formatDistance } from './distance';
import { PlaceList } from './place-list';
import { searchPlaces, sortPlaces, todayPlaces, type TodayPlace } from './today-list';

export interface TodayScreenProps {
  /** The signed-in promoter's name, for the header. */
  promoterName: string;
  work: StoredWork | null;
  visits: ReadonlyMap<string, StoredVisit>;
  position: PositionState;
  isLoading: boolean;
  isRefreshing: boolean;
  isOnline: boolean;
  /** Why the last download failed, or null. */
  problem: string | null;
  onRefresh: () => void;
  /** The clock the data's age is measured by (re-rendered every minute by the caller). */
  now: Date;
  /** The way to the outbox ('Pendientes de enviar (n)'), under the header's status. */
  outbox?: ReactNode;
  /** Where the header's 'Cerrar sesión' goes (the outbox, its confirmation open). */
  signOutHref?: string;
  /** What the promoter must know before visiting (the phone's clock, the store's eviction). */
  warnings?: readonly string[];
}

/** `/campo`: today's points of sale, nearest first, with the data's age and 'Actualizar'. */
export function TodayScreen(props: TodayScreenProps) {
  const { work, visits, position, isLoading } = props;
  const [query, setQuery] = useState('');
  // Typing stays responsive on a slow phone: the list follows a step behind.
  const deferredQuery = useDeferredValue(query);
  const here = position.status === 'known' ? position.position : null;
  // Keyed on the data, not the download: a refresh that brings the same day keeps the rows.
  const data = work?.data;
  const places = useMemo(
    () => (data ? sortPlaces(todayPlaces(data, visits, here)) : []),
    [data, visits, here],
  );
  const shown = useMemo(() => searchPlaces(places, deferredQuery), [places, deferredQuery]);

  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col bg-page text-fg">
      <TodayHeader {...props} />
      <main className="flex flex-1 flex-col gap-3 px-4 pt-3 pb-8">
        {props.warnings?.map((warning) => (
          <p
            key={warning}
            className="flex items-start gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-fg"
          >
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" />
            {warning}
          </p>
        ))}
        {work && work.data.campaigns.length > 0 && (
          <>
            <p className="text-sm text-fg-muted">
              {work.data.campaigns.length === 1 ? 'Campaña de hoy: ' : 'Campañas de hoy: '}
              <span className="font-medium text-fg">
                {work.data.campaigns.map((c) => c.name).join(', ')}
              </span>
            </p>
            <SearchBox query={query} onChange={setQuery} />
            <PositionNote position={position} />
          </>
        )}
        <TodayBody
          work={work}
          isLoading={isLoading}
          places={places}
          shown={shown}
          query={deferredQuery}
        />
      </main>
    </div>
  );
}

const searchInputClass = (renderProps: InputRenderProps) =>
  inputStyles({ ...renderProps, className: 'min-h-12 pl-10 text-base' });

/** The search by name or code; memoised, as react-aria's field is costly to render for nothing. */
const SearchBox = memo(function SearchBox({
  query,
  onChange,
}: {
  query: string;
  onChange: (query: string) => void;
}) {
  return (
    <SearchField
      value={query}
      onChange={onChange}
      className="flex flex-col gap-1.5"
      aria-describedby="campo-position-note"
    >
      <Label>Buscar punto de venta</Label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-fg-muted" />
        <Input placeholder="Nombre o código" className={searchInputClass} />
      </div>
    </SearchField>
  );
});

function TodayHeader({
  promoterName,
  work,
  isRefreshing,
  isOnline,
  problem,
  onRefresh,
  now,
  outbox,
  signOutHref,
}: TodayScreenProps) {
  return (
    <header className="sticky top-0 z-10 border-b border-border bg-surface px-4 py-3 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold">Visitas de hoy</h1>
          <p className="flex items-center gap-1 text-sm text-fg-muted">
            <span className="truncate">{promoterName}</span>
            {signOutHref && (
              <Link
                href={signOutHref}
                variant="ghost"
                className="-my-3 min-h-11 shrink-0 px-2 text-sm"
              >
                Cerrar sesión
              </Link>
            )}
          </p>
        </div>
        <Button
          variant="secondary"
          className="min-h-12 min-w-12 text-base"
          onPress={onRefresh}
          isPending={isRefreshing}
          isDisabled={!isOnline}
        >
          Actualizar
        </Button>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm" role="status">
        {!isOnline && <Badge tone="warning">Sin conexión</Badge>}
        {work ? (
          <span className="text-fg">{dataAge(work.takenAt, now)}</span>
        ) : (
          <span className="text-fg-muted">Sin datos descargados</span>
        )}
      </p>
      {problem && (
        <p className="mt-2 flex items-start gap-2 text-sm text-warning-soft-fg" role="alert">
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      )}
      {outbox}
    </header>
  );
}

function PositionNote({ position }: { position: PositionState }) {
  let text: string;
  if (position.status === 'known') {
    text = `Ordenados por distancia desde tu ubicación (precisión ${formatDistance(position.accuracy)}).`;
  } else if (position.status === 'locating') {
    text = 'Buscando tu ubicación…';
  } else {
    text =
      position.reason === 'denied'
        ? 'Sin permiso de ubicación: la lista va por nombre.'
        : 'Ubicación no disponible: la lista va por nombre.';
  }
  return (
    <p id="campo-position-note" className="flex items-center gap-2 text-sm text-fg-muted">
      <MapPinIcon className="size-4 shrink-0" />
      {text}
    </p>
  );
}

function TodayBody({
  work,
  isLoading,
  places,
  shown,
  query,
}: {
  work: StoredWork | null;
  isLoading: boolean;
  places: TodayPlace[];
  shown: TodayPlace[];
  query: string;
}) {
  if (!work) {
    return isLoading ? (
      <p className="py-10 text-center text-fg-muted">Cargando…</p>
    ) : (
      <EmptyState
        title="Aún no hay datos en este teléfono."
        description="Conéctate a internet y pulsa 'Actualizar' para descargar las visitas de hoy."
      />
    );
  }
  if (places.length === 0) {
    return (
      <EmptyState
        title="No tienes visitas hoy."
        description="No hay campañas vigentes con puntos de venta en tus regiones."
      />
    );
  }
  return (
    <>
      <p className="text-sm text-fg-muted" aria-live="polite">
        {shown.length === places.length
          ? `${places.length} ${places.length === 1 ? 'punto de venta' : 'puntos de venta'}`
          : `${shown.length} de ${places.length} puntos de venta`}
      </p>
      {shown.length === 0 ? (
        <EmptyState
          icon={SearchIcon}
          title={`Ningún punto de venta coincide con "${query.trim()}".`}
          description="Busca por nombre o por código."
        />
      ) : (
        <PlaceList places={shown} />
      )}
    </>
  );
}
