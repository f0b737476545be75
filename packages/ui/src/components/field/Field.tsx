import type { ReactNode, Ref } from 'react';
import {
  FieldError as RACFieldError,
  type FieldErrorProps as RACFieldErrorProps,
  Group,
  type GroupProps,
  Label as RACLabel,
  type LabelProps as RACLabelProps,
  Text,
  type TextProps,
  type ValidationResult,
  composeRenderProps,
} from 'react-aria-components';
import { tv, twMerge } from 'tailwind-variants';
import { composeTailwindRenderProps } from '../../lib/styles';

/** Props every form control shares, so a react-hook-form `Controller` can drive it. */
export interface FieldBaseProps {
  /** Visible label (also the accessible name). Without it, pass `aria-label`. */
  label?: string;
  /** Help text under the control, linked with aria-describedby. */
  description?: string;
  /** Error text shown (and announced) while the field is invalid and touched. */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /**
   * Whether the user has already left the field (react-hook-form `fieldState.isTouched`, or
   * `formState.isSubmitted`). While false, `isInvalid` is ignored so errors appear only after
   * the field was touched (spec 1 §4). Omit it to show errors as soon as `isInvalid` is set.
   */
  isTouched?: boolean;
}

/** Whether the invalid state (red border, message, aria-invalid) should be shown. */
export function showsError(isInvalid: boolean | undefined, isTouched: boolean | undefined) {
  return Boolean(isInvalid) && isTouched !== false;
}

export interface LabelProps extends RACLabelProps {
  /** Adds a visual '*' (the required state itself is announced by the control). */
  isRequired?: boolean;
}

/** Field label (react-aria `Label`, wired to its control by the parent field). */
export function Label({ isRequired, children, className, ...props }: LabelProps) {
  return (
    <RACLabel
      {...props}
      className={twMerge('w-fit text-sm font-medium text-fg cursor-default', className)}
    >
      {children}
      {isRequired && (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      )}
    </RACLabel>
  );
}

/** Help text of a field (react-aria `Text slot="description"`). */
export function Description({ className, ...props }: TextProps) {
  return (
    <Text {...props} slot="description" className={twMerge('text-xs text-fg-muted', className)} />
  );
}

/** Validation message of a field; rendered only while the field is invalid. */
export function FieldError({ className, ...props }: RACFieldErrorProps) {
  return (
    <RACFieldError
      {...props}
      className={composeTailwindRenderProps(className, 'text-xs font-medium text-danger')}
    />
  );
}

interface FieldPartsProps extends Pick<FieldBaseProps, 'label' | 'description' | 'errorMessage'> {
  /** Adds the '*' to the label. */
  isRequired?: boolean;
  /** The control (and anything shown right under it). */
  children: ReactNode;
}

/** The label above the control, its help text and error below: the layout every field shares. */
export function FieldParts({
  label,
  description,
  errorMessage,
  isRequired,
  children,
}: FieldPartsProps) {
  return (
    <>
      {label && <Label isRequired={isRequired}>{label}</Label>}
      {children}
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </>
  );
}

/** Border, background and state colours shared by inputs, groups and select buttons. */
export const fieldBorderStyles = tv({
  base: 'rounded-lg border border-border-strong bg-surface text-fg transition-colors',
  variants: {
    isFocused: { true: 'border-focus outline-2 outline-offset-2 outline-focus' },
    isInvalid: { true: 'border-danger' },
    isDisabled: { true: 'border-border bg-surface-muted text-fg-muted' },
  },
});

/** A bordered row holding an input plus buttons (password toggle, stepper...). */
export function FieldGroup({ ref, ...props }: GroupProps & { ref?: Ref<HTMLDivElement> }) {
  return (
    <Group
      {...props}
      ref={ref}
      className={composeRenderProps(props.className, (className, renderProps) =>
        fieldBorderStyles({
          isFocused: renderProps.isFocusWithin,
          isInvalid: renderProps.isInvalid,
          isDisabled: renderProps.isDisabled,
          className: twMerge('flex h-10 items-center overflow-hidden', className),
        }),
      )}
    />
  );
}

/** Input element inside a FieldGroup: no border of its own. */
export const bareInputStyles =
  'h-full min-w-0 flex-1 bg-transparent px-3 text-sm text-fg outline-none placeholder:text-fg-muted disabled:cursor-not-allowed';

/** Standalone bordered input or textarea; state classes come from react-aria render props. */
export const inputStyles = tv({
  extend: fieldBorderStyles,
  base: 'w-full px-3 text-sm outline-none placeholder:text-fg-muted disabled:cursor-not-allowed',
  variants: {
    isMultiline: { true: 'min-h-24 py-2 leading-relaxed', false: 'h-10' },
  },
  defaultVariants: { isMultiline: false },
});

/** Vertical stack of label, control, description and error. */
export const fieldStackStyles = 'flex flex-col gap-1.5';
