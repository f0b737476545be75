import type { Ref } from 'react';
import { Input } from 'react-aria-components';
import { inputStyles } from '../field';
import { TextFieldFrame, type TextFieldBaseProps } from './TextFieldFrame';

export interface TextFieldProps extends TextFieldBaseProps {
  /** Hint shown inside the empty input. */
  placeholder?: string;
  /** Ref to the `<input>` (react-hook-form `field.ref`, used to focus the first error). */
  ref?: Ref<HTMLInputElement>;
}

/** Single-line text input with label, help text and error (react-aria `TextField`). */
export function TextField({ placeholder, ref, ...props }: TextFieldProps) {
  return (
    <TextFieldFrame {...props}>
      <Input
        ref={ref}
        placeholder={placeholder}
        className={(renderProps) => inputStyles(renderProps)}
      />
    </TextFieldFrame>
  );
}
