import type { FocusEvent, Ref } from 'react';
import {
  Button,
  DateRangePicker as RACDateRangePicker,
  Dialog,
  I18nProvider,
  Popover,
  type DateValue,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { CalendarIcon } from '../../icons';
import { PickerDateInput, PickerRangeCalendar } from '../date-picker/calendar-parts';
import { toCalendarDate, toIsoDate } from '../date-picker/iso-date';
import {
  Description,
  FieldError,
  FieldGroup,
  Label,
  fieldStackStyles,
  showsError,
  type FieldBaseProps,
} from '../field';
import { popoverStyles } from '../select';
import { clampCheckInRange, type IsoDateRange } from './clamp-check-in-range';

export interface DateRangePickerProps extends FieldBaseProps {
  /** The range as 'YYYY-MM-DD' strings; null when empty. */
  value?: IsoDateRange | null;
  /** Called with the new complete range (both dates), or null when it is cleared. */
  onChange?: (value: IsoDateRange | null) => void;
  /** Called when focus leaves the field (react-hook-form `field.onBlur`). */
  onBlur?: (event: FocusEvent<Element>) => void;
  /** Earliest date allowed ('YYYY-MM-DD'). */
  minValue?: string | null;
  /** Latest date allowed ('YYYY-MM-DD'). */
  maxValue?: string | null;
  /**
   * Longest range in days: a longer choice is cut to this many days from its start, and an end
   * before the start collapses onto the end (spec 1 §4 uses 7 for the check-in filter).
   */
  maxDays?: number;
  /** Whether the value fails validation (shown once `isTouched`). */
  isInvalid?: boolean;
  /** Marks the field as required. */
  isRequired?: boolean;
  /** Disables the field. */
  isDisabled?: boolean;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
  /** Ref to the field's outer element. */
  ref?: Ref<HTMLDivElement>;
  /** Form field names of the two dates. */
  startName?: string;
  /** Form field name of the end date. */
  endName?: string;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  /** Locale for the segments and the calendar (default 'es-MX'). */
  locale?: string;
  /** Extra classes for the outer element. */
  className?: string;
}

/**
 * Start and end dates in one field with a two-click range calendar (react-aria
 * `DateRangePicker`), working with ISO strings.
 */
export function DateRangePicker({
  label,
  description,
  errorMessage,
  isTouched,
  isInvalid,
  value,
  onChange,
  onBlur,
  minValue,
  maxValue,
  maxDays,
  isRequired,
  isDisabled,
  disabled,
  ref,
  startName,
  endName,
  'aria-label': ariaLabel,
  locale = 'es-MX',
  className,
}: DateRangePickerProps) {
  const invalid = showsError(isInvalid, isTouched);
  const start = toCalendarDate(value?.start);
  const end = toCalendarDate(value?.end);
  const controlled = value === undefined ? {} : { value: start && end ? { start, end } : null };
  return (
    <I18nProvider locale={locale}>
      <RACDateRangePicker<DateValue>
        {...controlled}
        onChange={(range) => {
          if (!range) return onChange?.(null);
          const next = { start: toIsoDate(range.start), end: toIsoDate(range.end) };
          onChange?.(maxDays === undefined ? next : clampCheckInRange(next, maxDays));
        }}
        onBlur={onBlur}
        minValue={toCalendarDate(minValue) ?? undefined}
        maxValue={toCalendarDate(maxValue) ?? undefined}
        isRequired={isRequired}
        isDisabled={isDisabled || disabled}
        isInvalid={invalid || undefined}
        validationBehavior="aria"
        startName={startName}
        endName={endName}
        aria-label={label ? undefined : ariaLabel}
        granularity="day"
        ref={ref}
        className={twMerge(fieldStackStyles, 'group', className)}
      >
        {label && <Label isRequired={isRequired}>{label}</Label>}
        <FieldGroup className="w-full min-w-64">
          <PickerDateInput slot="start" className="pe-1" />
          <span aria-hidden="true" className="text-fg-muted">
            –
          </span>
          <PickerDateInput slot="end" className="flex-1 ps-1" />
          <Button className="flex h-full cursor-pointer items-center px-2.5 text-fg-muted outline-none data-focus-visible:bg-surface-muted data-hovered:text-fg">
            <CalendarIcon className="size-4" />
          </Button>
        </FieldGroup>
        {description && <Description>{description}</Description>}
        <FieldError>{errorMessage}</FieldError>
        <Popover className={popoverStyles} placement="bottom start">
          <Dialog className="outline-none">
            <PickerRangeCalendar />
          </Dialog>
        </Popover>
      </RACDateRangePicker>
    </I18nProvider>
  );
}
