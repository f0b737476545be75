import { formatDate, formatDecimal2, formatPoints } from '../../format';
import { ImageCountButton } from '../image-gallery';
import { QuestionType, isQuestionType, questionTypeLabel } from './question-types';
import { PointsBadge, pointsText } from './parts';
import { LIKERT_LEVELS } from './preview-logic';
import type { QuestionAnswerView } from './types';

export const NO_ANSWER = 'Sin respuesta';
export const NOT_AVAILABLE_FOR_TYPE = 'No hay respuesta disponible para este tipo (aún).';

const integerFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

const isBlank = (value: string | null | undefined) => value == null || value.trim() === '';

function Empty({ text = NO_ANSWER }: { text?: string }) {
  return <span className="text-sm text-fg-muted italic">{text}</span>;
}

/** Answered 'no aplica'. */
export const NOT_APPLICABLE = 'N/A';

function Choices({
  answer,
  ordered,
  emptyText,
}: {
  answer: QuestionAnswerView;
  ordered: boolean;
  emptyText?: string;
}) {
  const options = answer.selectedOptions ?? [];
  if (options.length === 0) return <Empty text={emptyText} />;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List
      className={`flex flex-col gap-1 ps-5 text-sm text-fg ${ordered ? 'list-decimal' : 'list-disc'}`}
    >
      {options.map((option) => (
        <li key={option.id}>
          <span className="inline-flex flex-wrap items-center gap-2">
            <span>
              {option.isOther ? (
                <>
                  Otro
                  {!isBlank(option.otherText ?? answer.textValue) && (
                    <>: {option.otherText ?? answer.textValue}</>
                  )}
                </>
              ) : (
                option.description
              )}
            </span>
            <span className="text-xs text-fg-muted">({pointsText(option.points)})</span>
          </span>
        </li>
      ))}
    </List>
  );
}

/**
 * What a Likert statement at `level` (1..5) earns of its `points`: points x (level - 1) / 4, in
 * cents (docs/surveys.md, scoring rule 5). Unanswered: nothing.
 */
function likertStatementPoints(points: number, level: number | null | undefined): number {
  if (level == null) return 0;
  const steps = LIKERT_LEVELS.length - 1;
  const clamped = Math.min(steps, Math.max(0, level - 1));
  return Math.round((points * 100 * clamped) / steps) / 100;
}

/**
 * Each Likert statement with its chosen level and what it earned of its value, e.g. 'Buen
 * surtido: De acuerdo (nivel 4 de 5) (1.5 de 2 puntos)': the statements' earned points add up
 * to the question's, so a reader does not take the statements' whole values for the answer.
 */
function LikertStatements({ answer }: { answer: QuestionAnswerView }) {
  const options = answer.selectedOptions ?? [];
  if (options.length === 0) return <Empty text={NOT_AVAILABLE_FOR_TYPE} />;
  return (
    <ul className="flex list-disc flex-col gap-1 ps-5 text-sm text-fg">
      {options.map((option) => {
        const level = option.value == null ? null : LIKERT_LEVELS[option.value - 1];
        const earned = likertStatementPoints(option.points, option.value);
        return (
          <li key={option.id}>
            <span className="inline-flex flex-wrap items-center gap-x-2">
              <span>
                {option.description}:{' '}
                {level ? (
                  <>
                    {level}{' '}
                    <span className="text-fg-muted">
                      (nivel {option.value} de {LIKERT_LEVELS.length})
                    </span>
                  </>
                ) : (
                  NO_ANSWER
                )}
              </span>
              <span className="text-xs text-fg-muted">
                ({formatPoints(earned)} de {pointsText(option.points)})
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The answer to one question, shown according to its type (spec 1 §2): text, integer,
 * decimal with 2 decimals, date, chosen options with their points ('Otro' with its text; a
 * numbered list for Ranking; each Likert statement with its level and earned points; the chosen Rating step);
 * 'N/A' when answered 'no aplica'. A Likert or Rating answer without a value shows 'No hay
 * respuesta disponible para este tipo (aún).'; any other empty answer shows 'Sin respuesta'.
 */
export function AnswerView({ answer }: { answer: QuestionAnswerView }) {
  if (answer.isNa) return <p className="text-sm text-fg">{NOT_APPLICABLE}</p>;
  const type = isQuestionType(answer.type) ? answer.type : null;
  switch (type) {
    case QuestionType.Text:
      return isBlank(answer.textValue) ? (
        <Empty />
      ) : (
        <p className="text-sm whitespace-pre-wrap text-fg">{answer.textValue}</p>
      );
    case QuestionType.Integer:
      return answer.intValue == null ? (
        <Empty />
      ) : (
        <p className="text-sm text-fg tabular-nums">{integerFormat.format(answer.intValue)}</p>
      );
    case QuestionType.Decimal:
      return answer.decimalValue == null ? (
        <Empty />
      ) : (
        <p className="text-sm text-fg tabular-nums">{formatDecimal2(answer.decimalValue)}</p>
      );
    case QuestionType.Date:
      return isBlank(answer.dateValue) ? (
        <Empty />
      ) : (
        <p className="text-sm text-fg">{formatDate(answer.dateValue)}</p>
      );
    case QuestionType.YesNo:
    case QuestionType.SingleChoice:
    case QuestionType.MultipleChoice:
    case QuestionType.MaxChoicesCount:
    case QuestionType.MinChoicesCount:
    case QuestionType.ExactChoicesCount:
      return <Choices answer={answer} ordered={false} />;
    case QuestionType.Ranking:
      return <Choices answer={answer} ordered />;
    // Only a Likert or Rating answer that carries no value keeps the spec's placeholder.
    case QuestionType.LikertMatrix:
      return <LikertStatements answer={answer} />;
    case QuestionType.Rating:
      return <Choices answer={answer} ordered={false} emptyText={NOT_AVAILABLE_FOR_TYPE} />;
    default: {
      // An unknown type: show whatever value came.
      const value =
        answer.textValue ??
        (answer.intValue != null ? integerFormat.format(answer.intValue) : null) ??
        (answer.decimalValue != null ? formatDecimal2(answer.decimalValue) : null) ??
        (answer.dateValue ? formatDate(answer.dateValue) : null);
      return isBlank(value) ? <Empty /> : <p className="text-sm text-fg">{value}</p>;
    }
  }
}

/** One answered question of a result: text, type label, answer, points and its photos. */
export function ResultQuestion({
  answer,
  headingLevel = 4,
}: {
  /** The answered question. */
  answer: QuestionAnswerView;
  /** Heading level of the question text. */
  headingLevel?: number;
}) {
  const photos = answer.photoUrls ?? [];
  const Heading = `h${Math.min(6, Math.max(2, headingLevel))}` as 'h4';
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-border bg-surface px-3 py-2">
      <header className="flex flex-wrap items-start gap-2">
        {/* At least 10rem before the badges wrap below it, so a narrow phone never splits the
            title's words; break-words only for a single word wider than the card. */}
        <Heading className="m-0 min-w-[min(10rem,100%)] flex-1 text-sm font-semibold break-words text-fg">
          {answer.question}
        </Heading>
        <span className="rounded-full border border-border-strong px-2.5 py-0.5 text-xs font-medium text-fg">
          {questionTypeLabel(answer.type)}
        </span>
        <PointsBadge points={answer.points} />
      </header>
      <AnswerView answer={answer} />
      {photos.length > 0 && (
        <div>
          <ImageCountButton images={photos} title={answer.question} />
        </div>
      )}
    </article>
  );
}
