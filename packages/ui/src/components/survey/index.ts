export {
  AnswerView,
  NOT_APPLICABLE,
  NOT_AVAILABLE_FOR_TYPE,
  NO_ANSWER,
  ResultQuestion,
} from './AnswerView';
export { OptionRow, type OptionRowProps } from './OptionRow';
export {
  CollapsibleCard,
  InsertionPoint,
  ItemActions,
  PointsBadge,
  SegmentInsertionPoint,
  ValidationWarning,
  hasValidationErrors,
  pointsText,
  type CollapsibleCardProps,
  type InsertionPointProps,
  type ItemActionsProps,
} from './parts';
export { QuestionBlock, type QuestionBlockProps } from './QuestionBlock';
export {
  CHOICE_QUESTION_TYPES,
  OTHER_OPTION_TYPES,
  QuestionType,
  allowsOtherOption,
  canAddOptions,
  hasOptions,
  isQuestionType,
  needsOptionsCount,
  optionLocks,
  questionTypeLabel,
  type OptionLocks,
} from './question-types';
export {
  ANSWER_LIKERT_INCOMPLETE,
  ANSWER_NOT_INTEGER,
  ANSWER_ONE_ONLY,
  ANSWER_OTHER_TEXT,
  ANSWER_RANKING_INCOMPLETE,
  ANSWER_REQUIRED,
  LIKERT_LEVELS,
  answerAtLeast,
  answerAtMost,
  answerErrors,
  answerExactly,
  answerPoints,
  hiddenItems,
  isAnswered,
  isNA,
  previewScore,
  questionsInOrder,
  segmentItems,
  skipTargets,
  sortedOptions,
  sortedSegments,
  visibleQuestions,
  type HiddenItems,
  type PreviewAnswer,
  type PreviewAnswers,
  type PreviewScore,
  type SkipTarget,
} from './preview-logic';
export { PreviewQuestion, countHint, type PreviewQuestionProps } from './PreviewQuestion';
export {
  SurveyDesigner,
  type MoveDirection,
  type SurveyDesignerActions,
  type SurveyDesignerProps,
} from './SurveyDesigner';
export { SurveyPreview, scoreText, type SurveyPreviewProps } from './SurveyPreview';
export { SegmentCard, type SegmentCardItem, type SegmentCardProps } from './SegmentCard';
export { sortSegmentItems, type SegmentItem } from './segment-items';
export { SurveyResultHeader, type SurveyResultHeaderProps } from './SurveyResultHeader';
export { SurveyResultSegment, type SurveyResultSegmentProps } from './SurveyResultSegment';
export type {
  QuestionAnswerView,
  ResultSegmentView,
  SelectedOptionView,
  SurveyOptionView,
  SurveyQuestionView,
  SurveySegmentView,
  SurveyTreeQuestion,
  SurveyTreeSegment,
  SurveyTreeView,
} from './types';
