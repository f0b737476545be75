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
  LIKERT_LEVELS,
  answerAtLeast,
  answerAtMost,
  answerExactly,
  isNA,
  segmentItems,
  skipTargets,
  sortedOptions,
  sortedSegments,
  type PreviewAnswer,
  type PreviewAnswers,
  type SkipTarget,
} from './preview-logic';
export {
  evaluatePreview,
  toEngineAnswer,
  toEngineSurvey,
  type PreviewScore,
  type PreviewState,
} from './preview-engine';
export { countHint } from './choice-inputs';
export { PreviewQuestion, type PreviewQuestionProps } from './PreviewQuestion';
export { QuestionInput } from './QuestionInput';
export type { QuestionInputProps } from './answer-input';
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
