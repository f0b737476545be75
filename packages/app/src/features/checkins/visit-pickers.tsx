// The visit list's two pickers, in a module of their own: the list loads it once its first rows
// have painted (visit-filters.tsx), so their code (react-aria's date, calendar, combo box and
// popover modules) is not on a phone's path to the first rows (issue #20).
import { ComboBox, DateRangePicker } from '@anaquel/ui';
import type { Key } from 'react-aria-components';

/** The date window's picker (the URL keeps the choice as made; the list shows it cut). */
export function VisitDatesPicker({
  range,
  description,
  onChange,
}: {
  range: { start: string; end: string };
  description: string;
  onChange: (range: { start: string; end: string }) => void;
}) {
  return (
    <DateRangePicker
      label="Fechas"
      description={description}
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
  onChange,
  className,
}: {
  items: readonly { id: number; name: string }[];
  value: number | null;
  isLoading: boolean;
  onChange: (key: Key | null) => void;
  className: string;
}) {
  return (
    <ComboBox
      label="Promotor"
      placeholder="Todos los promotores"
      items={items}
      value={value}
      isLoading={isLoading}
      onChange={onChange}
      className={className}
    />
  );
}
