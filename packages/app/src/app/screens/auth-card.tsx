import type { ReactNode } from 'react';

/**
 * The frame of the signed-out screens (sign-in, reset password): an illustration beside the card
 * on wide screens, the card alone on a phone. `titleId` names the card's region.
 */
export function AuthCard({
  illustration,
  titleId,
  title,
  intro,
  children,
  after,
}: {
  /** A file of `public/`, decorative. */
  illustration: string;
  titleId: string;
  title: string;
  /** The sentence under the title. */
  intro: ReactNode;
  /** The form. */
  children: ReactNode;
  /** Rendered after the card (e.g. a modal). */
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:py-12">
      <div className="hidden lg:flex lg:justify-center">
        <img
          src={illustration}
          alt=""
          width={480}
          height={400}
          className="h-auto w-full max-w-md"
        />
      </div>
      <section
        aria-labelledby={titleId}
        className="mx-auto w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8"
      >
        <h1 id={titleId} className="text-2xl font-bold text-fg">
          {title}
        </h1>
        <p className="mt-1 mb-6 text-sm text-fg-muted">{intro}</p>
        {children}
      </section>
      {after}
    </div>
  );
}
