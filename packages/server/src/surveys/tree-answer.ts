import type { components } from '@anaquel/api/schema';
import type { QuestionNode, SegmentNode, SurveyTree } from './tree-model.ts';
import { questionTypeLabel, surveyTypeLabel } from './types.ts';
import { computeValidity } from './validity.ts';

// The contract's view of a survey tree: what `GET surveys/{id}` and the sync download answer.

const sortedIds = (ids: number[]): number[] =>
  ids.length < 2 ? ids : [...ids].sort((a, b) => a - b);

export type SurveyTreeAnswer = components['schemas']['SurveyTree'];
type SegmentAnswer = components['schemas']['SegmentNode'];
type QuestionAnswer = components['schemas']['QuestionNode'];

/** The contract's `SurveyTree`: the tree with validity, as `GET surveys/{id}` answers it. */
export function toSurveyTreeAnswer(tree: SurveyTree): SurveyTreeAnswer {
  const validity = computeValidity(tree);
  const question = (node: QuestionNode): QuestionAnswer => {
    const errors = validity.questions.get(node.id) ?? [];
    return {
      id: node.id,
      segmentId: node.segmentId,
      type: node.type,
      typeDescription: questionTypeLabel(node.type),
      order: node.order,
      description: node.description,
      acceptsNA: node.acceptsNA,
      isOptional: node.isOptional,
      hasPhoto: node.hasPhoto,
      hasOther: node.hasOther,
      multipleOptionsCount: node.multipleOptionsCount,
      points: node.points,
      isValid: errors.length === 0,
      errors,
      multipleOptions: node.options.map((option) => ({
        id: option.id,
        questionId: option.questionId,
        order: option.order,
        description: option.description,
        points: option.points,
        isOther: option.isOther,
        blurredSegmentIds: sortedIds(option.hiddenSegmentIds),
        blurredQuestionIds: sortedIds(option.hiddenQuestionIds),
      })),
    };
  };
  const segment = (node: SegmentNode): SegmentAnswer => {
    const errors = validity.segments.get(node.id) ?? [];
    return {
      id: node.id,
      surveyId: node.surveyId,
      parentId: node.parentId,
      name: node.name,
      description: node.description,
      order: node.order,
      points: node.points,
      isValid: errors.length === 0,
      errors,
      children: node.children.map(segment),
      questions: node.questions.map(question),
    };
  };
  const { survey } = tree;
  return {
    id: survey.id,
    campaignId: survey.campaignId,
    campaignName: survey.campaignName,
    type: survey.type as 1 | 2,
    typeDescription: surveyTypeLabel(survey.type),
    name: survey.name,
    description: survey.description,
    points: survey.points,
    isActive: survey.isActive,
    firstAnswerAt: survey.firstAnswerAt ? new Date(survey.firstAnswerAt).toISOString() : null,
    isValid: validity.survey.length === 0,
    errors: validity.survey,
    segments: tree.roots.map(segment),
  };
}
