import {
  checkInsQueryOptions,
  galleryImage,
  promotersQueryOptions,
  type CheckIn,
} from '@anaquel/api';
import {
  DataTable,
  ImageCountButton,
  ListChecksIcon,
  MapPinIcon,
  YesNo,
  columnSizes,
  createDataTableColumnHelper,
  useDataTableState,
} from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAuthStore } from '../../stores/auth-store';
import { DATE_TIME_COLUMN, DateTime } from './date-time';
import { VisitViews } from './visit-views';
import { VisitDistanceCell, noVisitsMessage } from './geo-status';
import { mapsUrl } from './visit-dates';
import { VisitFilters } from './visit-filters';
import { FIRST_PAGE, visitFilters, visitListParams } from './visit-queries';

// A first load starts the list's query from visit-queries.ts (screen-table.ts); others keep it here.
export { prefetch } from './visit-queries';

const col = createDataTableColumnHelper<CheckIn>();

// Names wrap (two or three lines), so every column, 'Distancia' included (issue #24), fits a
// 1280 px screen beside the menu, with room for a classic scroll bar (issue #20).
const NAME_COLUMN = { ...columnSizes.text, size: 120, minSize: 120 } as const;

// spec 1 §2: promoter, point of sale, NA, start, end, sync date and the images; the campaign is
// there too, hidden at first ('Columnas' shows it).
const columns = col.columns([
  col.accessor('user', { header: 'Promotor', ...NAME_COLUMN }),
  col.accessor('pointOfSale', { header: 'Punto de venta', ...NAME_COLUMN }),
  col.accessor('campaign', { header: 'Campaña', ...columnSizes.text }),
  col.accessor('unavailable', {
    header: 'NA',
    // 'NA' and its sort arrow.
    ...columnSizes.flag,
    size: 64,
    minSize: 64,
    maxSize: 64,
    meta: { label: 'No disponible', align: 'center' },
    cell: (c) => <YesNo value={c.getValue()} />,
  }),
  col.accessor('startDate', {
    header: 'Inicio',
    ...DATE_TIME_COLUMN,
    cell: (c) => <DateTime value={c.getValue()} />,
  }),
  col.accessor('endDate', {
    header: 'Fin',
    ...DATE_TIME_COLUMN,
    cell: (c) => <DateTime value={c.getValue()} />,
  }),
  col.accessor('syncedAt', {
    header: 'Sincronización',
    // The header's one long word and its sort arrow.
    ...DATE_TIME_COLUMN,
    size: 128,
    cell: (c) => <DateTime value={c.getValue()} />,
  }),
  col.accessor('geoStatus', {
    id: 'distance',
    header: 'Distancia',
    size: 100,
    minSize: 100,
    enableSorting: false,
    meta: { align: 'end' },
    cell: (c) => <VisitDistanceCell visit={c.row.original} />,
  }),
  col.accessor('photoUrls', {
    id: 'images',
    header: 'Imágenes',
    ...columnSizes.image,
    cell: (c) => (
      <ImageCountButton
        compact
        images={c.getValue().map(galleryImage)}
        title={`Visita de ${c.row.original.user} a ${c.row.original.pointOfSale}`}
      />
    ),
  }),
]);

const NO_PERMISSIONS: readonly string[] = [];

// The row actions are plain anchors styled like the ghost icon buttons, not react-aria links: a
// page holds thirty of them, and react-aria's press, hover and focus hooks per link were a large
// share of rendering the rows on a phone (issue #20). The browser's own link behaviour (Enter,
// middle click, 'open in a new tab') is what these need; the focus ring is CSS's :focus-visible.
const ROW_ACTION =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-fg transition-colors ' +
  'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';
// What react-aria renders for a disabled link: a span named as a link, out of the tab order.
const DISABLED_ROW_ACTION =
  'inline-flex h-8 w-8 cursor-not-allowed items-center justify-center text-fg-muted opacity-40';

function DisabledRowAction({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span role="link" aria-disabled="true" aria-label={label} className={DISABLED_ROW_ACTION}>
      {children}
    </span>
  );
}

