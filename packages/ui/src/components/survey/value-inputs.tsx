import { DatePicker } from '../date-picker';
import { NumberField } from '../number-field';
import { TextArea } from '../text-area';
import { answerState, type QuestionInputProps } from './answer-input';
import { QuestionType } from './question-types';

/** Type 0 'Texto': a free text. */
export function TextAnswerInput(props: QuestionInputProps) {
  const { answer, na, update } = answerState(props);
  return (
    <TextArea
      aria-label={props.question.description}
      value={answer.text ?? ''}
      onChange={(text) => update({ text })}
      isDisabled={na}
      rows={2}
    />
  );
}

/** Types 1 'Entero' and 2 'Decimal': a number, with no decimals or at most two. */
export function NumberAnswerInput(props: QuestionInputProps) {
  const { answer, na, update } = answerState(props);
  return (
    <NumberField
      aria-label={props.question.description}
      value={answer.number ?? null}
      onChange={(number) => update({ number })}
      maxFractionDigits={props.question.type === QuestionType.Integer ? 0 : 2}
      isDisabled={na}
      className="max-w-xs"
    />
  );
}

/** Type 3 'Fecha': a day. */
export function DateAnswerInput(props: QuestionInputProps) {
  const { answer, na, update } = answerState(props);
  return (
    <DatePicker
      aria-label={props.question.description}
      value={answer.date ?? null}
      onChange={(date) => update({ date })}
      isDisabled={na}
      className="max-w-xs"
    />
  );
}
