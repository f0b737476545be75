import { DatePicker as RACDatePicker, I18nProvider, type DateValue } from 'react-aria-components';
import { PickerCalendar, PickerDateInput } from './calendar-parts';
import { toCalendarDate, toIsoDate } from './iso-date';
import { PickerShell, pickerProps, type PickerFieldProps } from './picker-field';

export interface DatePickerProps extends PickerFieldProps {
  /** The date as 'YYYY-MM-DD'; null or '' when empty. */
  value?: string | null;
  /** Called with the new date as 'YYYY-MM-DD', or null when it is cleared. */
  onChange?: (value: string | null) => void;
  /** Days that cannot be chosen. */
  isDateUnavailable?: (date: string) => boolean;
  /** Form field name (submits 'YYYY-MM-DD'). */
  name?: string;
}

/**
 * Date field with a calendar popover (react-aria `DatePicker`): type the day, month and year
 * segments (arrows change them) or pick a day in the calendar. Works with ISO strings so form
 * values and API parameters need no conversion.
 */
export function DatePicker(props: DatePickerProps) {
  const { value, onChange, isDateUnavailable, name, locale = 'es-MX' } = props;
  return (
    <I18nProvider locale={locale}>
      <RACDatePicker<DateValue>
        {...pickerProps(props)}
        value={value === undefined ? undefined : toCalendarDate(value)}
        onChange={(date) => onChange?.(toIsoDate(date))}
        isDateUnavailable={
          isDateUnavailable ? (date) => isDateUnavailable(toIsoDate(date) ?? '') : undefined
        }
        name={name}
      >
        <PickerShell {...props} groupClassName="w-full min-w-40" calendar={<PickerCalendar />}>
          <PickerDateInput className="flex-1" />
        </PickerShell>
      </RACDatePicker>
    </I18nProvider>
  );
}
