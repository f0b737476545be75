import { useId, type ReactNode } from 'react';
import {
  Label as RACLabel,
  Radio,
  RadioGroup,
  type Key,
  composeRenderProps,
} from 'react-aria-components';
import { tv, twMerge } from 'tailwind-variants';
import { ImageIcon } from '../../icons';
import { focusRing } from '../../lib/styles';
import { Button } from '../button';
import { Checkbox, CheckboxGroup } from '../checkbox';
import { DatePicker } from '../date-picker';
import { NumberField } from '../number-field';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';
import { PointsBadge } from './parts';
import {
  LIKERT_LEVELS,
  answerAtLeast,
  answerAtMost,
  answerExactly,
  isNA,
  sortedOptions,
  type PreviewAnswer,
} from './preview-logic';
import { QuestionType, questionTypeLabel } from './question-types';
import type { SurveyOptionView, SurveyTreeQuestion } from './types';

const radioCircle = tv({
  extend: focusRing,
  base: 'flex size-5 shrink-0 items-center justify-center rounded-full border-2 transition-colors',
  variants: {
    isSelected: {
      false: 'border-border-strong bg-surface',
      true: 'border-brand bg-surface',
    },
    isDisabled: { true: 'border-border bg-surface-muted' },
  },
});

function PreviewRadio({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Radio
      value={value}
      className={composeRenderProps('', (c) =>
        twMerge(
          'group inline-flex cursor-pointer items-center gap-2 text-sm text-fg data-disabled:cursor-not-allowed data-disabled:text-fg-muted',
          c,
        ),
      )}
    >
      {(state) => (
        <>
          <span className={radioCircle(state)}>
            {state.isSelected && <span className="size-2.5 rounded-full bg-brand" />}
          </span>
          {children}
        </>
      )}
    </Radio>
  );
}

function PreviewRadioGroup({
  label,
  value,
  onChange,
  isDisabled,
  orientation = 'vertical',
  children,
}: {
  label: ReactNode;
  value: string | null;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  orientation?: 'vertical' | 'horizontal';
  children: ReactNode;
}) {
  return (
    <RadioGroup
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      orientation={orientation}
      className="flex flex-col gap-1.5"
    >
      <RACLabel className="text-sm font-medium text-fg">{label}</RACLabel>
      <div
        className={
          orientation === 'vertical' ? 'flex flex-col gap-2' : 'flex flex-wrap gap-x-4 gap-y-2'
        }
      >
        {children}
      </div>
    </RadioGroup>
  );
}

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

export interface PreviewQuestionProps {
  /** The question with its options. */
  question: SurveyTreeQuestion;
  /** Its current answer. */
  answer: PreviewAnswer | undefined;
  /** Called with the new answer. */
  onChange: (answer: PreviewAnswer) => void;
  /** Errors to show (the preview shows them once the question was touched or checked). */
  errors?: readonly string[];
  /** Heading level of the question text. */
  headingLevel?: number;
}

/**
 * One question of the preview, answered as a promoter would: the input its type asks for (text,
 * integer, decimal, date, Si/No, one or several options with the counts of types 7-9, Likert
 * levels per statement, Ranking by choosing options in order, Rating steps), 'No aplica' when
 * accepted, the text of 'Otro', and the errors it is given.
 */
