import type { Ref } from 'react';
import {
  TextArea as RACTextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import {
  Description,
  FieldError,
  Label,
  fieldStackStyles,
  inputStyles,
  showsError,
  type FieldBaseProps,
} from '../field';

export interface TextAreaProps
  extends Omit<RACTextFieldProps, 'children' | 'value' | 'validationBehavior'>, FieldBaseProps {
  /** Current text; `null`/`undefined` are shown as empty (react-hook-form friendly). */
  value?: string | null;
  /** Hint shown inside the empty textarea. */
  placeholder?: string;
  /** Visible text rows (default 4). */
  rows?: number;
  /** Shows 'n / maxLength' under the field when `maxLength` is set. */
  showCount?: boolean;
  /** Ref to the `<textarea>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLTextAreaElement>;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
}

/** Multi-line text input with label, help text and error (react-aria `TextField` + `TextArea`). */
export function TextArea(allProps: TextAreaProps) {
  const {
    label,
    description,
    errorMessage,
    isTouched,
    isInvalid,
    placeholder,
    rows = 4,
    showCount = false,
    ref,
    disabled,
    isDisabled,
    className,
    value,
    ...props
  } = allProps;
  // A react-hook-form value may be null/undefined before the user types: keep the input controlled.
  const controlled = 'value' in allProps ? { value: value ?? '' } : {};
  const length = (value ?? '').length;
  return (
    <RACTextField
      {...props}
      {...controlled}
      isDisabled={isDisabled || disabled}
      isInvalid={showsError(isInvalid, isTouched)}
      validationBehavior="aria"
      className={composeRenderProps(className, (c) => twMerge(fieldStackStyles, c))}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <RACTextArea
        ref={ref}
        rows={rows}
        placeholder={placeholder}
        className={(renderProps) => inputStyles({ ...renderProps, isMultiline: true })}
      />
      {(description || (showCount && props.maxLength)) && (
        <div className="flex justify-between gap-2">
          {description ? <Description>{description}</Description> : <span />}
          {showCount && props.maxLength !== undefined && (
            <span className="text-xs text-fg-muted tabular-nums" aria-hidden="true">
              {length} / {props.maxLength}
            </span>
          )}
        </div>
      )}
      <FieldError>{errorMessage}</FieldError>
    </RACTextField>
  );
}
