import type { ReactNode, Ref } from 'react';
import {
  Checkbox as RACCheckbox,
  CheckboxGroup as RACCheckboxGroup,
  type CheckboxGroupProps as RACCheckboxGroupProps,
  type CheckboxProps as RACCheckboxProps,
  composeRenderProps,
} from 'react-aria-components';
import { tv, twMerge } from 'tailwind-variants';
import { CheckIcon, MinusIcon } from '../../icons';
import { focusRing } from '../../lib/styles';
import {
  Description,
  FieldError,
  Label,
  fieldStackStyles,
  showsError,
  type FieldBaseProps,
} from '../field';

const boxStyles = tv({
  extend: focusRing,
  base: 'flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors',
  variants: {
    isSelected: {
      false: 'border-border-strong bg-surface',
      true: 'border-brand bg-brand text-brand-fg',
    },
    isInvalid: { true: 'border-danger' },
    isDisabled: { true: 'border-border bg-surface-muted text-fg-muted' },
  },
});

export interface CheckboxProps extends Omit<RACCheckboxProps, 'children'> {
  /** Visible label. */
  children?: ReactNode;
  /** Ref to the hidden `<input type="checkbox">` (react-hook-form `field.ref`). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * Checkbox (react-aria `Checkbox`): Space toggles; supports the indeterminate state. Alone with
 * react-hook-form pass `isSelected={field.value} onChange={field.onChange}`; inside a
 * `CheckboxGroup` give it a `value`.
 */
export function Checkbox({ children, ref, className, ...props }: CheckboxProps) {
  return (
    <RACCheckbox
      {...props}
      inputRef={ref}
      className={composeRenderProps(className, (c) =>
        twMerge(
          'group inline-flex cursor-pointer items-center gap-2 text-sm text-fg data-disabled:cursor-not-allowed data-disabled:text-fg-muted',
          c,
        ),
      )}
    >
      {(renderProps) => (
        <>
          <span
            className={boxStyles({
              ...renderProps,
              isSelected: renderProps.isSelected || renderProps.isIndeterminate,
            })}
          >
            {renderProps.isIndeterminate ? (
              <MinusIcon className="size-3.5" strokeWidth={3} />
            ) : renderProps.isSelected ? (
              <CheckIcon className="size-3.5" strokeWidth={3} />
            ) : null}
          </span>
          {children}
        </>
      )}
    </RACCheckbox>
  );
}

export interface CheckboxGroupProps
  extends Omit<RACCheckboxGroupProps, 'children' | 'validationBehavior'>, FieldBaseProps {
  /** The `Checkbox`es, each with a `value`. */
  children?: ReactNode;
  /** Lay the options out in a row (wrapping) instead of a column. */
  orientation?: 'vertical' | 'horizontal';
}

/**
 * Group of checkboxes with one label and one error (react-aria `CheckboxGroup`). Its value is
 * the array of checked `value`s, so it plugs into a `Controller` with `{...field}`.
 */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  isTouched,
  isInvalid,
  orientation = 'vertical',
  children,
  className,
  ...props
}: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup
      {...props}
      isInvalid={showsError(isInvalid, isTouched)}
      validationBehavior="aria"
      className={composeRenderProps(className, (c) => twMerge(fieldStackStyles, c))}
    >
      {label && <Label isRequired={props.isRequired}>{label}</Label>}
      <div
        className={
          orientation === 'vertical' ? 'flex flex-col gap-2' : 'flex flex-wrap gap-x-4 gap-y-2'
        }
      >
        {children}
      </div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACCheckboxGroup>
  );
}
