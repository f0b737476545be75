import type { Ref } from 'react';
import {
  Input,
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

export interface TextFieldProps
  extends Omit<RACTextFieldProps, 'children' | 'value' | 'validationBehavior'>, FieldBaseProps {
  /** Current text; `null`/`undefined` are shown as empty (react-hook-form friendly). */
  value?: string | null;
  /** Hint shown inside the empty input. */
  placeholder?: string;
  /** Ref to the `<input>` (react-hook-form `field.ref`, used to focus the first error). */
  ref?: Ref<HTMLInputElement>;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
}

/** Single-line text input with label, help text and error (react-aria `TextField`). */
export function TextField(allProps: TextFieldProps) {
  const {
    label,
    description,
    errorMessage,
    isTouched,
    isInvalid,
    placeholder,
    ref,
    disabled,
    isDisabled,
    className,
    value,
    ...props
  } = allProps;
  // A react-hook-form value may be null/undefined before the user types: keep the input controlled.
  const controlled = 'value' in allProps ? { value: value ?? '' } : {};
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
      <Input
        ref={ref}
        placeholder={placeholder}
        className={(renderProps) => inputStyles(renderProps)}
      />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACTextField>
  );
}
