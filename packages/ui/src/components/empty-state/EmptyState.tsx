import type { ReactNode } from 'react';
import { twMerge } from 'tailwind-variants';
import { type Icon, InboxIcon } from '../../icons';

export interface EmptyStateProps {
  /** Main sentence, e.g. 'No se encontraron respuestas para esta encuesta.' */
  title?: ReactNode;
  /** Optional second line with more detail or a hint. */
  description?: ReactNode;
  /** Icon component drawn above the text (decorative). */
  icon?: Icon;
  /** Optional actions (e.g. an 'Agregar' button). */
  children?: ReactNode;
  /** Extra classes. */
  className?: string;
}

/** Centered message for a list or section with nothing to show. */
export function EmptyState({
  title = 'No hay datos para mostrar.',
  description,
  icon: IconComponent = InboxIcon,
  children,
  className,
}: EmptyStateProps) {
  return (
    <div
      className={twMerge(
        'flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border px-6 py-10 text-center',
        className,
      )}
    >
      <IconComponent className="size-10 text-fg-muted" />
      <p className="text-base font-semibold text-fg">{title}</p>
      {description && <p className="max-w-prose text-sm text-fg-muted">{description}</p>}
      {children && <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
