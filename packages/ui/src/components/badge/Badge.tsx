import type { ReactNode } from 'react';
import { tv } from 'tailwind-variants';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'danger' | 'warning' | 'info';

export const badgeStyles = tv({
  base: 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  variants: {
    tone: {
      neutral: 'bg-surface-muted text-fg',
      brand: 'bg-brand-soft text-brand-soft-fg',
      success: 'bg-success-soft text-success-soft-fg',
      danger: 'bg-danger-soft text-danger-soft-fg',
      warning: 'bg-warning-soft text-warning-soft-fg',
      info: 'bg-info-soft text-info-soft-fg',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export interface BadgeProps {
  /** Colour meaning: neutral, brand, success, danger, warning or info. */
  tone?: BadgeTone;
  /** Short text (and optional icon). */
  children: ReactNode;
  /** Extra classes. */
  className?: string;
}

/** Small pill with a short status text ('Activo', 'Inactivo', a count...). */
export function Badge({ tone, children, className }: BadgeProps) {
  return <span className={badgeStyles({ tone, className })}>{children}</span>;
}
