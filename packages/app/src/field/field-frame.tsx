import { ArrowLeftIcon, Link } from '@anaquel/ui';
import type { ReactNode } from 'react';

export interface FieldFrameProps {
  /** Where the header's way back goes, and what it says ('Volver a la lista'). */
  backHref: string;
  backLabel: string;
  /** Shown at the header's end (the runner's score). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A page of the field app below the list: a sticky way back, then the page, one column. */
export function FieldFrame({ backHref, backLabel, aside, children }: FieldFrameProps) {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col bg-page text-fg">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-border bg-surface px-2 py-2 shadow-sm">
        <Link href={backHref} variant="ghost" className="min-h-12 text-base">
          <ArrowLeftIcon className="size-5" />
          {backLabel}
        </Link>
        {aside}
      </header>
      <main className="flex flex-1 flex-col gap-4 px-4 pt-4 pb-8">{children}</main>
    </div>
  );
}
