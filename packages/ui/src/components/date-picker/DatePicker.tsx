import type { FocusEvent, Ref } from 'react';
import {
  Button,
  DatePicker as RACDatePicker,
  Dialog,
  I18nProvider,
  Popover,
  type DateValue,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { CalendarIcon } from '../../icons';
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
import { PickerCalendar, PickerDateInput } from './calendar-parts';
import { toCalendarDate, toIsoDate } from './iso-date';

export interface DatePickerProps extends FieldBaseProps {
  /** The date as 'YYYY-MM-DD'; null or '' when empty. */
  value?: string | null;
  /** Called with the new date as 'YYYY-MM-DD', or null when it is cleared. */
  onChange?: (value: string | null) => void;
  /** Called when focus leaves the field (react-hook-form `field.onBlur`). */
  onBlur?: (event: FocusEvent<Element>) => void;
  /** Earliest date allowed ('YYYY-MM-DD'); earlier days are disabled and marked invalid. */
  minValue?: string | null;
  /** Latest date allowed ('YYYY-MM-DD'). */
  maxValue?: string | null;
  /** Days that cannot be chosen. */
  isDateUnavailable?: (date: string) => boolean;
  /** Whether the value fails validation (shown once `isTouched`). */
  isInvalid?: boolean;
  /** Marks the field as required. */
  isRequired?: boolean;
  /** Disables the field. */
  isDisabled?: boolean;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
  /** Ref to the field's outer element (react-hook-form `field.ref`). */
  ref?: Ref<HTMLDivElement>;
  /** Form field name (submits 'YYYY-MM-DD'). */
  name?: string;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  /** Locale for the segments and the calendar (default 'es-MX': dd/mm/aaaa, weeks from Sunday). */
  locale?: string;
  /** Extra classes for the outer element. */
  className?: string;
}

/**
 * Date field with a calendar popover (react-aria `DatePicker`): type the day, month and year
 * segments (arrows change them) or pick a day in the calendar. Works with ISO strings so form
 * values and API parameters need no conversion.
 */
export function DatePicker({
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
  isDateUnavailable,
  isRequired,
  isDisabled,
  disabled,
  ref,
  name,
  'aria-label': ariaLabel,
  locale = 'es-MX',
  className,
}: DatePickerProps) {
  const invalid = showsError(isInvalid, isTouched);
  return (
    <I18nProvider locale={locale}>
      <RACDatePicker<DateValue>
        value={value === undefined ? undefined : toCalendarDate(value)}
        onChange={(date) => onChange?.(toIsoDate(date))}
        onBlur={onBlur}
        minValue={toCalendarDate(minValue) ?? undefined}
        maxValue={toCalendarDate(maxValue) ?? undefined}
        isDateUnavailable={
          isDateUnavailable ? (date) => isDateUnavailable(toIsoDate(date) ?? '') : undefined
        }
        isRequired={isRequired}
        isDisabled={isDisabled || disabled}
        isInvalid={invalid || undefined}
        validationBehavior="aria"
        name={name}
        aria-label={label ? undefined : ariaLabel}
        granularity="day"
        ref={ref}
        className={twMerge(fieldStackStyles, 'group', className)}
      >
        {label && <Label isRequired={isRequired}>{label}</Label>}
        <FieldGroup className="w-full min-w-40">
          <PickerDateInput className="flex-1" />
          <Button className="flex h-full cursor-pointer items-center px-2.5 text-fg-muted outline-none data-focus-visible:bg-surface-muted data-hovered:text-fg">
            <CalendarIcon className="size-4" />
          </Button>
        </FieldGroup>
        {description && <Description>{description}</Description>}
        <FieldError>{errorMessage}</FieldError>
        <Popover className={popoverStyles} placement="bottom start">
          <Dialog className="outline-none">
            <PickerCalendar />
          </Dialog>
        </Popover>
      </RACDatePicker>
    </I18nProvider>
  );
}
