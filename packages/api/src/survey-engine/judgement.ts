// A device's judgement of one survey's answers before it sends them (the field app's runner and
// check-out): what goes, what the server would refuse, what is hidden, what it scores. One
// function, so that the field app and the test that holds it to the server's answers
// (packages/server/test/visits/field-agreement.test.ts) run the same composition of the engine.
import { shownAnswers, surveyIssues, type SurveyIssue } from './acceptance';
import type { EngineAnswer, EngineSurvey } from './model';
import { scoreSurvey, type SurveyScore } from './scoring';
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
  const sent = shownAnswers(survey, answers);
  const issues = surveyIssues(survey, sent);
  const refused = new Set(issues.map((issue) => issue.questionId));
  const accepted = sent.filter((answer) => !refused.has(answer.questionId));
  return {
    sent,
    issues,
    hidden: hiddenItems(survey, answersByQuestion(accepted)),
    score: scoreSurvey(survey, accepted),
  };
}
