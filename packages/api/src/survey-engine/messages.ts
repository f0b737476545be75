// The Spanish messages of the answer rules: the ones `POST sync/checkins` answers (docs/sync.md),
// which the designer's preview and the field app show before anything is sent.
import { QUESTION_TYPES } from '../rules';

const typeLabel = (type: number): string =>
  QUESTION_TYPES.find((t) => t.id === type)?.name ?? String(type);

export const answerMessages = {
  notInSurvey: (questionId: number) => `La pregunta ${questionId} no pertenece al cuestionario.`,
  answeredTwice: 'La pregunta se respondió más de una vez.',
  naNotAccepted: 'La pregunta no acepta "No aplica".',
  naWithValue: 'Una respuesta "No aplica" no lleva valor ni opciones.',
  naWithPhotos: 'Una respuesta "No aplica" no lleva fotos.',
  expectsValue: (type: number, field: string) =>
    `La pregunta es de tipo ${typeLabel(type)}: se espera ${field}.`,
  expectsOptions: (type: number) =>
    `La pregunta es de tipo ${typeLabel(type)}: se responde con options.`,
  noOptions: (type: number) => `La pregunta es de tipo ${typeLabel(type)}: no lleva opciones.`,
  notInteger: 'Debe ser un número entero.',
  notDay: 'Debe ser una fecha válida con el formato AAAA-MM-DD.',
  photoRequired: 'La pregunta requiere al menos una foto.',
  photoNotAllowed: 'La pregunta no admite fotos.',
  photoRepeated: 'Una foto se repite.',
  optionNotInQuestion: (optionId: number) => `La opción ${optionId} no pertenece a la pregunta.`,
  optionTwice: 'La opción se eligió más de una vez.',
  otherTextMissing: 'Escribe el texto de la opción "Otro".',
  otherTextElsewhere: 'Solo la opción "Otro" lleva texto.',
  optionWithValue: 'La opción no lleva valor.',
  likertLevel: 'Cada afirmación se responde con un nivel de 1 a 5.',
  atLeastOne: 'Se debe elegir al menos una opción.',
  atMost: (n: number) => `Se pueden elegir como máximo ${n} opciones.`,
  atLeast: (n: number) => `Se deben elegir al menos ${n} opciones.`,
  exactly: (n: number) => `Se deben elegir exactamente ${n} opciones.`,
  exactlyOne: 'Se debe elegir exactamente una opción.',
  likertEveryStatement: 'Cada afirmación de la matriz se responde una vez.',
  rankingComplete: (n: number) =>
    `El ranking ordena todas las opciones con posiciones de 1 a ${n}, sin repetir.`,
  hidden: (description: string) =>
    `La pregunta "${description}" está oculta por la lógica de salto y no debe responderse.`,
  required: (description: string) => `La pregunta "${description}" es obligatoria.`,
} as const;
