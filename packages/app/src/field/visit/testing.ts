// A small point-of-sale survey for the visit's tests, shaped as the download carries it: 'Sí' to
// the display question hides the segment 'Sin exhibidor'; the Rating asks for a photo.
import type { components } from '@anaquel/api/schema';

type Schemas = components['schemas'];

function option(
  id: number,
  questionId: number,
  order: number,
  description: string,
  points: number,
  hides: number[] = [],
): Schemas['MultipleOption'] {
  return {
    id,
    questionId,
    order,
    description,
    points,
    isOther: false,
    blurredSegmentIds: hides,
    blurredQuestionIds: [],
  };
}

function question(
  id: number,
  segmentId: number,
  order: number,
  type: Schemas['QuestionType'],
  description: string,
  extra: Partial<Schemas['QuestionNode']> = {},
): Schemas['QuestionNode'] {
  return {
    id,
    segmentId,
    type,
    typeDescription: '',
    order,
    description,
    acceptsNA: false,
    isOptional: false,
    hasPhoto: false,
    hasOther: false,
    multipleOptionsCount: null,
    points: 0,
    isValid: true,
    errors: [],
    multipleOptions: [],
    ...extra,
  };
}

function segment(
  id: number,
  order: number,
  name: string,
  questions: Schemas['QuestionNode'][],
): Schemas['SegmentNode'] {
  return {
    id,
    surveyId: 5,
    parentId: null,
    name,
    description: null,
    order,
    points: questions.reduce((sum, q) => sum + q.points, 0),
    isValid: true,
    errors: [],
    children: [],
    questions,
  };
}

/** Survey 5 of campaign 1: arrival (display yes/no, manager's name), shelf, no display. */
export function storeSurveyFixture(): Schemas['SurveyTree'] {
  return {
    id: 5,
    campaignId: 1,
    campaignName: 'Auditoría de temporada',
    type: 1,
    typeDescription: 'Punto de venta',
    name: 'Auditoría de tienda',
    description: null,
    points: 10,
    isActive: true,
    firstAnswerAt: null,
    isValid: true,
    errors: [],
    segments: [
      segment(1, 0, 'Llegada', [
        question(41, 1, 0, 4, '¿La tienda tiene exhibidor?', {
          points: 2,
          multipleOptions: [option(411, 41, 0, 'Sí', 2, [3]), option(412, 41, 1, 'No', 0)],
        }),
        question(42, 1, 1, 0, 'Nombre del encargado', { points: 1 }),
      ]),
      segment(2, 1, 'Anaquel', [
        question(43, 2, 0, 12, 'Calificación del anaquel', {
          points: 3,
          hasPhoto: true,
          multipleOptions: [1, 2, 3].map((n) => option(430 + n, 43, n - 1, `${n} estrellas`, n)),
        }),
        question(44, 2, 1, 1, 'Número de frentes', { points: 2, acceptsNA: true }),
      ]),
      segment(3, 2, 'Sin exhibidor', [
        question(45, 3, 0, 0, '¿Por qué no hay exhibidor?', { points: 2 }),
      ]),
    ],
  };
}
