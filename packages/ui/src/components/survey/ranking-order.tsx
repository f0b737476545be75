import { Button } from '../button';
import { ArrowDownIcon, ArrowUpIcon } from '../../icons/icons';
import type { SurveyOptionView } from './types';

/** `ids` with the one at `from` moved one place up (-1) or down (+1). */
function moved(ids: readonly string[], from: number, step: -1 | 1): string[] {
  const next = [...ids];
  const to = from + step;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * A Ranking's chosen options in their order, each moved up or down by a button ('Subir Marca A'):
 * the order changes without dragging, by touch, keyboard or screen reader.
 */
export function RankingOrder({
  options,
  selected,
  onChange,
}: {
  options: readonly SurveyOptionView[];
  /** The chosen options' keys, in order. */
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const byKey = new Map(options.map((option) => [String(option.id), option]));
  return (
    <ol aria-label="Orden elegido" className="flex flex-col gap-1">
      {selected.map((id, index) => {
        const name = byKey.get(id)?.description ?? id;
        return (
          <li
            key={id}
            className="flex items-center gap-2 rounded-lg border border-border bg-surface px-2 py-1"
          >
            <span className="min-w-6 text-center text-sm font-semibold tabular-nums">
              {index + 1}.
            </span>
            <span className="min-w-0 flex-1 text-sm break-words">{name}</span>
            <Button
              variant="icon"
              className="size-11"
              aria-label={`Subir ${name}`}
              isDisabled={index === 0}
              onPress={() => onChange(moved(selected, index, -1))}
            >
              <ArrowUpIcon className="size-5" />
            </Button>
            <Button
              variant="icon"
              className="size-11"
              aria-label={`Bajar ${name}`}
              isDisabled={index === selected.length - 1}
              onPress={() => onChange(moved(selected, index, 1))}
            >
              <ArrowDownIcon className="size-5" />
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
