import { promotersQueryOptions } from '@anaquel/api';
import { ComboBox, DateRangePicker } from '@anaquel/ui';
import { useQuery } from '@tanstack/react-query';
import { FilterComboBox } from '../../../components/resource';
import { OutOfRangeFilter } from '../geo-status';
import { CHECK_IN_MAX_DAYS } from '../visit-dates';

/** The ids the gallery filters by beyond the list's (URL parameters of the same names). */
interface GalleryRecordIds {
  campaignId: number | null;
  pointOfSaleId: number | null;
  surveyId: number | null;
  questionId: number | null;
}

type Change = Record<string, string | null>;

const idText = (id: number | null) => (id === null ? null : String(id));

/**
 * Each picker's width, so the row wraps the same whatever is chosen; on a phone two a row (six
 * pickers one under the other pushed the photos below the first screen).
 */
const PICKER = 'w-[calc(50%-0.375rem)] sm:w-56';

/**
 * The promoter's picker takes a row of its own on a phone: at half width 'Todos los promotores'
 * (and most full names) were cut. With the four record pickers two a row after it, the bar is
 * as tall as before (the fifth picker no longer sits alone on a row).
 */
const PROMOTER_PICKER = 'w-full sm:w-56';

/**
 * Campaign, point of sale, survey and question: the paged options of `GET {resource}/options`
 * with the server's search from the third typed character (hundreds of points of sale), the
 * chosen record always named (through `Ids`), an empty field meaning all. The survey's options
 * narrow to the campaign's, the question's to the survey's; choosing a campaign or a survey
 * clears the choices under it, which may not belong to it.
 */
function RecordPickers({
  ids,
  onChange,
}: {
  ids: GalleryRecordIds;
  onChange: (c: Change) => void;
}) {
  const { campaignId, surveyId } = ids;
  return (
    <>
      <FilterComboBox
        className={PICKER}
        label="Campaña"
        allLabel="Todas"
        resource="/campaigns"
        errorMessage="Error al cargar las campañas"
        value={campaignId}
        onChange={(id) => onChange({ campaignId: idText(id), surveyId: null, questionId: null })}
      />
      <FilterComboBox
        className={PICKER}
        label="Punto de venta"
        resource="/pointofsales"
        errorMessage="Error al cargar los puntos de venta"
        value={ids.pointOfSaleId}
        onChange={(id) => onChange({ pointOfSaleId: idText(id) })}
      />
      <FilterComboBox
        className={PICKER}
        label="Cuestionario"
        resource="/surveys"
        params={campaignId === null ? {} : { campaignId }}
        errorMessage="Error al cargar los cuestionarios"
        value={surveyId}
        onChange={(id) => onChange({ surveyId: idText(id), questionId: null })}
      />
      <FilterComboBox
        className={PICKER}
        label="Pregunta"
        allLabel="Todas"
        resource="/questions"
        params={surveyId !== null ? { surveyId } : campaignId !== null ? { campaignId } : {}}
        errorMessage="Error al cargar las preguntas"
        value={ids.questionId}
        onChange={(id) => onChange({ questionId: idText(id) })}
      />
    </>
  );
}

/**
 * The gallery's filters, kept in the URL: the list's (dates, the promoter for holders of
 * VIEW_USERS, 'Solo fuera de rango', so both views show the same visits) and the records'.
 */
export function GalleryFilters({
  range,
  promoterId,
  outOfRange,
  canFilterByPromoter,
  ids,
  onChange,
}: {
  range: { start: string; end: string };
  promoterId: number | undefined;
  outOfRange: boolean;
  canFilterByPromoter: boolean;
  ids: GalleryRecordIds;
  onChange: (change: Change) => void;
}) {
  const promoters = useQuery({ ...promotersQueryOptions(), enabled: canFilterByPromoter });
  return (
    <div role="group" aria-label="Filtros" className="flex flex-wrap items-start gap-3">
      <DateRangePicker
        label="Fechas"
        description={`Máximo ${CHECK_IN_MAX_DAYS} días desde la fecha inicial.`}
        value={range}
        onChange={(next) => {
          if (next?.start && next.end) onChange({ startDate: next.start, endDate: next.end });
        }}
        className="w-72 max-w-full"
      />
      {canFilterByPromoter && (
        <ComboBox
          label="Promotor"
          placeholder="Todos los promotores"
          items={promoters.data ?? []}
          value={promoterId ?? null}
          isLoading={promoters.isPending}
          onChange={(key) => onChange({ promoterId: key === null ? null : String(Number(key)) })}
          className={PROMOTER_PICKER}
        />
      )}
      <RecordPickers ids={ids} onChange={onChange} />
      <OutOfRangeFilter isSelected={outOfRange} onChange={onChange} />
    </div>
  );
}
