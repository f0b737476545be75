import {
  DateRangePicker as RACDateRangePicker,
  I18nProvider,
  type DateValue,
} from 'react-aria-components';
import { PickerDateInput, PickerRangeCalendar } from '../date-picker/calendar-parts';
import { toCalendarDate, toIsoDate } from '../date-picker/iso-date';
import { PickerShell, pickerProps, type PickerFieldProps } from '../date-picker/picker-field';
import { clampCheckInRange, type IsoDateRange } from './clamp-check-in-range';

export interface DateRangePickerProps extends PickerFieldProps {
  /** The range as 'YYYY-MM-DD' strings; null when empty. */
  value?: IsoDateRange | null;
  /** Called with the new complete range (both dates), or null when it is cleared. */
  onChange?: (value: IsoDateRange | null) => void;
  /**
   * Longest range in days: a longer choice is cut to this many days from its start, and an end
   * before the start collapses onto the end (spec 1 §4 uses 7 for the check-in filter).
   */
  maxDays?: number;
  /** Form field names of the two dates. */
  startName?: string;
  /** Form field name of the end date. */
  endName?: string;
}

/**
 * Start and end dates in one field with a two-click range calendar (react-aria
 * `DateRangePicker`), working with ISO strings.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const { value, onChange, maxDays, startName, endName, locale = 'es-MX' } = props;
  const start = toCalendarDate(value?.start);
  const end = toCalendarDate(value?.end);
  const controlled = value === undefined ? {} : { value: start && end ? { start, end } : null };
  return (
    <I18nProvider locale={locale}>
      <RACDateRangePicker<DateValue>
        {...pickerProps(props)}
        {...controlled}
        onChange={(range) => {
          if (!range) return onChange?.(null);
          const next = { start: toIsoDate(range.start), end: toIsoDate(range.end) };
          onChange?.(maxDays === undefined ? next : clampCheckInRange(next, maxDays));
        }}
        startName={startName}
        endName={endName}
      >
        <PickerShell {...props} groupClassName="w-full min-w-64" calendar={<PickerRangeCalendar />}>
          <PickerDateInput slot="start" className="pe-1" />
          <span aria-hidden="true" className="text-fg-muted">
            –
          </span>
          <PickerDateInput slot="end" className="flex-1 ps-1" />
        </PickerShell>
      </RACDateRangePicker>
    </I18nProvider>
  );
}
