import { type ReactElement, useContext } from 'react';
import {
  Button,
  Calendar as RACCalendar,
  CalendarCell,
  type CalendarCellRenderProps,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarStateContext,
  DateInput,
  type DateInputProps,
  DateSegment,
  Heading,
  RangeCalendar as RACRangeCalendar,
  RangeCalendarStateContext,
  useLocale,
} from 'react-aria-components';
import { tv, twMerge } from 'tailwind-variants';
import { ChevronLeftIcon, ChevronRightIcon } from '../../icons';
import { focusRing } from '../../lib/styles';

const navButton =
  'flex size-8 cursor-pointer items-center justify-center rounded-lg text-fg outline-none data-hovered:bg-surface-muted data-focus-visible:outline-2 data-focus-visible:outline-focus data-disabled:cursor-not-allowed data-disabled:text-fg-muted';

/** 'noviembre de 2026' as 'Noviembre de 2026': only the first letter is upper-case. */
function sentenceCase(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * The visible month as a sentence ('Noviembre de 2026'). CSS `capitalize` upper-cased every word
 * ('Noviembre De 2026'), which Spanish does not do, so the text is written here instead.
 */
function MonthTitle() {
  const single = useContext(CalendarStateContext);
  const range = useContext(RangeCalendarStateContext);
  const { locale } = useLocale();
  const state = single ?? range;
  if (!state) return null;
  const month = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: state.timeZone,
  }).format(state.visibleRange.start.toDate(state.timeZone));
  return <>{sentenceCase(month, locale)}</>;
}

function CalendarHeader() {
  return (
    <header className="flex items-center gap-1 pb-2">
      <Button slot="previous" className={navButton}>
        <ChevronLeftIcon className="size-4" />
      </Button>
      <Heading className="flex-1 text-center text-sm font-semibold text-fg">
        <MonthTitle />
      </Heading>
      <Button slot="next" className={navButton}>
        <ChevronRightIcon className="size-4" />
      </Button>
    </header>
  );
}

function Grid({
  children,
}: {
  children: (date: Parameters<typeof CalendarCell>[0]['date']) => ReactElement;
}) {
  return (
    <CalendarGrid className="border-separate border-spacing-0.5" weekdayStyle="short">
      <CalendarGridHeader>
        {(day) => (
          <CalendarHeaderCell className="size-9 text-xs font-semibold text-fg-muted capitalize">
            {day}
          </CalendarHeaderCell>
        )}
      </CalendarGridHeader>
      <CalendarGridBody>{children}</CalendarGridBody>
    </CalendarGrid>
  );
}

const cellStyles = tv({
  extend: focusRing,
  base: 'flex size-9 cursor-pointer items-center justify-center rounded-lg text-sm text-fg forced-color-adjust-none',
  variants: {
    isSelected: {
      true: 'bg-brand font-semibold text-brand-fg',
      false: 'data-hovered:bg-surface-muted',
    },
    isToday: { true: 'underline decoration-2 underline-offset-4' },
    isDisabled: { true: 'cursor-not-allowed text-fg-muted line-through' },
    isOutsideMonth: { true: 'hidden' },
  },
});

/** The month header and its day cells, each styled by `cellClassName`. */
function Month({ cellClassName }: { cellClassName: (state: CalendarCellRenderProps) => string }) {
  return (
    <>
      <CalendarHeader />
      <Grid>{(date) => <CalendarCell date={date} className={cellClassName} />}</Grid>
    </>
  );
}

/** Month grid for the single date picker. */
export function PickerCalendar() {
  return (
    <RACCalendar className="p-1">
      <Month
        cellClassName={(state) =>
          cellStyles({
            ...state,
            isToday: state.isToday,
            isDisabled: state.isDisabled || state.isUnavailable,
          })
        }
      />
    </RACCalendar>
  );
}

const rangeCellStyles = tv({
  extend: focusRing,
  base: 'flex size-9 cursor-pointer items-center justify-center text-sm text-fg forced-color-adjust-none',
  variants: {
    isSelected: {
      true: 'bg-brand-soft text-brand-soft-fg',
      false: 'rounded-lg data-hovered:bg-surface-muted',
    },
    isEdge: { true: 'rounded-lg bg-brand font-semibold text-brand-fg' },
    isToday: { true: 'underline decoration-2 underline-offset-4' },
    isDisabled: { true: 'cursor-not-allowed text-fg-muted line-through' },
    isOutsideMonth: { true: 'hidden' },
  },
});

/** Month grid for the range picker. */
export function PickerRangeCalendar() {
  return (
    <RACRangeCalendar className="p-1">
      <Month
        cellClassName={(state) =>
          rangeCellStyles({
            ...state,
            isEdge: state.isSelectionStart || state.isSelectionEnd,
            isDisabled: state.isDisabled || state.isUnavailable,
          })
        }
      />
    </RACRangeCalendar>
  );
}

/** The editable day/month/year segments (dd/mm/aaaa in es-MX). */
export function PickerDateInput({ className, ...props }: Omit<DateInputProps, 'children'>) {
  return (
    <DateInput
      {...props}
      className={twMerge(
        'flex min-w-0 items-center px-3 text-sm',
        typeof className === 'string' ? className : '',
      )}
    >
      {(segment) => (
        <DateSegment
          segment={segment}
          className={[
            // At least 24x24 px: each segment is its own target (WCAG 2.5.8).
            'inline-flex h-6 min-w-6 items-center justify-center rounded px-0.5 text-fg tabular-nums caret-transparent outline-none',
            'data-placeholder:text-fg-muted data-[type=literal]:min-w-0 data-[type=literal]:px-0 data-[type=literal]:text-fg-muted',
            'data-focused:bg-brand data-focused:text-brand-fg data-disabled:text-fg-muted',
          ].join(' ')}
        />
      )}
    </DateInput>
  );
}
