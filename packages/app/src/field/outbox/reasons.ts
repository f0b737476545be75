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
