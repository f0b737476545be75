import { type ReactNode, type Ref, useState } from 'react';
import { Button, Input } from 'react-aria-components';
import { EyeIcon, EyeOffIcon } from '../../icons';
import { focusRing } from '../../lib/styles';
import { FieldGroup, bareInputStyles, showsError } from '../field';
import { TextFieldFrame, type TextFieldBaseProps } from '../text-field/TextFieldFrame';

export interface PasswordFieldProps extends Omit<TextFieldBaseProps, 'type'> {
  /** Hint inside the empty input (spec: defaults to 'Contraseña'). */
  placeholder?: string;
  /** Content rendered right under the input, e.g. a `PasswordStrengthMeter`. */
  meter?: ReactNode;
  /** Ref to the `<input>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * Password input with a show/hide toggle button ('Mostrar contraseña' / 'Ocultar contraseña').
 * The toggle keeps the caret in the input and is reachable with Tab.
 */
export function PasswordField({
  placeholder = 'Contraseña',
  meter,
  ref,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  const fieldDisabled = props.isDisabled || props.disabled;
  return (
    <TextFieldFrame {...props} type={isVisible ? 'text' : 'password'} autoComplete={autoComplete}>
      <FieldGroup
        isDisabled={fieldDisabled}
        isInvalid={showsError(props.isInvalid, props.isTouched)}
      >
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
    </TextFieldFrame>
  );
}
