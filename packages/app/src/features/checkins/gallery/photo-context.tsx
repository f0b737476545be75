import type { CheckInPhoto } from '@anaquel/api';
import { formatDate, toDate } from '@anaquel/ui';

const timeFormat = new Intl.DateTimeFormat('es-MX', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '20/11/2026 11:00': the photo's day and 24-hour time. */
function photoTime(photo: CheckInPhoto): string {
  const date = toDate(photo.takenAt);
  return date ? `${formatDate(date)} ${timeFormat.format(date)}` : '';
}

/** What a photo shows, in one line: its question and answer, or 'Foto de la visita'. */
function photoSubject(photo: CheckInPhoto): string {
  if (photo.question === null) return 'Foto de la visita';
  const product = photo.product ? ` (${photo.product})` : '';
  return photo.answer === null
    ? `${photo.question}${product}`
    : `${photo.question}${product}: ${photo.answer}`;
}

/** The photo's alternative text: what it shows, where, by whom and when. */
export function photoAlt(photo: CheckInPhoto): string {
  return `${photoSubject(photo)}. ${photo.pointOfSale}, ${photo.user}, ${photoTime(photo)}`;
}

/** The photo's context under it: point of sale, promoter, time, survey, question and answer. */
export function PhotoContext({ photo, detailed }: { photo: CheckInPhoto; detailed?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 text-sm">
      <p className="truncate font-medium text-fg">{photo.pointOfSale}</p>
      <p className="truncate text-fg-muted">{photo.user}</p>
      <p className="text-fg-muted tabular-nums">
        <time dateTime={photo.takenAt}>{photoTime(photo)}</time>
      </p>
      {detailed && photo.survey && <p className="text-fg-muted">{photo.survey}</p>}
      <p className={detailed ? 'text-fg' : 'line-clamp-2 text-fg'}>{photoSubject(photo)}</p>
    </div>
  );
}
