import type { Db, Tx } from '../db/client.ts';
import type { SegmentNode, SurveyTree } from '../surveys/tree-model.ts';
import { loadSurveyTree } from '../surveys/tree.ts';
import type { AnswerableSegment, AnswerableSurvey } from './answers.ts';

// The surveys of a visit in the shape the sync checks and scores (answers.ts), from the one tree
// loader of the surveys (surveys/tree.ts).

function toAnswerableSegment(segment: SegmentNode): AnswerableSegment {
  return {
    id: segment.id,
    order: segment.order,
    segments: segment.children.map(toAnswerableSegment),
    questions: segment.questions.map((question) => ({
      id: question.id,
      type: question.type,
      order: question.order,
      points: Number(question.points),
      description: question.description,
      acceptsNa: question.acceptsNA,
      isOptional: question.isOptional,
      hasPhoto: question.hasPhoto,
      multipleOptionsCount: question.multipleOptionsCount,
      options: question.options.map((option) => ({
        id: option.id,
        points: Number(option.points),
        isOther: option.isOther,
        hiddenSegmentIds: option.hiddenSegmentIds,
        hiddenQuestionIds: option.hiddenQuestionIds,
      })),
    })),
  };
}

export function toAnswerableSurvey(tree: SurveyTree): AnswerableSurvey {
  return {
    id: tree.survey.id,
    campaignId: tree.survey.campaignId,
    isActive: tree.survey.isActive,
    type: tree.survey.type,
    segments: tree.roots.map(toAnswerableSegment),
  };
}

/** The surveys that exist among `surveyIds`, by id. */
export async function loadAnswerableSurveys(
  db: Db | Tx,
  surveyIds: readonly number[],
): Promise<Map<number, AnswerableSurvey>> {
  const result = new Map<number, AnswerableSurvey>();
  for (const id of new Set(surveyIds)) {
    const tree = await loadSurveyTree(db, id);
    if (tree) result.set(id, toAnswerableSurvey(tree));
  }
  return result;
}
