// The one survey engine (docs/decisions.md, "One survey engine"): pure functions of a survey tree
// and answers, with no I/O, no React and no database. The server's sync (checks and scores), the
// designer's preview and the field app call it, so they cannot disagree.
export * from './model';
export { answerMessages } from './messages';
export { hiddenItems, answersByQuestion, type HiddenItems } from './visibility';
export {
  answerIssues,
  isCalendarDay,
  questionsById,
  shownAnswers,
  surveyIssues,
  type AnswerIssue,
  type CheckOptions,
  type SurveyIssue,
} from './acceptance';
export {
  answerPoints,
  isAnswered,
  scoreSurvey,
  surveyPoints,
  type QuestionScore,
  type SegmentScore,
  type SurveyScore,
} from './scoring';
export { judgeSurvey, type SurveyJudgement } from './judgement';
