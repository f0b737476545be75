import type { Ref } from 'react';
import {
  Button as RACButton,
  type ButtonProps as RACButtonProps,
  composeRenderProps,
} from 'react-aria-components';
import { tv } from 'tailwind-variants';
import { focusRing } from '../../lib/styles';
import { SpinnerGraphic } from '../spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'icon';
export type ButtonSize = 'sm' | 'md';

export const buttonStyles = tv({
  extend: focusRing,
  base: 'relative inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border text-sm font-medium whitespace-nowrap transition-colors select-none',
  variants: {
    variant: {
      primary:
        'border-transparent bg-brand text-brand-fg data-hovered:bg-brand-hover data-pressed:bg-brand-hover',
      secondary:
        'border-border-strong bg-surface text-fg data-hovered:bg-surface-muted data-pressed:bg-surface-muted',
      danger:
        'border-transparent bg-danger-solid text-danger-fg data-hovered:bg-danger-solid-hover data-pressed:bg-danger-solid-hover',
      ghost:
        'border-transparent bg-transparent text-fg data-hovered:bg-surface-muted data-pressed:bg-surface-muted',
      icon: 'border-transparent bg-transparent text-fg data-hovered:bg-surface-muted data-pressed:bg-surface-muted',
    },
    size: { sm: 'h-8 px-3', md: 'h-10 px-4' },
    isDisabled: {
      true: 'cursor-not-allowed border-border bg-surface-muted text-fg-muted data-hovered:bg-surface-muted',
    },
    isPending: { true: 'cursor-wait' },
  },
  compoundVariants: [
    { variant: 'icon', size: 'sm', className: 'w-8 px-0' },
    { variant: 'icon', size: 'md', className: 'w-10 px-0' },
    {
      variant: ['ghost', 'icon'],
      isDisabled: true,
      className: 'border-transparent bg-transparent',
    },
  ],
  defaultVariants: { variant: 'primary', size: 'md' },
});

export interface ButtonProps extends RACButtonProps {
  /** Visual style: primary (main action), secondary, danger (destructive), ghost, icon (square, needs aria-label). */
  variant?: ButtonVariant;
  /** Height: sm 2rem, md 2.5rem. */
  size?: ButtonSize;
  /** Ref to the `<button>` element. */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * Button (react-aria `Button`): press by mouse, touch, Enter or Space. `isPending` shows a spinner,
 * blocks presses and announces the pending state while keeping focus on the button.
 */
export function Button({ variant, size, ref, ...props }: ButtonProps) {
  return (
    <RACButton
      {...props}
      ref={ref}
      className={composeRenderProps(props.className, (className, renderProps) =>
        buttonStyles({
          ...renderProps,
          isDisabled: renderProps.isDisabled && !renderProps.isPending,
          variant,
          size,
          className,
        }),
      )}
    >
      {composeRenderProps(props.children, (children, { isPending }) => (
        <>
          {/* opacity, not visibility: the label keeps naming the button while the spinner shows. */}
          <span className={`inline-flex items-center gap-2 ${isPending ? 'opacity-0' : ''}`}>
            {children}
          </span>
          {isPending && (
            <span className="absolute inset-0 flex items-center justify-center">
              <SpinnerGraphic size="sm" />
            </span>
          )}
        </>
      ))}
    </RACButton>
  );
}
