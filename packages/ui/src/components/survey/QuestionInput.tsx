import type { ComponentType } from 'react';
import { TextField } from '../text-field';
import { answerState, choiceState, type QuestionInputProps } from './answer-input';
import { LikertInput, OneOptionInput, RankingInput, SeveralOptionsInput } from './choice-inputs';
import { QuestionType, isQuestionType } from './question-types';
import { DateAnswerInput, NumberAnswerInput, TextAnswerInput } from './value-inputs';

/** The input of each question type. */
const INPUTS: Record<QuestionType, ComponentType<QuestionInputProps>> = {
  [QuestionType.Text]: TextAnswerInput,
  [QuestionType.Integer]: NumberAnswerInput,
  [QuestionType.Decimal]: NumberAnswerInput,
  [QuestionType.Date]: DateAnswerInput,
  [QuestionType.YesNo]: OneOptionInput,
  [QuestionType.SingleChoice]: OneOptionInput,
  [QuestionType.MultipleChoice]: SeveralOptionsInput,
  [QuestionType.MaxChoicesCount]: SeveralOptionsInput,
  [QuestionType.MinChoicesCount]: SeveralOptionsInput,
  [QuestionType.ExactChoicesCount]: SeveralOptionsInput,
  [QuestionType.LikertMatrix]: LikertInput,
  [QuestionType.Ranking]: RankingInput,
  [QuestionType.Rating]: OneOptionInput,
};

/**
 * The answer input a question's type asks for (text, integer, decimal, date, Si/No, one or
 * several options with the counts of types 7-9, Likert levels per statement, Ranking by
 * choosing options in order, Rating steps), then the text of 'Otro' once it is chosen. Disabled
 * while the answer is 'No aplica'.
 */
export function QuestionInput(props: QuestionInputProps) {
  const { type } = props.question;
  const Input = isQuestionType(type) ? INPUTS[type] : undefined;
  const { answer, na, update } = answerState(props);
  const { options, selected } = choiceState(props.question, answer);
  const other = options.find((option) => option.isOther);
  const otherChosen = other != null && selected.includes(String(other.id));
  return (
    <>
      {Input ? (
        <Input {...props} />
      ) : (
        <p className="text-sm text-fg-muted">Tipo de pregunta desconocido.</p>
      )}
      {otherChosen && !na && (
        <TextField
          label="Texto de la opción Otro"
          value={answer.otherText ?? ''}
          onChange={(otherText) => update({ otherText })}
          className="max-w-md"
        />
      )}
    </>
  );
}
