import { ItemActions, PointsBadge, type ItemActionsProps } from './parts';
import type { SurveyOptionView } from './types';

export interface OptionRowProps extends Omit<ItemActionsProps, 'noun'> {
  /** The option (order, text, points, extra-option flag). */
  option: SurveyOptionView;
  /** Names of the segments and questions its skip logic hides ('Oculta: ...'). */
  hides?: readonly string[];
}

/**
 * One option of a question in the designer (an `<li>` for QuestionBlock's list): position,
 * text, points, 'Opción extra' mark and move/edit/delete actions (omit a callback to hide its
 * button, e.g. delete for locked options).
 */
export function OptionRow({ option, hides = [], ...actions }: OptionRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface px-3 py-1.5">
      <span className="w-6 shrink-0 text-end text-xs font-semibold text-fg-muted tabular-nums">
        {option.order + 1}.
      </span>
      <span className="min-w-0 flex-1 text-sm break-words text-fg">{option.description}</span>
      {option.isOther && (
        <span className="rounded-full bg-info-soft px-2 py-0.5 text-xs font-medium text-info-soft-fg">
          Opción extra
        </span>
      )}
      <PointsBadge points={option.points} />
      <ItemActions noun="opción" {...actions} />
      {hides.length > 0 && (
        <p className="w-full ps-8 text-xs text-fg-muted">
          <span className="font-semibold">Oculta:</span> {hides.join(', ')}
        </p>
      )}
    </li>
  );
}
