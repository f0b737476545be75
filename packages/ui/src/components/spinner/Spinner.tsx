import { ProgressBar, type ProgressBarProps } from 'react-aria-components';
import { tv } from 'tailwind-variants';

const spinnerStyles = tv({
  base: 'animate-spin text-current',
  variants: {
    size: { sm: 'size-4', md: 'size-6', lg: 'size-10' },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerSize = 'sm' | 'md' | 'lg';

/** The spinning ring alone, hidden from assistive technology (for use inside labelled widgets). */
export function SpinnerGraphic({
  size = 'md',
  className,
}: {
  /** Diameter: sm 1rem, md 1.5rem, lg 2.5rem. */
  size?: SpinnerSize;
  /** Extra classes (e.g. a text colour). */
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      className={spinnerStyles({ size, className })}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

export interface SpinnerProps extends Omit<ProgressBarProps, 'children' | 'isIndeterminate'> {
  /** Accessible name announced for the progress indicator. */
  label?: string;
  /** Diameter: sm 1rem, md 1.5rem, lg 2.5rem. */
  size?: SpinnerSize;
  /** Extra classes for the wrapper. */
  className?: string;
}

/** Indeterminate progress indicator (role progressbar) with the accessible name 'Cargando'. */
export function Spinner({ label = 'Cargando', size = 'md', className, ...props }: SpinnerProps) {
  return (
    <ProgressBar
      {...props}
      isIndeterminate
      aria-label={label}
      className={`inline-flex items-center justify-center text-brand dark:text-link ${className ?? ''}`}
    >
      <SpinnerGraphic size={size} />
    </ProgressBar>
  );
}
