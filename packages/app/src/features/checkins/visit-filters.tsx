import { deferredModule, formatDate, useAfterPaint } from '@anaquel/ui';
import { OutOfRangeFilter } from './geo-status';
import type * as VisitPickers from './visit-pickers';
import { CHECK_IN_MAX_DAYS, cutVisitRange } from './visit-dates';

type Pickers = typeof VisitPickers;

/**
 * The pickers' code (react-aria's date, calendar, combo box and popover modules: about 40 KB
 * brotli and a long render on a phone), fetched once the list's first rows have painted (issue
 * #20: they are a phone's largest paint), or when the pointer reaches a filter's placeholder.
 */
const visitPickers = deferredModule(() => import('./visit-pickers'));

const fieldDayFormat = new Intl.DateTimeFormat('es-MX', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' as the date field shows it (es-MX: '8/3/2026'). */
const fieldDay = (day: string) => fieldDayFormat.format(new Date(`${day}T00:00:00Z`));

const RANGE_RULE = `Máximo ${CHECK_IN_MAX_DAYS} días desde la fecha inicial.`;

// The placeholders take the place of the pickers with their size (label, 40 px field, help text),
// so nothing moves when the pickers replace them; hidden from assistive technology, which finds
// the real fields a moment later.
const placeholderBox =
  'flex h-10 items-center truncate rounded-lg border border-border-strong bg-surface px-3 text-sm';

/** The date filter, its permanent hint of the 7-day rule and, when the rule cut it, a note. */
function VisitDates({
  pickers,
  params,
  range,
  onChange,
  onReach,
}: {
  pickers: Pickers | null;
  params: URLSearchParams;
  range: { start: string; end: string };
  onChange: (range: { start: string; end: string }) => void;
  onReach: () => void;
}) {
  const asked = cutVisitRange(params, range);
  return (
    <div className="flex w-72 max-w-full flex-col gap-1">
      {pickers ? (
        <pickers.VisitDatesPicker range={range} description={RANGE_RULE} onChange={onChange} />
      ) : (
        <div aria-hidden="true" className="flex flex-col gap-1.5" onPointerEnter={onReach}>
          <span className="w-fit text-sm font-medium text-fg">Fechas</span>
          <span className={`${placeholderBox} text-fg`}>
            {`${fieldDay(range.start)} – ${fieldDay(range.end)}`}
          </span>
          <span className="text-xs text-fg-muted">{RANGE_RULE}</span>
        </div>
      )}
      {asked && (
        <p
          role="status"
          className="rounded-md bg-warning-soft px-2 py-1 text-sm text-warning-soft-fg"
        >
          {`Se pidió del ${formatDate(asked.start)} al ${formatDate(asked.end)}: se muestran solo ${CHECK_IN_MAX_DAYS} días, del ${formatDate(range.start)} al ${formatDate(range.end)}.`}
        </p>
      )}
    </div>
  );
}

/** The promoter filter's width, the same before and after its code is there. */
const PROMOTER_WIDTH = 'w-56';

interface VisitFiltersProps {
  params: URLSearchParams;
  range: { start: string; end: string };
  /** The promoter filter, for holders of VIEW_USERS only. */
  promoter: {
    items: readonly { id: number; name: string }[];
    value: number | null;
    isLoading: boolean;
  } | null;
  outOfRange: boolean;
  /** The list's first answer (rows, none or an error) is on screen. */
  rowsShown: boolean;
  /** Sets the URL's filter parameters (null removes one). */
  onChange: (change: Record<string, string | null>) => void;
}

/**
 * The visit list's filters (spec 1 §2): the dates, the promoter for holders of VIEW_USERS, and
 * 'Solo fuera de rango'. The two pickers show once their code is there (`visitPickers`).
 */
export function VisitFilters({
  params,
  range,
  promoter,
  outOfRange,
  rowsShown,
  onChange,
}: VisitFiltersProps) {
  // One turn per picker (see useAfterPaint): the date picker first, the promoter's after it.
  const [datePickers, loadDates] = useAfterPaint(visitPickers, rowsShown);
  const [promoterPickers, loadPromoter] = useAfterPaint(visitPickers, rowsShown);
  return (
    <div className="flex flex-wrap items-start gap-3">
      <VisitDates
        pickers={datePickers}
        params={params}
        range={range}
        onChange={(next) => onChange({ startDate: next.start, endDate: next.end })}
        onReach={loadDates}
      />
      {promoter &&
        (promoterPickers ? (
          <promoterPickers.PromoterPicker
            {...promoter}
            onChange={(key) => onChange({ promoterId: key === null ? null : String(Number(key)) })}
            className={PROMOTER_WIDTH}
          />
        ) : (
          <div
            aria-hidden="true"
            className={`flex flex-col gap-1.5 ${PROMOTER_WIDTH}`}
            onPointerEnter={loadPromoter}
          >
            <span className="w-fit text-sm font-medium text-fg">Promotor</span>
            <span className={`${placeholderBox} text-fg-muted`}>
              {promoter.items.find((item) => item.id === promoter.value)?.name ??
                'Todos los promotores'}
            </span>
          </div>
        ))}
      <OutOfRangeFilter isSelected={outOfRange} onChange={onChange} />
    </div>
  );
}
