/** A question or a sub-segment of a segment, in the designer's single ordered list. */
export type SegmentItem<Q, S> =
  { kind: 'question'; order: number; item: Q } | { kind: 'segment'; order: number; item: S };

/**
 * Questions and sub-segments merged and sorted by order (spec 2 §2); on equal order questions
 * come first, then by original position, so the list is stable.
 */
export function sortSegmentItems<Q extends { order: number }, S extends { order: number }>(
  questions: readonly Q[],
  segments: readonly S[],
): SegmentItem<Q, S>[] {
  const items: SegmentItem<Q, S>[] = [
    ...questions.map((item) => ({ kind: 'question' as const, order: item.order, item })),
    ...segments.map((item) => ({ kind: 'segment' as const, order: item.order, item })),
  ];
  // Array.prototype.sort is stable, so ties keep the questions-then-segments input order.
  return items.sort((a, b) => a.order - b.order);
}
