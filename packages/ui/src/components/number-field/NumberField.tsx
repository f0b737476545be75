import { useContext, useEffect, useRef, type Ref } from 'react';
import {
  Button,
  I18nProvider,
  Input,
  NumberField as RACNumberField,
  NumberFieldStateContext,
  type NumberFieldProps as RACNumberFieldProps,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { MinusIcon, PlusIcon } from '../../icons';
import {
  FieldGroup,
  FieldParts,
  bareInputStyles,
  fieldStackStyles,
  showsError,
  type FieldBaseProps,
} from '../field';

export interface NumberFieldProps
  extends
    Omit<
      RACNumberFieldProps,
      'children' | 'value' | 'defaultValue' | 'onChange' | 'validationBehavior'
    >,
    FieldBaseProps {
  /** Current number; `null` (or `undefined` when controlled) shows an empty input. */
  value?: number | null;
  /** Initial number when uncontrolled. */
  defaultValue?: number | null;
  /** Called with the parsed number, or `null` when the input is emptied. */
  onChange?: (value: number | null) => void;
  /** Most decimals accepted and shown (spec: points use 2). Default 2. */
  maxFractionDigits?: number;
  /** Locale for parsing and formatting (default 'es-MX': 1,234.5). */
  locale?: string;
  /** Hide the − / + stepper buttons. */
  hideStepper?: boolean;
  /** Hint shown inside the empty input. */
  placeholder?: string;
  /** Ref to the `<input>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
}

/**
 * Reports the number while it is typed: react-aria commits a typed number only on blur or Enter,
 * so a form validated on change kept its submit button disabled until focus left the field. Only
 * a text that formats back to itself is reported ('1.5', not '1.'): reporting '1.' as 1 would
 * make the controlled field rewrite the input under the cursor.
 */
function TypedValue({
  value,
  onChange,
  format,
}: {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  format: Intl.NumberFormat;
}) {
  const state = useContext(NumberFieldStateContext);
  const text = state?.inputValue ?? '';
  const typed = state?.numberValue ?? Number.NaN;
  const seen = useRef(text);
  useEffect(() => {
    if (seen.current === text) return;
    seen.current = text;
    const next =
      text.trim() === ''
        ? null
        : !Number.isNaN(typed) && format.format(typed) === text
          ? typed
          : undefined;
    if (next !== undefined && !Object.is(next, value ?? null)) onChange(next);
  }, [text, typed, value, format, onChange]);
  return null;
}

const stepperStyles =
  'flex h-full w-9 shrink-0 cursor-pointer items-center justify-center text-fg-muted outline-none data-disabled:cursor-not-allowed data-focus-visible:bg-brand-soft data-focus-visible:text-brand-soft-fg data-hovered:bg-surface-muted data-hovered:text-fg';

/**
 * Numeric input (react-aria `NumberField`) with es-MX formatting, keyboard increments
 * (arrows, Page Up/Down, Home/End with min/max) and optional stepper buttons.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  isTouched,
  isInvalid,
  value,
  defaultValue,
  onChange,
  maxFractionDigits = 2,
  locale = 'es-MX',
  hideStepper = false,
  formatOptions,
  placeholder,
  ref,
  disabled,
  isDisabled,
  className,
  ...props
}: NumberFieldProps) {
  const invalid = showsError(isInvalid, isTouched);
  const fieldDisabled = isDisabled || disabled;
  const controlled = value !== undefined ? { value: value ?? Number.NaN } : {};
  const numberFormat = { maximumFractionDigits: maxFractionDigits, ...formatOptions };
  const report = (next: number | null) => onChange?.(next);
  return (
    <I18nProvider locale={locale}>
      <RACNumberField
        {...props}
        {...controlled}
        defaultValue={defaultValue ?? undefined}
        onChange={(next) => onChange?.(Number.isNaN(next) ? null : next)}
        formatOptions={numberFormat}
        isDisabled={fieldDisabled}
        isInvalid={invalid}
        validationBehavior="aria"
        className={composeRenderProps(className, (c) => twMerge(fieldStackStyles, c))}
      >
        <TypedValue
          value={value}
          onChange={report}
          format={new Intl.NumberFormat(locale, numberFormat)}
        />
        <FieldParts
          label={label}
          description={description}
          errorMessage={errorMessage}
          isRequired={props.isRequired}
        >
          <FieldGroup isDisabled={fieldDisabled} isInvalid={invalid}>
            {!hideStepper && (
              <Button slot="decrement" className={`${stepperStyles} border-r border-border`}>
                <MinusIcon className="size-4" />
              </Button>
            )}
            <Input
              ref={ref}
              placeholder={placeholder}
              className={twMerge(bareInputStyles, 'tabular-nums')}
            />
            {!hideStepper && (
              <Button slot="increment" className={`${stepperStyles} border-l border-border`}>
                <PlusIcon className="size-4" />
              </Button>
            )}
          </FieldGroup>
        </FieldParts>
      </RACNumberField>
    </I18nProvider>
  );
}
