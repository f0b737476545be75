// Builders of survey tree nodes (the contract's types) for the designer's tests and stories.
import type { MultipleOption, QuestionNode, SegmentNode } from '@anaquel/api';

export const option = (
  id: number,
  questionId: number,
  order: number,
  description: string,
  points: number,
  extra: Partial<MultipleOption> = {},
): MultipleOption => ({
  id,
  questionId,
  order,
  description,
  points,
  isOther: false,
  blurredSegmentIds: [],
  blurredQuestionIds: [],
  ...extra,
});

export const question = (
  id: number,
  segmentId: number,
  order: number,
  type: number,
  description: string,
  points: number,
  extra: Partial<QuestionNode> = {},
): QuestionNode => ({
  id,
  segmentId,
  type,
  typeDescription: '',
  order,
  description,
  acceptsNA: false,
  isOptional: false,
  hasPhoto: false,
  hasOther: false,
  multipleOptionsCount: null,
  points,
  isValid: true,
  errors: [],
  multipleOptions: [],
  ...extra,
});

/** A top-level segment of survey `surveyId`. */
export const segmentOf =
  (surveyId: number) =>
  (
    id: number,
    order: number,
    name: string,
    points: number,
    extra: Partial<SegmentNode> = {},
  ): SegmentNode => ({
    id,
    surveyId,
    parentId: null,
    name,
    description: null,
    order,
    points,
    isValid: true,
    errors: [],
    children: [],
    questions: [],
    ...extra,
  });
