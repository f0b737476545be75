import type { Key } from 'react-aria-components';
import { isNA, sortedOptions, type PreviewAnswer } from './preview-logic';
import type { SurveyOptionView, SurveyTreeQuestion } from './types';

/**
 * What every question input takes: the question, its answer and where the new answer goes. The
 * designer's preview and the promoters' survey runner render the same inputs.
 */
export interface QuestionInputProps {
  /** The question with its options. */
  question: SurveyTreeQuestion;
  /** Its current answer; undefined before the first one. */
  answer: PreviewAnswer | undefined;
  /** Called with the whole new answer. */
  onChange: (answer: PreviewAnswer) => void;
}

/** The answer as an input works with it: 'No aplica' disables it, `update` merges a change. */
export function answerState({ question, answer = {}, onChange }: QuestionInputProps) {
  return {
    answer,
    na: isNA(question, answer),
    update: (patch: Partial<PreviewAnswer>) => onChange({ ...answer, ...patch }),
  };
}

/** The options of a choice question in order, the chosen ids as strings, and back to keys. */
export function choiceState(question: SurveyTreeQuestion, answer: PreviewAnswer) {
  const options: SurveyOptionView[] = sortedOptions(question);
  const selected = (answer.selected ?? []).map(String);
  // The group reports string ids: give back the option's own key (number or string).
  const keyOf = (id: string): Key => options.find((o) => String(o.id) === id)?.id ?? id;
  return { options, selected, keyOf };
}
