import type { Ref } from 'react';
import { TextArea as RACTextArea } from 'react-aria-components';
import { Description, inputStyles } from '../field';
import { TextFieldFrame, type TextFieldBaseProps } from '../text-field/TextFieldFrame';

export interface TextAreaProps extends TextFieldBaseProps {
  /** Hint shown inside the empty textarea. */
  placeholder?: string;
  /** Visible text rows (default 4). */
  rows?: number;
  /** Shows 'n / maxLength' under the field when `maxLength` is set. */
  showCount?: boolean;
  /** Ref to the `<textarea>` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLTextAreaElement>;
}

/** Multi-line text input with label, help text and error (react-aria `TextField` + `TextArea`). */
export function TextArea({
  placeholder,
  rows = 4,
  showCount = false,
  ref,
  description,
  ...props
}: TextAreaProps) {
  const length = (props.value ?? '').length;
  return (
    // The help text shares its row with the count, so the frame gets none of its own.
    <TextFieldFrame {...props}>
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
    </TextFieldFrame>
  );
}
