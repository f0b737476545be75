import type { ReactNode } from 'react';
import { Button } from '../button';
import { Checkbox, CheckboxGroup } from '../checkbox';
import { AnswerRadio, AnswerRadioGroup } from './answer-radio';
import { answerState, choiceState, type QuestionInputProps } from './answer-input';
import { PointsBadge } from './parts';
import { RankingOrder } from './ranking-order';
import { LIKERT_LEVELS, answerAtLeast, answerAtMost, answerExactly } from './preview-logic';
import { QuestionType } from './question-types';
import type { SurveyOptionView, SurveyTreeQuestion } from './types';

const optionLabel = (option: SurveyOptionView) => (
  <span className="inline-flex flex-wrap items-center gap-2">
    <span className="break-words">{option.description}</span>
    <PointsBadge points={option.points} />
  </span>
);

/** The hint of the count types: 'Elige como máximo 2 opciones.' */
export function countHint(question: SurveyTreeQuestion): string | null {
  const count = question.multipleOptionsCount ?? 0;
  switch (question.type) {
    case QuestionType.MaxChoicesCount:
      return answerAtMost(count);
    case QuestionType.MinChoicesCount:
      return answerAtLeast(count);
    case QuestionType.ExactChoicesCount:
      return answerExactly(count);
    default:
      return null;
  }
}

/** Types 4 'Si/No', 5 'Opción Única' and 12 'Rating': one option, by radio buttons. */
export function OneOptionInput(props: QuestionInputProps) {
  const { question } = props;
  const { answer, na, update } = answerState(props);
  const { options, selected, keyOf } = choiceState(question, answer);
  return (
    <AnswerRadioGroup
      label={<span className="sr-only">{question.description}</span>}
      value={selected[0] ?? null}
      onChange={(id) => update({ selected: [keyOf(id)] })}
      isDisabled={na}
      orientation={question.type === QuestionType.SingleChoice ? 'vertical' : 'horizontal'}
    >
      {options.map((option) => (
        <AnswerRadio key={option.id} value={String(option.id)}>
          {optionLabel(option)}
        </AnswerRadio>
      ))}
    </AnswerRadioGroup>
  );
}

/** A checkbox per option, named by the question; `label` renders an option's text. */
function OptionCheckboxes({
  question,
  options,
  selected,
  onChange,
  isDisabled,
  label,
  description,
}: {
  question: SurveyTreeQuestion;
  options: SurveyOptionView[];
  selected: string[];
  onChange: (ids: string[]) => void;
  isDisabled: boolean;
  label: (option: SurveyOptionView, position: number) => ReactNode;
  description?: string;
}) {
  return (
    <CheckboxGroup
      aria-label={question.description}
      description={description}
      value={selected}
      onChange={onChange}
      isDisabled={isDisabled}
    >
      {options.map((option) => (
        <Checkbox key={option.id} value={String(option.id)}>
          {label(option, selected.indexOf(String(option.id)))}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/** Types 6 'Opción Multiple' and 7-9 (at most, at least, exactly N): several options. */
export function SeveralOptionsInput(props: QuestionInputProps) {
  const { answer, na, update } = answerState(props);
  const { options, selected, keyOf } = choiceState(props.question, answer);
  return (
    <OptionCheckboxes
      question={props.question}
      options={options}
      description={countHint(props.question) ?? undefined}
      selected={selected}
      onChange={(ids) => update({ selected: ids.map(keyOf) })}
      isDisabled={na}
      label={optionLabel}
    />
  );
}

/** Type 10 'Matriz de Likert': a level of the fixed scale per statement (option). */
export function LikertInput(props: QuestionInputProps) {
  const { answer, na, update } = answerState(props);
  const { options } = choiceState(props.question, answer);
  return (
    <div className="flex flex-col gap-3">
      {options.map((option) => {
        const level = answer.levels?.[String(option.id)];
        return (
          <AnswerRadioGroup
            key={option.id}
            label={optionLabel(option)}
            value={level ? String(level) : null}
            onChange={(value) =>
              update({ levels: { ...answer.levels, [String(option.id)]: Number(value) } })
            }
            isDisabled={na}
            orientation="horizontal"
          >
            {LIKERT_LEVELS.map((text, i) => (
              <AnswerRadio key={text} value={String(i + 1)}>
                {text}
              </AnswerRadio>
            ))}
          </AnswerRadioGroup>
        );
      })}
    </div>
  );
}

/** A Ranking option with its place ('1.', or '–' while not chosen). */
function rankedLabel(option: SurveyOptionView, position: number) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden={position < 0}
        className="inline-flex min-w-6 justify-center rounded-full bg-surface-muted px-1.5 text-xs font-semibold tabular-nums"
      >
        {position >= 0 ? `${position + 1}.` : '–'}
      </span>
      <span className="break-words">{option.description}</span>
      {position >= 0 && <span className="sr-only">, lugar {position + 1}</span>}
    </span>
  );
}

/** Type 11 'Ranking': the options chosen in order of preference. */
export function RankingInput(props: QuestionInputProps) {
  const { answer, na, update } = answerState(props);
  const { options, selected, keyOf } = choiceState(props.question, answer);
  // Keeps the order of choice: new ids go last, removed ones leave their place.
  const reorder = (ids: string[]) => [
    ...selected.filter((id) => ids.includes(id)),
    ...ids.filter((id) => !selected.includes(id)),
  ];
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-fg-muted">
        Elige las opciones en orden de preferencia; el número indica su lugar. Cambia el orden con
        las flechas.
      </p>
      <OptionCheckboxes
        question={props.question}
        options={options}
        selected={selected}
        onChange={(ids) => update({ selected: reorder(ids).map(keyOf) })}
        isDisabled={na}
        label={rankedLabel}
      />
      {selected.length > 1 && !na && (
        <RankingOrder
          options={options}
          selected={selected}
          onChange={(ids) => update({ selected: ids.map(keyOf) })}
        />
      )}
      {selected.length > 0 && !na && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onPress={() => update({ selected: [] })}
        >
          Reiniciar orden
        </Button>
      )}
    </div>
  );
}
