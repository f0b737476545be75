// The visit list's two pickers, in a module of their own: the list loads it once its first rows
// have painted and renders a picker when the person reaches for its placeholder
// (visit-filters.tsx), so neither their code (react-aria's date, calendar, combo box and popover
// modules) nor their render is on a phone's path to the first rows (issue #20).
import { ComboBox, DateRangePicker, type Reach } from '@anaquel/ui';
import type { Key } from 'react-aria-components';

/**
 * What a picker does as it replaces its placeholder: a press opens it (the calendar, the list of
 * promoters) as a press on the picker would; a focus (Tab) moves into it; the pointer passing over
 * the placeholder only puts the picker under it, for the click that follows.
 */
const onArrival = (reached: Reach) => ({
  autoFocus: reached === 'focus',
  defaultOpen: reached === 'press',
});

/** The date window's picker (the URL keeps the choice as made; the list shows it cut). */
export function VisitDatesPicker({
  range,
  description,
  reached,
  onChange,
}: {
  range: { start: string; end: string };
  description: string;
  reached: Reach;
  onChange: (range: { start: string; end: string }) => void;
}) {
  return (
    <DateRangePicker
      label="Fechas"
      description={description}
      {...onArrival(reached)}
      value={range}
      onChange={(next) => {
        if (next?.start && next.end) onChange({ start: next.start, end: next.end });
      }}
    />
  );
}

/** The promoter filter: every promoter, 'Todos los promotores' when none is chosen. */
export function PromoterPicker({
  items,
  value,
  isLoading,
  reached,
  onChange,
  className,
}: {
  items: readonly { id: number; name: string }[];
  value: number | null;
  isLoading: boolean;
  reached: Reach;
  onChange: (key: Key | null) => void;
  className: string;
}) {
  return (
    <ComboBox
      label="Promotor"
      placeholder="Todos los promotores"
      // A press focuses the field and shows every promoter, as a press in the picker does.
      {...onArrival(reached)}
      items={items}
      value={value}
      isLoading={isLoading}
      onChange={onChange}
      className={className}
    />
  );
}
