import { useId } from 'react';
import { ImageIcon } from '../../icons';
import { Checkbox } from '../checkbox';
import { answerState } from './answer-input';
import { PointsBadge } from './parts';
import type { PreviewAnswer } from './preview-logic';
import { QuestionInput } from './QuestionInput';
import { questionTypeLabel } from './question-types';
import type { SurveyTreeQuestion } from './types';

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
 * One question of the preview, answered as a promoter would: its heading, type and points, the
 * input its type asks for (QuestionInput, with the text of 'Otro'), 'No aplica' when accepted,
 * the photo note, and the errors it is given.
 */
export function PreviewQuestion({
  question,
  answer,
  onChange,
  errors = [],
  headingLevel = 4,
}: PreviewQuestionProps) {
  const headingId = useId();
  const errorId = useId();
  const { na, update } = answerState({ question, answer, onChange });
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={errors.length > 0 ? errorId : undefined}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface px-3 py-3"
    >
      <PreviewQuestionHeader question={question} headingId={headingId} level={headingLevel} />
      <QuestionInput question={question} answer={answer} onChange={onChange} />
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

/** The question's text (with '*' when required), its type and its points. */
function PreviewQuestionHeader({
  question,
  headingId,
  level,
}: {
  question: SurveyTreeQuestion;
  headingId: string;
  level: number;
}) {
  const Heading = `h${Math.min(6, Math.max(2, level))}` as 'h4';
  return (
    <header className="flex flex-wrap items-start gap-2">
      <Heading
        id={headingId}
        className="m-0 min-w-[min(100%,12rem)] flex-[1_1_12rem] text-sm font-semibold break-words text-fg"
      >
        {question.description}
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
  );
}
