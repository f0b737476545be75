import type { ReactNode } from 'react';
import { Button } from '../button';
import { PlusIcon } from '../../icons';
import { questionTypeLabel } from './question-types';
import {
  CollapsibleCard,
  ItemActions,
  PointsBadge,
  ItemValidationWarning,
  type ItemActionsProps,
} from './parts';
import type { SurveyQuestionView } from './types';

export interface QuestionBlockProps extends Omit<ItemActionsProps, 'noun'> {
  /** The question (type, text, points, flags, validity). */
  question: SurveyQuestionView;
  /** Its options as `OptionRow`s (choice types); nothing for the other types. */
  children?: ReactNode;
  /** Adds an option ('Agregar opción'); hidden without it. */
  onAddOption?: () => void;
  /** Heading level of the question text. */
  headingLevel?: number;
  /** Open at first (default true). */
  defaultExpanded?: boolean;
}

const FLAGS: { key: keyof SurveyQuestionView; label: string }[] = [
  { key: 'isOptional', label: 'Opcional' },
  { key: 'acceptsNA', label: 'Acepta N/A' },
  { key: 'hasPhoto', label: 'Pide foto' },
  { key: 'hasOther', label: 'Opción extra' },
];

/**
 * Designer block of a question (spec 2 §2): collapsible, with its type label ('Desconocido'
 * for unknown types), points, flags, validation warning, move/edit/delete actions and options.
 */
export function QuestionBlock({
  question,
  children,
  onAddOption,
  headingLevel = 4,
  defaultExpanded = true,
  ...actions
}: QuestionBlockProps) {
  const flags = FLAGS.filter((flag) => question[flag.key] === true);
  const hasOptions = Boolean(children) || Boolean(onAddOption);
  return (
    <CollapsibleCard
      title={question.description}
      headingLevel={headingLevel}
      defaultExpanded={defaultExpanded}
      className="bg-surface-muted/40"
      meta={
        <>
          <span className="rounded-full border border-border-strong px-2.5 py-0.5 text-xs font-medium text-fg">
            {questionTypeLabel(question.type)}
          </span>
          <PointsBadge points={question.points} />
        </>
      }
      actions={<ItemActions noun="pregunta" {...actions} />}
    >
      {(flags.length > 0 || question.multipleOptionsCount != null) && (
        <ul aria-label="Características" className="flex flex-wrap gap-1.5 text-xs text-fg-muted">
          {flags.map((flag) => (
            <li key={flag.key} className="rounded-full bg-surface-muted px-2 py-0.5">
              {flag.label}
            </li>
          ))}
          {question.multipleOptionsCount != null && (
            <li className="rounded-full bg-surface-muted px-2 py-0.5">
              Límite de opciones: {question.multipleOptionsCount}
            </li>
          )}
        </ul>
      )}
      <ItemValidationWarning item={question} title="Esta pregunta tiene errores de validación:" />
      {hasOptions && (
        <div className="flex flex-col gap-1">
          {children && (
            <ul aria-label="Opciones" className="flex flex-col gap-1">
              {children}
            </ul>
          )}
          {onAddOption && (
            <Button
              variant="ghost"
              size="sm"
              onPress={onAddOption}
              className="self-start text-link"
            >
              <PlusIcon className="size-4" />
              Agregar opción
            </Button>
          )}
        </div>
      )}
    </CollapsibleCard>
  );
}
