import { startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { SurveyTreeSegment } from './types';

/**
 * Above this many questions the designer renders a top-level segment only when it comes near the
 * viewport (a survey of 50 segments x 20 questions x 5 options is ~8 000 interactive elements).
 * Smaller surveys render whole, as before.
 */
export const DEFERRED_RENDER_MIN_QUESTIONS = 150;

/** How far outside the viewport a segment starts rendering, so scrolling and Tab find it ready. */
const RENDER_MARGIN = '1500px 0px';

/** Questions and options in a segment and its sub-segments. */
export function segmentSize(segment: SurveyTreeSegment): { questions: number; options: number } {
  let questions = 0;
  let options = 0;
  const walk = (s: SurveyTreeSegment) => {
    for (const question of s.questions ?? []) {
      questions += 1;
      options += question.multipleOptions?.length ?? 0;
    }
    for (const child of s.children ?? []) walk(child);
  };
  walk(segment);
  return { questions, options };
}

/**
 * The height a rendered segment card takes, roughly (measured in Chromium at 1280 px: card header
 * 56 px, question block ~118 px plus ~46 px per option, insertion point ~36 px), so the scroll
 * bar and scroll position stay close to the real ones while segments are still placeholders.
 */
function estimatedSegmentHeight(segment: SurveyTreeSegment): number {
  const { questions, options } = segmentSize(segment);
  return 72 + questions * (118 + 36) + options * 46;
}

export interface DeferredSegmentProps {
  segment: SurveyTreeSegment;
  /** Rendered at once (the first segment, on screen when the designer opens). */
  eager: boolean;
  /** Heading level of the segment's title, kept by the placeholder. */
  headingLevel: number;
  /** The segment card. */
  children: ReactNode;
}

/**
 * A top-level segment of a large survey: until it comes within RENDER_MARGIN of the viewport, a
 * placeholder of its estimated height that keeps its region and heading (so landmarks and heading
 * navigation still list every segment); then the real card, rendered in a transition so scrolling
 * stays responsive, and kept once rendered (edits and moves never drop it back to a placeholder).
 */
export function DeferredSegment({ segment, eager, headingLevel, children }: DeferredSegmentProps) {
  const [shown, setShown] = useState(eager || typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          startTransition(() => setShown(true));
        }
      },
      { rootMargin: RENDER_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (shown) return children;
  const Heading = `h${Math.min(6, Math.max(2, headingLevel))}` as 'h2';
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      aria-busy="true"
      className="rounded-xl border border-border bg-surface px-3 py-3"
      style={{ minHeight: estimatedSegmentHeight(segment) }}
    >
      <Heading id={headingId} className="m-0 text-base font-semibold break-words text-fg">
        {segment.name?.trim() || 'Segmento sin nombre'}
      </Heading>
    </section>
  );
}
