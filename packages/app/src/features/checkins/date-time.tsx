import { NO_DATE, formatDate, toDate } from '@anaquel/ui';

const timeFormat = new Intl.DateTimeFormat('es-MX', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Width of a column of `DateTime` cells: the day (dd/mm/aaaa) with its padding. */
export const DATE_TIME_COLUMN = { size: 104, minSize: 104, maxSize: 200 } as const;

/**
 * A moment as its day over its 24-hour time, or 'Sin fecha': on two lines the visit tables'
 * three dates fit a 1280 px screen beside the names.
 */
export function DateTime({ value }: { value: string | null | undefined }) {
  const date = toDate(value);
  if (!date) return NO_DATE;
  return (
    <time dateTime={date.toISOString()} className="flex flex-col tabular-nums">
      <span>{formatDate(date)}</span>
      <span className="text-fg-muted">{timeFormat.format(date)}</span>
    </time>
  );
}
