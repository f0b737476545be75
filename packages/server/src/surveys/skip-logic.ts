import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { qualified as q } from '../db/fold.ts';
import type { Tx } from '../db/client.ts';
import {
  multipleOptionHiddenQuestions,
  multipleOptionHiddenSegments,
  multipleOptions,
} from '../db/schema/index.ts';
import { badRequest, conflict, type ValidationIssue } from '../http/errors.ts';
import { ancestorsOf, questionKey, segmentKey, type SurveyTree } from './tree-model.ts';
import { loadSurveyTree } from './tree.ts';
import { choosesOptions } from './types.ts';

// Skip logic (docs/surveys.md "Skip logic"): an option of a choice question hides segments and
// questions after its question, never the question itself nor a segment holding it. Checked when
// an option's rules are stored and after every move, which is refused when it breaks one.

const skipLogicMessages = {
  notInSurvey: (what: 'segmento' | 'pregunta', id: number) =>
    what === 'segmento'
      ? `El segmento ${id} no pertenece al cuestionario.`
      : `La pregunta ${id} no pertenece al cuestionario.`,
  itself: 'Una opción no puede ocultar su propia pregunta.',
  ancestor: 'Una opción no puede ocultar un segmento que contiene a su pregunta.',
  backwards: 'Solo se pueden ocultar segmentos y preguntas posteriores a la pregunta.',
  nonChoice: 'Las opciones de este tipo de pregunta no pueden ocultar segmentos ni preguntas.',
  brokenByMove: (option: string, question: string) =>
    `No se puede mover: la opción "${option}" de la pregunta "${question}" oculta un elemento que quedaría antes de su pregunta o la contendría. Quita esa regla de salto primero.`,
};

/** The ids of the segments and questions an option hides, as columns of a query of options. */
export const hiddenSegmentIdsOf = sql<
  number[]
>`array(select ${q(multipleOptionHiddenSegments.segmentId)} from ${multipleOptionHiddenSegments} where ${q(multipleOptionHiddenSegments.optionId)} = ${q(multipleOptions.id)} order by 1)`;
export const hiddenQuestionIdsOf = sql<
  number[]
>`array(select ${q(multipleOptionHiddenQuestions.questionId)} from ${multipleOptionHiddenQuestions} where ${q(multipleOptionHiddenQuestions.optionId)} = ${q(multipleOptions.id)} order by 1)`;

/** The 400 issues of an option's hidden segments and questions (forward only, same survey). */
function hiddenTargetIssues(
  tree: SurveyTree,
  question: { id: number; segmentId: number; type: number },
  segmentIds: readonly number[],
  questionIds: readonly number[],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (segmentIds.length + questionIds.length === 0) return issues;
  if (!choosesOptions(question.type)) {
    const field = segmentIds.length > 0 ? 'blurredSegmentIds' : 'blurredQuestionIds';
    return [{ field, message: skipLogicMessages.nonChoice }];
  }
  const own = tree.position.get(questionKey(question.id)) ?? -1;
  const ancestors = new Set(ancestorsOf(tree, question.segmentId).map((s) => s.id));
  for (const id of segmentIds) {
    const field = 'blurredSegmentIds';
    if (!tree.segments.has(id)) {
      issues.push({ field, message: skipLogicMessages.notInSurvey('segmento', id) });
    } else if (ancestors.has(id)) issues.push({ field, message: skipLogicMessages.ancestor });
    else if ((tree.position.get(segmentKey(id)) ?? -1) < own) {
      issues.push({ field, message: skipLogicMessages.backwards });
    }
  }
  for (const id of questionIds) {
    const field = 'blurredQuestionIds';
    if (!tree.questions.has(id)) {
      issues.push({ field, message: skipLogicMessages.notInSurvey('pregunta', id) });
    } else if (id === question.id) issues.push({ field, message: skipLogicMessages.itself });
    else if ((tree.position.get(questionKey(id)) ?? -1) < own) {
      issues.push({ field, message: skipLogicMessages.backwards });
    }
  }
  // One message per rule and field is enough.
  return issues.filter(
    (issue, index) =>
      issues.findIndex((i) => i.field === issue.field && i.message === issue.message) === index,
  );
}

/** The options of a tree whose skip logic does not point forward (see hiddenTargetIssues). */
function brokenSkipRules(tree: SurveyTree | null): Map<number, string> {
  const broken = new Map<number, string>();
  if (!tree) return broken;
  for (const question of tree.questions.values()) {
    for (const option of question.options) {
      if (option.hiddenSegmentIds.length + option.hiddenQuestionIds.length === 0) continue;
      const issues = hiddenTargetIssues(
        tree,
        question,
        option.hiddenSegmentIds,
        option.hiddenQuestionIds,
      );
      if (issues.length > 0) {
        broken.set(
          option.id,
          skipLogicMessages.brokenByMove(option.description, question.description),
        );
      }
    }
  }
  return broken;
}

/**
 * Runs a move (or a change of parent or segment) and then checks that it broke no skip-logic
 * rule: a rule the move would make point backwards (or at a segment now holding its question)
 * refuses the move with a 409 naming the option, and the caller's transaction rolls back
 * (docs/surveys.md: refused rather than silently dropped). Rules already broken before are not
 * the move's fault and do not block it.
 */
export async function keepingSkipLogicForward<T>(
  tx: Tx,
  surveyId: number,
  move: () => Promise<T>,
): Promise<T> {
  const before = brokenSkipRules(await loadSurveyTree(tx, surveyId));
  const result = await move();
  const after = brokenSkipRules(await loadSurveyTree(tx, surveyId));
  for (const [optionId, message] of after) {
    if (!before.has(optionId)) throw conflict(message);
  }
  return result;
}

/** Deletes the skip-logic rows of the options `options` selects (by their option_id column). */
export async function clearSkipLogic(tx: Tx, options: (optionId: AnyColumn) => SQL): Promise<void> {
  await tx
    .delete(multipleOptionHiddenSegments)
    .where(options(multipleOptionHiddenSegments.optionId));
  await tx
    .delete(multipleOptionHiddenQuestions)
    .where(options(multipleOptionHiddenQuestions.optionId));
}

/** Checks and stores an option's skip logic (replacing what it had). */
export async function saveSkipLogic(
  tx: Tx,
  surveyId: number,
  optionId: number,
  question: { id: number; segmentId: number; type: number },
  hidden: { segmentIds: number[]; questionIds: number[] },
): Promise<void> {
  const { segmentIds, questionIds } = hidden;
  if (segmentIds.length + questionIds.length > 0) {
    const tree = await loadSurveyTree(tx, surveyId);
    const issues = tree ? hiddenTargetIssues(tree, question, segmentIds, questionIds) : [];
    if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
  }
  await clearSkipLogic(tx, (column) => eq(column, optionId));
  if (segmentIds.length > 0) {
    await tx
      .insert(multipleOptionHiddenSegments)
      .values(segmentIds.map((segmentId) => ({ optionId, segmentId })));
  }
  if (questionIds.length > 0) {
    await tx
      .insert(multipleOptionHiddenQuestions)
      .values(questionIds.map((questionId) => ({ optionId, questionId })));
  }
}
