export { AnswerView, NOT_AVAILABLE_FOR_TYPE, NO_ANSWER, ResultQuestion } from './AnswerView';
export { OptionRow, type OptionRowProps } from './OptionRow';
export {
  CollapsibleCard,
  InsertionPoint,
  ItemActions,
  PointsBadge,
  ValidationWarning,
  pointsText,
  type CollapsibleCardProps,
  type InsertionPointProps,
  type ItemActionsProps,
} from './parts';
export { QuestionBlock, type QuestionBlockProps } from './QuestionBlock';
export {
  CHOICE_QUESTION_TYPES,
  QuestionType,
  isQuestionType,
  questionTypeLabel,
} from './question-types';
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
} from './types';
