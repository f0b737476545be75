// The server's reasons for a rejection, by field path (docs/sync.md "What is refused"), in
// words a promoter knows: which survey, which answer, which photo.
import type { ValidationError } from '@anaquel/api';

const FIELDS: Record<string, string> = {
  '': 'La visita',
  uuid: 'La visita',
  campaignId: 'Campaña',
  pointOfSaleId: 'Punto de venta',
  unavailable: 'No disponible',
  startDate: 'Hora de llegada',
  endDate: 'Hora de salida',
  checkInLatitude: 'Ubicación de llegada',
  checkInLongitude: 'Ubicación de llegada',
  checkOutLatitude: 'Ubicación de salida',
  checkOutLongitude: 'Ubicación de salida',
  photoIds: 'Fotos de la visita',
  surveys: 'Cuestionarios',
};

const SURVEY_PART: Record<string, string> = {
  surveyId: 'cuestionario',
  productId: 'producto',
  startDate: 'hora de inicio',
  endDate: 'hora de término',
  answers: 'respuestas',
};

/** 'surveys[0].answers[2].options' -> 'Cuestionario 1, respuesta 3'. */
export function fieldLabel(path: string): string {
  const survey = /^surveys\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?/.exec(path);
  if (!survey) return FIELDS[path.replace(/\[\d+\]$/, '')] ?? path;
  const [, index = '0', part, answer] = survey;
  const label = `Cuestionario ${Number(index) + 1}`;
  if (part === 'answers' && answer !== undefined)
    return `${label}, respuesta ${Number(answer) + 1}`;
  return part ? `${label}, ${SURVEY_PART[part] ?? part}` : label;
}

/** The reasons grouped by what they are about, in the order the server gave them. */
export function reasonsByField(errors: readonly ValidationError[]): [string, string[]][] {
  const grouped = new Map<string, string[]>();
  for (const { field, message } of errors) {
    const label = fieldLabel(field);
    grouped.set(label, [...(grouped.get(label) ?? []), message]);
  }
  return [...grouped];
}

/** A rejection the promoter can act on in plain words, and whether correcting it can help. */
export interface RejectionSummary {
  /** What happened and what to do, or null when the reasons by field say it all. */
  explanation: string | null;
  /** False when nothing on the phone can make the server accept it (only discarding is left). */
  isCorrectable: boolean;
}

const CLOSED =
  'La campaña ya no está activa o cambió de fechas: la oficina la modificó después de que descargaste los datos. Esta visita ya no se puede enviar; descártala. Si crees que es un error, avisa a tu supervisor.';
const PLACE_GONE =
  'Este punto de venta ya no está en la campaña o en tus regiones: la oficina lo cambió después de que descargaste los datos. Esta visita ya no se puede enviar; descártala. Si crees que es un error, avisa a tu supervisor.';
const SURVEY_CHANGED =
  "Un cuestionario cambió después de que descargaste los datos. Pulsa 'Actualizar' en la lista de hoy y después 'Corregir' para revisar las respuestas.";

/**
 * What a rejection means for the promoter (docs/field-app.md, the failures' table): a campaign
 * closed or a point of sale taken out of it since the download cannot be corrected on the
 * phone; a survey changed since then can, once the download is refreshed; anything else is
 * explained by the server's reasons by field.
 */
export function rejectionSummary(errors: readonly ValidationError[]): RejectionSummary {
  const closed = errors.some(
    ({ field, message }) =>
      field === 'campaignId' || (field === 'startDate' && message.includes('fechas de la campaña')),
  );
  if (closed) return { explanation: CLOSED, isCorrectable: false };
  if (errors.some(({ field }) => field === 'pointOfSaleId')) {
    return { explanation: PLACE_GONE, isCorrectable: false };
  }
  const surveyChanged = errors.some(
    ({ field, message }) =>
      /^surveys\[\d+\]\.surveyId$/.test(field) || message.includes('no pertenece'),
  );
  return { explanation: surveyChanged ? SURVEY_CHANGED : null, isCorrectable: true };
}
