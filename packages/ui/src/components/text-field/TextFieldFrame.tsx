import type { ReactNode } from 'react';
import {
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { FieldParts, fieldStackStyles, showsError, type FieldBaseProps } from '../field';

/** The props the text, text-area and password fields share. */
export interface TextFieldBaseProps
  extends Omit<RACTextFieldProps, 'children' | 'value' | 'validationBehavior'>, FieldBaseProps {
  /** Current text; `null`/`undefined` are shown as empty (react-hook-form friendly). */
  value?: string | null;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
}

/**
 * react-aria `TextField` around `children` (the input), with the label, help text and error of
 * every field, react-hook-form values and the touched-aware invalid state.
 */
export function TextFieldFrame(allProps: TextFieldBaseProps & { children: ReactNode }) {
  const {
    label,
    description,
    errorMessage,
    isTouched,
    isInvalid,
    disabled,
    isDisabled,
    className,
    value,
    children,
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
      <FieldParts
        label={label}
        description={description}
        errorMessage={errorMessage}
        isRequired={props.isRequired}
      >
        {children}
      </FieldParts>
    </RACTextField>
  );
}
