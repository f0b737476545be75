import { type ReactNode, type Ref, useState } from 'react';
import {
  Button,
  Input,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  composeRenderProps,
} from 'react-aria-components';
import { twMerge } from 'tailwind-variants';
import { EyeIcon, EyeOffIcon } from '../../icons';
import { focusRing } from '../../lib/styles';
import {
  Description,
  FieldError,
  FieldGroup,
  Label,
  bareInputStyles,
  fieldStackStyles,
  showsError,
  type FieldBaseProps,
} from '../field';

export interface PasswordFieldProps
  extends
    Omit<RACTextFieldProps, 'children' | 'value' | 'type' | 'validationBehavior'>,
    FieldBaseProps {
  /** Current password; `null`/`undefined` are shown as empty. */
  value?: string | null;
  /** Hint inside the empty input (spec: defaults to 'Contraseña'). */
  placeholder?: string;
  /** Content rendered right under the input, e.g. a `PasswordStrengthMeter`. */
  meter?: ReactNode;
  /** Ref to the `<input>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
  /** react-hook-form `field.disabled`; same as `isDisabled`. */
  disabled?: boolean;
}

/**
 * Password input with a show/hide toggle button ('Mostrar contraseña' / 'Ocultar contraseña').
 * The toggle keeps the caret in the input and is reachable with Tab.
 */
export function PasswordField(allProps: PasswordFieldProps) {
  const {
    label,
    description,
    errorMessage,
    isTouched,
    isInvalid,
    placeholder = 'Contraseña',
    meter,
    ref,
    disabled,
    isDisabled,
    className,
    autoComplete = 'current-password',
    value,
    ...props
  } = allProps;
  const [isVisible, setVisible] = useState(false);
  // A react-hook-form value may be null/undefined before the user types: keep the input controlled.
  const controlled = 'value' in allProps ? { value: value ?? '' } : {};
  const fieldDisabled = isDisabled || disabled;
  return (
    <RACTextField
      {...props}
      {...controlled}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      isDisabled={fieldDisabled}
      isInvalid={showsError(isInvalid, isTouched)}
      validationBehavior="aria"
      className={composeRenderProps(className, (c) => twMerge(fieldStackStyles, c))}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <FieldGroup isDisabled={fieldDisabled} isInvalid={showsError(isInvalid, isTouched)}>
        <Input ref={ref} placeholder={placeholder} className={bareInputStyles} />
        <Button
          aria-label={isVisible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          isDisabled={fieldDisabled}
          onPress={() => setVisible((visible) => !visible)}
          className={(renderProps) =>
            focusRing({
              ...renderProps,
              className:
                'mr-1 flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-fg-muted data-disabled:cursor-not-allowed data-hovered:bg-surface-muted data-hovered:text-fg',
            })
          }
        >
          {isVisible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
        </Button>
      </FieldGroup>
      {meter}
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACTextField>
  );
}
