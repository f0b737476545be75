import type { FocusEvent, ReactNode, Ref } from 'react';
import { Button, Dialog, Popover } from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { CalendarIcon } from '../../icons';
import {
  FieldGroup,
  FieldParts,
  fieldStackStyles,
  showsError,
  type FieldBaseProps,
} from '../field';
import { popoverStyles } from '../select';
import { toCalendarDate } from './iso-date';

/** The props the date picker and the date-range picker share. */
export interface PickerFieldProps extends FieldBaseProps {
  /** Called when focus leaves the field (react-hook-form `field.onBlur`). */
  onBlur?: (event: FocusEvent<Element>) => void;
  /** Earliest date allowed ('YYYY-MM-DD'); earlier days are disabled and marked invalid. */
  minValue?: string | null;
  /** Latest date allowed ('YYYY-MM-DD'). */
  maxValue?: string | null;
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
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  /** Locale for the segments and the calendar (default 'es-MX': dd/mm/aaaa, weeks from Sunday). */
  locale?: string;
  /** Extra classes for the outer element. */
  className?: string;
  /** Focuses the first date segment when the field mounts. */
  autoFocus?: boolean;
  /** Opens the calendar when the field mounts. */
  defaultOpen?: boolean;
}

/** The react-aria picker props both pickers derive the same way from their `PickerFieldProps`. */
export function pickerProps(props: PickerFieldProps) {
  return {
    onBlur: props.onBlur,
    minValue: toCalendarDate(props.minValue) ?? undefined,
    maxValue: toCalendarDate(props.maxValue) ?? undefined,
    isRequired: props.isRequired,
    isDisabled: props.isDisabled || props.disabled,
    isInvalid: showsError(props.isInvalid, props.isTouched) || undefined,
    validationBehavior: 'aria' as const,
    'aria-label': props.label ? undefined : props['aria-label'],
    granularity: 'day' as const,
    autoFocus: props.autoFocus,
    defaultOpen: props.defaultOpen,
    ref: props.ref,
    className: twMerge(fieldStackStyles, 'group', props.className),
  };
}

interface PickerShellProps extends Pick<
  PickerFieldProps,
  'label' | 'description' | 'errorMessage' | 'isRequired'
> {
  /** Classes of the bordered row (its minimum width). */
  groupClassName: string;
  /** The date inputs of the row, before the calendar button. */
  children: ReactNode;
  /** The calendar shown in the popover. */
  calendar: ReactNode;
}

/** Label, the date inputs with the calendar button, help text, error and the calendar popover. */
export function PickerShell({
  label,
  description,
  errorMessage,
  isRequired,
  groupClassName,
  children,
  calendar,
}: PickerShellProps) {
  return (
    <>
      <FieldParts
        label={label}
        description={description}
        errorMessage={errorMessage}
        isRequired={isRequired}
      >
        <FieldGroup className={groupClassName}>
          {children}
          <Button className="flex h-full cursor-pointer items-center px-2.5 text-fg-muted outline-none data-focus-visible:bg-surface-muted data-hovered:text-fg">
            <CalendarIcon className="size-4" />
          </Button>
        </FieldGroup>
      </FieldParts>
      <Popover className={popoverStyles} placement="bottom start">
        <Dialog className="outline-none">{calendar}</Dialog>
      </Popover>
    </>
  );
}
