// A device's judgement of one survey's answers before it sends them (the field app's runner and
// check-out): what goes, what the server would refuse, what is hidden, what it scores. One
// function, so that the field app and the test that holds it to the server's answers
// (packages/server/test/visits/field-agreement.test.ts) run the same composition of the engine.
import { shownAnswers, surveyIssues, type SurveyIssue } from './acceptance';
import { surveyOrder, type EngineAnswer, type EngineSurvey } from './model';
import { scoreInOrder, type SurveyScore } from './scoring';
import { answersByQuestion, hiddenItems, type HiddenItems } from './visibility';

export interface SurveyJudgement {
  /** The answers that go to the server: those of the questions the skip logic shows. */
  sent: EngineAnswer[];
  /** What the server would refuse in `sent` (its Spanish messages), photo rules included. */
  issues: SurveyIssue[];
  /** What the skip logic hides, given the acceptable answers. */
  hidden: HiddenItems;
  /** The points of the acceptable answers; what the server stores when `issues` is empty. */
  score: SurveyScore;
}

/** Judges a survey's answers as the sync will: hidden answers dropped, refusals, points. */
export function judgeSurvey(
  survey: EngineSurvey,
  answers: readonly EngineAnswer[],
): SurveyJudgement {
  // One reading order for the three walks of the skip logic, and the last walk's hidden items
  // are the score's (the same accepted answers): what scoreSurvey(survey, accepted) computes.
  const order = surveyOrder(survey);
  const sent = shownAnswers(survey, answers, order);
  const issues = surveyIssues(survey, sent, {}, order);
  const refused = new Set(issues.map((issue) => issue.questionId));
  const accepted = answersByQuestion(sent.filter((answer) => !refused.has(answer.questionId)));
  const hidden = hiddenItems(survey, accepted, order);
  return { sent, issues, hidden, score: scoreInOrder(order, accepted, hidden) };
}
