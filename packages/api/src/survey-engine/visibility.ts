// Skip logic: which segments and questions the chosen options hide.
import {
  type EngineAnswer,
  type EngineSegment,
  type EngineSurvey,
  type SurveyOrder,
  surveyOrder,
} from './model';
import { choosesOptions } from '../rules';

export interface HiddenItems {
  segmentIds: ReadonlySet<number>;
  questionIds: ReadonlySet<number>;
}

/**
 * Segments and questions hidden by the chosen options, walking the survey in reading order: an
 * option counts only when its question is itself shown (an answer to a hidden question hides
 * nothing), a question answered 'No aplica' hides nothing, and a hidden segment hides everything
 * inside it: every segment and question inside it is in the sets. Skip logic only points forward (docs/surveys.md), so one walk resolves chains.
 */
export function hiddenItems(
  survey: EngineSurvey,
  answers: ReadonlyMap<number, EngineAnswer>,
  order: SurveyOrder = surveyOrder(survey),
): HiddenItems {
  const segmentIds = new Set<number>();
  const questionIds = new Set<number>();
  const visit = (segment: EngineSegment, hiddenAbove: boolean): void => {
    const hidden = hiddenAbove || segmentIds.has(segment.id);
    if (hidden) segmentIds.add(segment.id);
    for (const item of order.items(segment)) {
      if (item.kind === 'segment') {
        visit(item.segment, hidden);
        continue;
      }
      const { question } = item;
      if (hidden || questionIds.has(question.id)) {
        questionIds.add(question.id);
        continue;
      }
      const answer = answers.get(question.id);
      // Likert statements and Ranking items are all answered: they hide nothing.
      if (!answer || answer.isNa || !choosesOptions(question.type)) continue;
      const chosen = new Set((answer.options ?? []).map((choice) => choice.optionId));
      for (const option of question.multipleOptions) {
        if (!chosen.has(option.id)) continue;
        for (const id of option.blurredSegmentIds) segmentIds.add(id);
        for (const id of option.blurredQuestionIds) questionIds.add(id);
      }
    }
  };
  for (const segment of order.roots) visit(segment, false);
  // A segment named by an option the walk met after it (skip logic that points back, which the
  // designer's validity refuses) still hides everything inside it.
  const hideAll = (segment: EngineSegment): void => {
    segmentIds.add(segment.id);
    for (const question of segment.questions) questionIds.add(question.id);
    segment.children.forEach(hideAll);
  };
  const within = (segment: EngineSegment): void => {
    if (segmentIds.has(segment.id)) hideAll(segment);
    else segment.children.forEach(within);
  };
  survey.segments.forEach(within);
  return { segmentIds, questionIds };
}

/** Answers by question id (the first one of each question). */
export function answersByQuestion(answers: readonly EngineAnswer[]): Map<number, EngineAnswer> {
  const map = new Map<number, EngineAnswer>();
  for (const answer of answers) if (!map.has(answer.questionId)) map.set(answer.questionId, answer);
  return map;
}