/** A row action that opens a position on a map in a new tab; disabled without coordinates. */
function MapLink({
  label,
  latitude,
  longitude,
}: {
  label: string;
  latitude: number | null;
  longitude: number | null;
}) {
  const icon = <MapPinIcon className="size-4" />;
  if (latitude === null || longitude === null)
    return <DisabledRowAction label={label}>{icon}</DisabledRowAction>;
  return (
    <a
      href={mapsUrl(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      className={ROW_ACTION}
    >
      {icon}
    </a>
  );
}

/** The three row actions: where the visit started and ended on a map, and its surveys. */
function VisitActions({ row }: { row: CheckIn }) {
  const surveysLabel = `Ver encuestas de la visita a ${row.pointOfSale}`;
  const surveysIcon = <ListChecksIcon className="size-4" />;
  return (
    <>
      <MapLink
        label={`Ver ubicación de entrada de la visita a ${row.pointOfSale}`}
        latitude={row.checkInLatitude}
        longitude={row.checkInLongitude}
      />
      <MapLink
        label={`Ver ubicación de salida de la visita a ${row.pointOfSale}`}
        latitude={row.checkOutLatitude}
        longitude={row.checkOutLongitude}
      />
      {row.unavailable ? (
        <DisabledRowAction label={surveysLabel}>{surveysIcon}</DisabledRowAction>
      ) : (
        <RouterLink
          to={`/checkins/${row.id}/surveys`}
          aria-label={surveysLabel}
          className={ROW_ACTION}
        >
          {surveysIcon}
        </RouterLink>
      )}
    </>
  );
}

const HIDDEN_AT_FIRST: readonly string[] = ['campaign'];

/** Writes filters into the URL; spec 2 §4: the page goes back to 1 whenever a filter changes. */
function useSetFilter(
  params: URLSearchParams,
  setParams: ReturnType<typeof useSearchParams>[1],
  update: (change: { pageIndex: number }) => void,
) {
  return useCallback(
    (change: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(change)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      setParams(next, { replace: true });
      update({ pageIndex: 0 });
    },
    [params, setParams, update],
  );
}
const visitActions = (row: CheckIn) => <VisitActions row={row} />;

/**
 * `/checkins` 'Visitas' (spec 1 §2): the promoters' visits of a date window (yesterday to today
 * at first, 7 days at most), by promoter for holders of VIEW_USERS; the filters live in the URL
 * so the dashboard's figures link here and a reload keeps them.
 *
 * The table's props are kept stable (memoized) so that a render of the page that changes nothing
 * it shows (the router's scroll restoration on a reload, the rows' query answering before the
 * deferred rows render) skips the table and its rows.
 */
export default function CheckInsPage() {
  const permissions = useAuthStore((s) => s.user?.permissions ?? NO_PERMISSIONS);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => visitFilters(params, permissions), [params, permissions]);
  const { canFilterByPromoter, range, promoterId, outOfRange } = filters;

  const table = useDataTableState(FIRST_PAGE);
  const { update } = table;
  const promoters = useQuery({ ...promotersQueryOptions(), enabled: canFilterByPromoter });
  const page = useQuery(checkInsQueryOptions(visitListParams(filters, table.state)));
  const { refetch } = page;
  // A page of visits renders as a transition: React renders the table in slices, yielding to the
  // browser between them, instead of one long task that blocks a slow phone when the rows arrive.
  const shown = useDeferredValue(page.data);

  const setFilter = useSetFilter(params, setParams, update);
  const retry = useCallback(() => void refetch(), [refetch]);

  const promoter = useMemo(
    () =>
      canFilterByPromoter
        ? { items: promoters.data ?? [], value: promoterId, isLoading: promoters.isPending }
        : null,
    [canFilterByPromoter, promoters.data, promoterId, promoters.isPending],
  );
  const rowsShown = shown !== undefined || page.isError;
  const toolbar = useMemo(
    () => (
      <VisitFilters
        params={params}
        range={range}
        promoter={promoter}
        outOfRange={outOfRange}
        rowsShown={rowsShown}
        onChange={setFilter}
      />
    ),
    [params, range, promoter, outOfRange, rowsShown, setFilter],
  );

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-fg">Visitas</h1>
      <VisitViews current="/checkins" params={params} />
      <DataTable<CheckIn>
        label="Visitas"
        columns={columns}
        data={shown?.rows}
        totalCount={shown?.totalCount ?? 0}
        totalPages={shown?.totalPages}
        state={table.state}
        onStateChange={table.onStateChange}
        isLoading={page.isPending || (page.data !== undefined && shown === undefined)}
        isFetching={
          (page.isFetching && !page.isPending) || (shown !== undefined && shown !== page.data)
        }
        isError={page.isError}
        onRetry={retry}
        emptyMessage={noVisitsMessage(outOfRange)}
        // GET checkins has no text filter: the dates and the promoter filter it.
        searchable={false}
        initialHiddenColumns={HIDDEN_AT_FIRST}
        // Three 32 px icon links with their gaps and padding.
        rowActionsSize={120}
        rowActions={visitActions}
        toolbar={toolbar}
      />
    </section>
  );
}
