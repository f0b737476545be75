import { checkInSurveysQueryOptions, galleryImage, type CheckInSurvey } from '@anaquel/api';
import {
  ArrowLeftIcon,
  DataTable,
  EyeIcon,
  ImageCountButton,
  Link,
  columnSizes,
  createDataTableColumnHelper,
  formatPoints,
  useDataTableState,
} from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useFilter } from 'react-aria-components';
import { useParams } from 'react-router';
import { parseRouteId } from '../../components/resource';
import { DATE_TIME_COLUMN, DateTime } from './date-time';
import { VisitHeader } from './visit-header';

const col = createDataTableColumnHelper<CheckInSurvey>();

// spec 1 §2: survey, product, start, end, images; and the points stored at sync time.
const columns = col.columns([
  col.accessor('survey', { header: 'Cuestionario', ...columnSizes.text, enableSorting: false }),
  col.accessor('product', {
    header: 'Producto',
    ...columnSizes.text,
    enableSorting: false,
    cell: (c) => c.getValue() ?? '-',
  }),
  col.accessor('startDate', {
    header: 'Inicio',
    ...DATE_TIME_COLUMN,
    enableSorting: false,
    cell: (c) => <DateTime value={c.getValue()} />,
  }),
  col.accessor('endDate', {
    header: 'Fin',
    ...DATE_TIME_COLUMN,
    enableSorting: false,
    cell: (c) => <DateTime value={c.getValue()} />,
  }),
  col.accessor('answerPoints', {
    header: 'Puntos',
    size: 110,
    enableSorting: false,
    meta: { align: 'end' },
    cell: (c) => `${formatPoints(c.getValue())} de ${formatPoints(c.row.original.surveyPoints)}`,
  }),
  col.accessor('photoUrls', {
    id: 'images',
    header: 'Imágenes',
    ...columnSizes.image,
    cell: (c) => (
      <ImageCountButton
        compact
        images={c.getValue().map(galleryImage)}
        title={c.row.original.product ?? c.row.original.survey}
      />
    ),
  }),
]);

function BackToVisits() {
  return (
    <Link href="/checkins" className="inline-flex items-center gap-1 self-start">
      <ArrowLeftIcon className="size-4" />
      Volver a visitas
    </Link>
  );
}

/** The surveys whose name or product contains `filter`, ignoring case and accents. */
function useMatchingSurveys(surveys: CheckInSurvey[] | undefined, filter: string) {
  const { contains } = useFilter({ sensitivity: 'base' });
  return useMemo(
    () =>
      filter
        ? surveys?.filter(
            (s) =>
              contains(s.survey, filter) || (s.product !== null && contains(s.product, filter)),
          )
        : surveys,
    [surveys, filter, contains],
  );
}

/** `/checkins/{checkInId}/surveys` (spec 1 §2): the surveys answered at one visit. */
export default function CheckInSurveysPage() {
  const checkInId = parseRouteId(useParams().checkInId);
  const surveys = useQuery({
    ...checkInSurveysQueryOptions(checkInId ?? 0),
    enabled: checkInId !== null,
  });
  // The list is short (the visit's surveys): it is searched and paged on the client.
  const table = useDataTableState();
  const { pageIndex, pageSize, filter } = table.state;
  const matching = useMatchingSurveys(surveys.data, filter);
  const rows = matching?.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);

  if (checkInId === null) {
    return (
      <section className="flex flex-col gap-4">
        <BackToVisits />
        <p role="alert" className="text-danger">
          Id de la visita inválido
        </p>
      </section>
    );
  }
  return (
    <section className="flex flex-col gap-4">
      <BackToVisits />
      <h1 className="text-2xl font-semibold text-fg">Encuestas de la visita</h1>
      <VisitHeader checkInId={checkInId} />
      <DataTable<CheckInSurvey>
        label="Encuestas de la visita"
        columns={columns}
        data={rows}
        totalCount={matching?.length ?? 0}
        state={table.state}
        onStateChange={table.onStateChange}
        isLoading={surveys.isPending}
        isError={surveys.isError}
        onRetry={() => void surveys.refetch()}
        emptyMessage={
          filter
            ? 'Ninguna encuesta de la visita coincide con la búsqueda.'
            : 'Esta visita no tiene encuestas respondidas.'
        }
        searchPlaceholder="Buscar cuestionario o producto…"
        rowActionsSize={80}
        rowActions={(row) => (
          <Link
            href={`/checkins/${checkInId}/surveys/${row.id}`}
            variant="ghost"
            aria-label={`Ver respuestas de ${row.product ? `${row.survey} (${row.product})` : row.survey}`}
            className="h-8 w-8 px-0"
          >
            <EyeIcon className="size-4" />
          </Link>
        )}
      />
    </section>
  );
}
