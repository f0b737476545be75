import type { Db, Tx } from '../db/client.ts';
import { toEngineSurvey } from '../surveys/tree-model.ts';
import { loadSurveyTree } from '../surveys/tree.ts';
import type { AnswerableSurvey } from './answers.ts';

// The surveys of a visit as the sync checks and scores them (the survey engine's tree), from the
// one tree loader of the surveys (surveys/tree.ts).

/** The surveys that exist among `surveyIds`, by id. */
export async function loadAnswerableSurveys(
  db: Db | Tx,
  surveyIds: readonly number[],
): Promise<Map<number, AnswerableSurvey>> {
  const result = new Map<number, AnswerableSurvey>();
  for (const id of new Set(surveyIds)) {
    const tree = await loadSurveyTree(db, id);
    if (!tree) continue;
    const { survey } = tree;
    result.set(id, {
      id: survey.id,
      campaignId: survey.campaignId,
      isActive: survey.isActive,
      type: survey.type,
      ...toEngineSurvey(tree),
    });
  }
  return result;
}
