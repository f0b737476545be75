// A small point-of-sale survey for the visit's tests, shaped as the download carries it: 'Sí' to
// the display question hides the segment 'Sin exhibidor'; the Rating asks for a photo.
import type { SurveyTree } from '@anaquel/api';
import { option, question, segmentOf } from '../../features/surveys/tree-builders';

const segment = segmentOf(5);

/** Survey 5 of campaign 1: arrival (display yes/no, manager's name), shelf, no display. */
export function storeSurveyFixture(): SurveyTree {
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
      segment(1, 0, 'Llegada', 3, {
        questions: [
          question(41, 1, 0, 4, '¿La tienda tiene exhibidor?', 2, {
            multipleOptions: [
              option(411, 41, 0, 'Sí', 2, { blurredSegmentIds: [3] }),
              option(412, 41, 1, 'No', 0),
            ],
          }),
          question(42, 1, 1, 0, 'Nombre del encargado', 1),
        ],
      }),
      segment(2, 1, 'Anaquel', 5, {
        questions: [
          question(43, 2, 0, 12, 'Calificación del anaquel', 3, {
            hasPhoto: true,
            multipleOptions: [1, 2, 3].map((n) => option(430 + n, 43, n - 1, `${n} estrellas`, n)),
          }),
          question(44, 2, 1, 1, 'Número de frentes', 2, { acceptsNA: true }),
        ],
      }),
      segment(3, 2, 'Sin exhibidor', 2, {
        questions: [question(45, 3, 0, 0, '¿Por qué no hay exhibidor?', 2)],
      }),
    ],
  };
}
