import { useId, type ReactNode } from 'react';
import {
  CalendarIcon,
  ChevronDownIcon,
  deferredModule,
  fieldBorderStyles,
  fieldStackStyles,
  formatDate,
  useOnReach,
  type Reach,
  type ReachedPart,
} from '@anaquel/ui';
import { OutOfRangeFilter } from './geo-status';
import type * as VisitPickers from './visit-pickers';
import { CHECK_IN_MAX_DAYS, cutVisitRange } from './visit-dates';

type Pickers = typeof VisitPickers;

/**
 * The pickers' code (react-aria's date, calendar, combo box and popover modules: about 40 KB
 * brotli and a long render on a phone), fetched once the list's first rows have painted (issue
 * #20: they are a phone's largest paint). Each picker renders when the person reaches for its
 * placeholder (useOnReach): on a phone their first render was 50-90 ms tasks at 4x CPU, most of
 * the screen's blocking time after the rows, for filters many visits to the list never touch.
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

// The placeholders take the place of the pickers with their size and the fields' border (label,
// 40 px field, help text), so nothing moves when a picker replaces its placeholder.
const placeholderBox =
  'flex h-10 w-full cursor-pointer items-center gap-2 px-3 text-start text-sm outline-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/**
 * A picker before it is reached: its label, its value in a field-shaped button named by both, and
 * its help text. The pointer over it, its focus and a press on it render the picker (`reach`),
 * which then opens or takes the focus as the person meant (visit-pickers.tsx).
 */
function PickerPlaceholder({
  label,
  value,
  description,
  muted,
  icon,
  className,
  reach,
}: {
  label: string;
  value: string;
  description?: string;
  muted?: boolean;
  /** The picker's button at the field's end (the calendar, the list's chevron). */
  icon: ReactNode;
  className: string;
  reach: (how: Reach) => void;
}) {
  const id = useId();
  return (
    <div className={`${fieldStackStyles} ${className}`}>
      <span id={`${id}-label`} className="w-fit text-sm font-medium text-fg">
        {label}
      </span>
      <button
        type="button"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={description ? `${id}-description` : undefined}
        className={fieldBorderStyles({ className: [placeholderBox, muted && 'text-fg-muted'] })}
        onPointerEnter={() => reach('pointer')}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          // The picker replaces this button in this event; without the mouse events that follow
          // (no default focus on a removed button), the focus stays where the picker puts it.
          event.preventDefault();
          reach('press');
        }}
        onFocus={() => reach('focus')}
        onClick={() => reach('press')}
      >
        <span id={`${id}-value`} className="min-w-0 flex-1 truncate">
          {value}
        </span>
        <span aria-hidden="true" className="-me-0.5 text-fg-muted">
          {icon}
        </span>
      </button>
      {description && (
        <span id={`${id}-description`} className="text-xs text-fg-muted">
          {description}
        </span>
      )}
    </div>
  );
}

/** The date filter, its permanent hint of the 7-day rule and, when the rule cut it, a note. */
function VisitDates({
  picker,
  params,
  range,
  onChange,
}: {
  picker: ReachedPart<Pickers>;
  params: URLSearchParams;
  range: { start: string; end: string };
  onChange: (range: { start: string; end: string }) => void;
}) {
  const asked = cutVisitRange(params, range);
  const { part: pickers, reached, reach } = picker;
  return (
    <div className="flex w-72 max-w-full flex-col gap-1">
      {pickers && reached ? (
        <pickers.VisitDatesPicker
          range={range}
          description={RANGE_RULE}
          reached={reached}
          onChange={onChange}
        />
      ) : (
        <PickerPlaceholder
          label="Fechas"
          value={`${fieldDay(range.start)} – ${fieldDay(range.end)}`}
          description={RANGE_RULE}
          icon={<CalendarIcon className="size-4" />}
          className="w-full"
          reach={reach}
        />
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

/** The promoter filter before it is reached: the chosen promoter's name, or 'Todos los promotores'. */
function PromoterPlaceholder({
  promoter,
  reach,
}: {
  promoter: NonNullable<VisitFiltersProps['promoter']>;
  reach: (how: Reach) => void;
}) {
  const chosen = promoter.items.find((item) => item.id === promoter.value)?.name;
  return (
    <PickerPlaceholder
      label="Promotor"
      value={chosen ?? 'Todos los promotores'}
      muted={chosen === undefined}
      icon={<ChevronDownIcon className="size-4" />}
      className={PROMOTER_WIDTH}
      reach={reach}
    />
  );
}

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
  const datePicker = useOnReach(visitPickers, rowsShown);
  const promoterPicker = useOnReach(visitPickers, rowsShown);
  const { part: promoterPickers, reached: promoterReached } = promoterPicker;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <VisitDates
        picker={datePicker}
        params={params}
        range={range}
        onChange={(next) => onChange({ startDate: next.start, endDate: next.end })}
      />
      {promoter &&
        (promoterPickers && promoterReached ? (
          <promoterPickers.PromoterPicker
            {...promoter}
            reached={promoterReached}
            onChange={(key) => onChange({ promoterId: key === null ? null : String(Number(key)) })}
            className={PROMOTER_WIDTH}
          />
        ) : (
          <PromoterPlaceholder promoter={promoter} reach={promoterPicker.reach} />
        ))}
      <OutOfRangeFilter isSelected={outOfRange} onChange={onChange} />
    </div>
  );
}
