import { Fragment, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import {
  CollapsibleCard,
  InsertionPoint,
  ItemActions,
  PointsBadge,
  ItemValidationWarning,
  type ItemActionsProps,
} from './parts';
import type { SurveySegmentView } from './types';

/** One rendered question or sub-segment inside a SegmentCard, with its order. */
export interface SegmentCardItem {
  /** Stable key (e.g. `q-12`, `s-4`). */
  key: Key;
  /** Its order within the segment; new items inserted after it take order + 1. */
  order: number;
  /** The rendered QuestionBlock or nested SegmentCard. */
  node: ReactNode;
}

export interface SegmentCardProps extends Omit<ItemActionsProps, 'noun'> {
  /** The segment (name, points, validity). */
  segment: SurveySegmentView;
  /**
   * Its questions and sub-segments already rendered and sorted by order (see
   * `sortSegmentItems`); an empty list shows 'No hay preguntas ni segmentos aún.'
   */
  items: readonly SegmentCardItem[];
  /** Adds a question at an order (insertion points between items); hidden without it. */
  onAddQuestion?: (order: number) => void;
  /** Adds a sub-segment at an order; hidden without it. */
  onAddSegment?: (order: number) => void;
  /** Heading level of the title (nested segments go one deeper). */
  headingLevel?: number;
  /** Open at first (default true). */
  defaultExpanded?: boolean;
}

/**
 * Designer card of a segment (spec 2 §2): collapsible and open by default, titled with the name
 * or 'Segmento sin nombre', its points, the validation warning, move/edit/delete actions and the
 * ordered questions and sub-segments with insertion points between them.
 */
export function SegmentCard({
  segment,
  items,
  onAddQuestion,
  onAddSegment,
  headingLevel = 3,
  defaultExpanded = true,
  ...actions
}: SegmentCardProps) {
  const title = segment.name?.trim() || 'Segmento sin nombre';
  const insertion = (order: number) => (
    <InsertionPoint order={order} onAddQuestion={onAddQuestion} onAddSegment={onAddSegment} />
  );
  return (
    <CollapsibleCard
      title={title}
      headingLevel={headingLevel}
      defaultExpanded={defaultExpanded}
      meta={<PointsBadge points={segment.points} />}
      actions={<ItemActions noun="segmento" {...actions} />}
    >
      {segment.description && <p className="text-sm text-fg-muted">{segment.description}</p>}
      <ItemValidationWarning item={segment} title="Este segmento tiene errores de validación:" />
      {items.length === 0 ? (
        <>
          <p className="py-3 text-center text-sm text-fg-muted">
            No hay preguntas ni segmentos aún.
          </p>
          {insertion(0)}
        </>
      ) : (
        <>
          {insertion(items[0]!.order)}
          {items.map((item) => (
            <Fragment key={item.key}>
              {item.node}
              {insertion(item.order + 1)}
            </Fragment>
          ))}
        </>
      )}
    </CollapsibleCard>
  );
}
