// What the ZIP of photos holds besides the bytes (docs/gallery.md): each photo's path and the
// rows of fotos.csv. Text from the database becomes a path part safe on every file system, and a
// CSV cell that a spreadsheet would run as a formula is written as text.
import { mexicoCityWallClock } from './dates.ts';
import type { PhotoRow } from './photos.ts';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * A path part with its accents but safe everywhere: no separators, reserved characters
 * (Windows: < > : " / \ | ? *), control characters, leading or trailing dots and spaces;
 * spaces become '_'; at most `max` characters.
 */
function safePart(part: string | null | undefined, max = 40): string {
  const cleaned = (part ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '');
  return [...cleaned].slice(0, max).join('') || 'sin_nombre';
}

/** Mexico City's wall clock of an instant: `YYYY-MM-DD`, `HHMM` and `YYYY-MM-DD HH:MM`. */
function wallClock(instant: string): { day: string; hhmm: string; text: string } {
  const iso = mexicoCityWallClock(new Date(instant)).toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  return { day, hhmm: time.replace(':', ''), text: `${day} ${time}` };
}

/**
 * `<point of sale code>/<visit day>/<HHMM>_<promoter>_<survey>_<question>_<n>.<ext>`; a visit's
 * own photo says 'visita' for the survey and the question. `n` is the photo's position in the
 * ZIP, so no two names meet.
 */
export function photoPath(row: PhotoRow, n: number): string {
  const folder = `${safePart(row.pointOfSaleCode || row.pointOfSale, 60)}/${wallClock(row.key[0]).day}`;
  const parts = [
    wallClock(row.takenAt).hhmm,
    safePart(row.user),
    row.surveyId === null ? 'visita' : safePart(row.survey),
    ...(row.questionId === null ? [] : [safePart(row.question)]),
    String(n),
  ];
  return `${folder}/${parts.join('_')}.${EXTENSIONS[row.mime] ?? 'bin'}`;
}

export const CSV_NAME = 'fotos.csv';

const CSV_HEADERS = [
  'Archivo',
  'Visita',
  'Fecha',
  'Código del punto de venta',
  'Punto de venta',
  'Promotor',
  'Campaña',
  'Cuestionario',
  'Producto',
  'Pregunta',
  'Respuesta',
  'Latitud',
  'Longitud',
  'Foto',
];

/**
 * A text cell: quoted, its quotes doubled; text a spreadsheet would read as a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return first) gets a leading `'`, as OWASP advises.
 */
function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const numberCell = (value: number | null) => (value === null ? '' : String(value));

/** The CSV's first bytes: the UTF-8 byte order mark (Excel reads the accents) and the headers. */
export function csvHead(): string {
  return `\uFEFF${CSV_HEADERS.map(textCell).join(',')}\r\n`;
}

/** The CSV line of a photo stored at `path`. */
export function csvLine(row: PhotoRow, path: string): string {
  return `${[
    textCell(path),
    String(row.checkInId),
    textCell(wallClock(row.takenAt).text),
    textCell(row.pointOfSaleCode),
    textCell(row.pointOfSale),
    textCell(row.user),
    textCell(row.campaign),
    textCell(row.survey),
    textCell(row.product),
    textCell(row.question),
    textCell(row.answer),
    numberCell(row.latitude),
    numberCell(row.longitude),
    textCell(row.id),
  ].join(',')}\r\n`;
}
