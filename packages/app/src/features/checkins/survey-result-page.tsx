import {
  checkInSurveyResultQueryOptions,
  galleryImage,
  isApiError,
  type ResultSegment,
} from '@anaquel/api';
import {
  ArrowLeftIcon,
  Link,
  Spinner,
  SurveyResultHeader,
  SurveyResultSegment,
  type ResultSegmentView,
} from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ScreenPrefetch } from '../../app/screen-table';
import { parseRouteId } from '../../components/resource/route-id';

/** The result as the ui shows it: photo ids become gallery images (thumbnail and full URLs). */
function toView(segment: ResultSegment): ResultSegmentView {
  return {
    ...segment,
    questions: segment.questions.map((answer) => ({
      ...answer,
      photoUrls: answer.photoUrls.map(galleryImage),
    })),
    segments: segment.segments.map(toView),
  };
}

function Message({ children, role }: { children: string; role?: 'alert' | 'status' }) {
  return (
    <p role={role} className="text-fg-muted">
      {children}
    </p>
  );
}

function resultQueryOptions(checkInSurveyId: number) {
  return {
    ...checkInSurveyResultQueryOptions(checkInSurveyId),
    // A 404 is shown on the page ('No se encontraron respuestas...'), not as a toast.
    meta: { handledStatuses: [404] },
  };
}

/** The answered survey of the URL, when its id is valid. */
export const prefetch: ScreenPrefetch = (queryClient, { params }) => {
  const checkInSurveyId = parseRouteId(params.checkInSurveyId);
  if (parseRouteId(params.checkInId) !== null && checkInSurveyId !== null)
    void queryClient.prefetchQuery(resultQueryOptions(checkInSurveyId));
};

/**
 * `/checkins/{checkInId}/surveys/{checkInSurveyId}` (spec 1 §2): one answered survey - the
 * header with the period, its minutes and 'answerPoints de surveyPoints puntos', then the nested
 * segments with every answer, its type, points and photos.
 */
export default function SurveyResultPage() {
  const params = useParams();
  const checkInId = parseRouteId(params.checkInId);
  const checkInSurveyId = parseRouteId(params.checkInSurveyId);
  const valid = checkInId !== null && checkInSurveyId !== null;
  const result = useQuery({ ...resultQueryOptions(checkInSurveyId ?? 0), enabled: valid });

  const back = valid ? (
    <Link
      href={`/checkins/${checkInId}/surveys`}
      className="inline-flex items-center gap-1 self-start"
    >
      <ArrowLeftIcon className="size-4" />
      Volver a las encuestas de la visita
    </Link>
  ) : (
    <Link href="/checkins" className="inline-flex items-center gap-1 self-start">
      <ArrowLeftIcon className="size-4" />
      Volver a visitas
    </Link>
  );

  let body;
  if (checkInId === null) {
    body = <Message role="alert">Id de la visita inválido</Message>;
  } else if (checkInSurveyId === null) {
    body = <Message role="alert">Id de la encuesta inválido</Message>;
  } else if (result.isPending) {
    body = (
      <div role="status" className="flex items-center gap-2 text-fg-muted">
        <Spinner size="sm" />
        Cargando respuestas de la encuesta...
      </div>
    );
  } else if (result.isError) {
    const { error } = result;
    body =
      isApiError(error) && error.statusCode === 404 ? (
        <Message role="status">No se encontraron respuestas para esta encuesta.</Message>
      ) : (
        <Message role="alert">{error.message || 'Error desconocido'}</Message>
      );
  } else if (result.data.checkInId !== checkInId) {
    // The answered survey exists, but of another visit: this visit has no such answers.
    body = <Message role="status">No se encontraron respuestas para esta encuesta.</Message>;
  } else {
    const data = result.data;
    body = (
      <>
        <SurveyResultHeader
          survey={data.survey}
          product={data.product}
          startDate={data.startDate}
          endDate={data.endDate}
          answerPoints={data.answerPoints}
          surveyPoints={data.surveyPoints}
        />
        {data.segments.length === 0 ? (
          <Message>Esta encuesta no contiene segmentos respondidos.</Message>
        ) : (
          <div className="flex flex-col gap-3">
            {data.segments.map((segment) => (
              <SurveyResultSegment key={segment.id} segment={toView(segment)} headingLevel={2} />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <section className="flex flex-col gap-4">
      {back}
      <h1 className="text-2xl font-semibold text-fg">Respuestas de la encuesta</h1>
      {body}
    </section>
  );
}