export function PreviewQuestion({
  question,
  answer = {},
  onChange,
  errors = [],
  headingLevel = 4,
}: PreviewQuestionProps) {
  const headingId = useId();
  const errorId = useId();
  const na = isNA(question, answer);
  const update = (patch: Partial<PreviewAnswer>) => onChange({ ...answer, ...patch });
  const Heading = `h${Math.min(6, Math.max(2, headingLevel))}` as 'h4';
  const title = question.description;
  const options = sortedOptions(question);
  const selected = (answer.selected ?? []).map(String);
  const other = options.find((option) => option.isOther);
  const otherChosen = other != null && selected.includes(String(other.id));
  const byId = (id: string): Key => options.find((o) => String(o.id) === id)?.id ?? id;

  let input: ReactNode;
  switch (question.type) {
    case QuestionType.Text:
      input = (
        <TextArea
          aria-label={title}
          value={answer.text ?? ''}
          onChange={(text) => update({ text })}
          isDisabled={na}
          rows={2}
        />
      );
      break;
    case QuestionType.Integer:
    case QuestionType.Decimal:
      input = (
        <NumberField
          aria-label={title}
          value={answer.number ?? null}
          onChange={(number) => update({ number })}
          maxFractionDigits={question.type === QuestionType.Integer ? 0 : 2}
          isDisabled={na}
          className="max-w-xs"
        />
      );
      break;
    case QuestionType.Date:
      input = (
        <DatePicker
          aria-label={title}
          value={answer.date ?? null}
          onChange={(date) => update({ date })}
          isDisabled={na}
          className="max-w-xs"
        />
      );
      break;
    case QuestionType.YesNo:
    case QuestionType.SingleChoice:
    case QuestionType.Rating:
      input = (
        <PreviewRadioGroup
          label={<span className="sr-only">{title}</span>}
          value={selected[0] ?? null}
          onChange={(id) => update({ selected: [byId(id)] })}
          isDisabled={na}
          orientation={question.type === QuestionType.SingleChoice ? 'vertical' : 'horizontal'}
        >
          {options.map((option) => (
            <PreviewRadio key={option.id} value={String(option.id)}>
              {optionLabel(option)}
            </PreviewRadio>
          ))}
        </PreviewRadioGroup>
      );
      break;
    case QuestionType.MultipleChoice:
    case QuestionType.MaxChoicesCount:
    case QuestionType.MinChoicesCount:
    case QuestionType.ExactChoicesCount:
      input = (
        <CheckboxGroup
          aria-label={title}
          description={countHint(question) ?? undefined}
          value={selected}
          onChange={(ids) => update({ selected: ids.map(byId) })}
          isDisabled={na}
        >
          {options.map((option) => (
            <Checkbox key={option.id} value={String(option.id)}>
              {optionLabel(option)}
            </Checkbox>
          ))}
        </CheckboxGroup>
      );
      break;
    case QuestionType.LikertMatrix:
      input = (
        <div className="flex flex-col gap-3">
          {options.map((option) => {
            const level = answer.levels?.[String(option.id)];
            return (
              <PreviewRadioGroup
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
                  <PreviewRadio key={text} value={String(i + 1)}>
                    {text}
                  </PreviewRadio>
                ))}
              </PreviewRadioGroup>
            );
          })}
        </div>
      );
      break;
    case QuestionType.Ranking:
      input = (
        <div className="flex flex-col gap-2">
          <p className="text-xs text-fg-muted">
            Elige las opciones en orden de preferencia; el número indica su lugar.
          </p>
          <CheckboxGroup
            aria-label={title}
            value={selected}
            onChange={(ids) =>
              // Keeps the order of choice: new ids go last, removed ones leave their place.
              update({
                selected: [
                  ...selected.filter((id) => ids.includes(id)),
                  ...ids.filter((id) => !selected.includes(id)),
                ].map(byId),
              })
            }
            isDisabled={na}
          >
            {options.map((option) => {
              const position = selected.indexOf(String(option.id));
              return (
                <Checkbox key={option.id} value={String(option.id)}>
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
                </Checkbox>
              );
            })}
          </CheckboxGroup>
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
      break;
    default:
      input = <p className="text-sm text-fg-muted">Tipo de pregunta desconocido.</p>;
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={errors.length > 0 ? errorId : undefined}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface px-3 py-3"
    >
      <header className="flex flex-wrap items-start gap-2">
        <Heading
          id={headingId}
          className="m-0 min-w-[min(100%,12rem)] flex-[1_1_12rem] text-sm font-semibold break-words text-fg"
        >
          {title}
          {!question.isOptional && (
            <span aria-hidden="true" className="ms-1 text-danger">
              *
            </span>
          )}
        </Heading>
        <span className="rounded-full border border-border-strong px-2.5 py-0.5 text-xs font-medium text-fg">
          {questionTypeLabel(question.type)}
        </span>
        <PointsBadge points={question.points} />
      </header>
      {input}
      {otherChosen && !na && (
        <TextField
          label="Texto de la opción Otro"
          value={answer.otherText ?? ''}
          onChange={(otherText) => update({ otherText })}
          className="max-w-md"
        />
      )}
      {question.acceptsNA && (
        <Checkbox isSelected={na} onChange={(value) => update({ na: value })}>
          No aplica
        </Checkbox>
      )}
      {question.hasPhoto && (
        <p className="flex items-center gap-1.5 text-xs text-fg-muted">
          <ImageIcon className="size-4" />
          El promotor toma una foto para esta pregunta.
        </p>
      )}
      {errors.length > 0 && (
        <ul id={errorId} className="flex flex-col gap-0.5 text-sm text-danger">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
