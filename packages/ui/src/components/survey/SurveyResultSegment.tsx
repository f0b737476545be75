import { ResultQuestion } from './AnswerView';
import { CollapsibleCard, PointsBadge } from './parts';
import type { ResultSegmentView } from './types';

export interface SurveyResultSegmentProps {
  /** The answered segment with its questions and nested segments. */
  segment: ResultSegmentView;
  /** Heading level of the segment name (nested segments go one deeper, up to 6). */
  headingLevel?: number;
  /** Open at first (default true). */
  defaultExpanded?: boolean;
}

/**
 * A segment of a check-in survey result (spec 1 §2): collapsible, with its points, its answered
 * questions and its nested segments; an empty one says 'Este segmento no contiene preguntas ni
 * sub-segmentos respondidos.'
 */
export function SurveyResultSegment({
  segment,
  headingLevel = 3,
  defaultExpanded = true,
}: SurveyResultSegmentProps) {
  const isEmpty = segment.questions.length === 0 && segment.segments.length === 0;
  return (
    <CollapsibleCard
      title={segment.segment || 'Segmento sin nombre'}
      headingLevel={headingLevel}
      defaultExpanded={defaultExpanded}
      meta={<PointsBadge points={segment.points} />}
    >
      {isEmpty ? (
        <p className="py-2 text-sm text-fg-muted">
          Este segmento no contiene preguntas ni sub-segmentos respondidos.
        </p>
      ) : (
        <>
          {segment.questions.map((answer) => (
            <ResultQuestion
              key={answer.id}
              answer={answer}
              headingLevel={Math.min(6, headingLevel + 1)}
            />
          ))}
          {segment.segments.map((child) => (
            <SurveyResultSegment
              key={child.id}
              segment={child}
              headingLevel={Math.min(6, headingLevel + 1)}
              defaultExpanded={defaultExpanded}
            />
          ))}
        </>
      )}
    </CollapsibleCard>
  );
}
