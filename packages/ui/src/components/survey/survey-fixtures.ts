// Example questionnaires for the stories and tests of the designer and the preview.
import { QuestionType } from './question-types';
import type { SurveyOptionView, SurveyTreeQuestion, SurveyTreeView } from './types';

const option = (
  id: number,
  order: number,
  description: string,
  points: number,
  extra: Partial<SurveyOptionView> = {},
): SurveyOptionView => ({ id, order, description, points, ...extra });

const question = (
  id: number,
  order: number,
  type: number,
  description: string,
  points: number,
  extra: Partial<SurveyTreeQuestion> = {},
): SurveyTreeQuestion => ({
  id,
  order,
  type,
  description,
  points,
  isValid: true,
  errors: [],
  ...extra,
});

/** A valid two-level survey with one question of each of the 13 types and skip logic. */
export const allTypesSurvey: SurveyTreeView = {
  id: 7,
  name: 'Auditoría de anaquel 2026',
  description: 'Revisión mensual de exhibición, precios y material promocional.',
  points: 100,
  isValid: true,
  errors: [],
  segments: [
    {
      id: 1,
      order: 0,
      name: 'Exhibición',
      points: 60,
      isValid: true,
      errors: [],
      questions: [
        question(101, 0, QuestionType.YesNo, '¿El producto está en el anaquel?', 10, {
          multipleOptions: [
            option(1001, 0, 'Sí', 10),
            option(1002, 1, 'No', 0, { blurredQuestionIds: [102], blurredSegmentIds: [2] }),
          ],
        }),
        question(102, 1, QuestionType.Integer, '¿Cuántos frentes tiene el producto?', 5, {
          acceptsNA: true,
        }),
        question(103, 2, QuestionType.Decimal, 'Precio observado', 5, { hasPhoto: true }),
        question(104, 3, QuestionType.Date, 'Fecha de caducidad más próxima', 5, {
          isOptional: true,
        }),
        question(105, 4, QuestionType.Text, 'Comentarios del encargado', 5, { acceptsNA: true }),
        question(106, 5, QuestionType.SingleChoice, '¿Dónde está ubicado el producto?', 5, {
          hasOther: true,
          multipleOptions: [
            option(1061, 0, 'Cabecera', 5),
            option(1062, 1, 'Pasillo', 3),
            option(1063, 2, 'Otro', 1, { isOther: true }),
          ],
        }),
      ],
      children: [
        {
          id: 3,
          parentId: 1,
          order: 6,
          name: 'Material promocional',
          points: 25,
          isValid: true,
          errors: [],
          questions: [
            question(107, 0, QuestionType.MultipleChoice, '¿Qué material hay?', 5, {
              multipleOptions: [option(1071, 0, 'Cenefa', 2.5), option(1072, 1, 'Cartel', 2.5)],
            }),
            question(108, 1, QuestionType.MaxChoicesCount, 'Elige hasta dos exhibidores', 5, {
              multipleOptionsCount: 2,
              multipleOptions: [
                option(1081, 0, 'Isla', 2.5),
                option(1082, 1, 'Tira', 2.5),
                option(1083, 2, 'Vitrina', 2.5),
              ],
            }),
            question(109, 2, QuestionType.MinChoicesCount, 'Marca al menos dos sabores', 5, {
              multipleOptionsCount: 2,
              multipleOptions: [
                option(1091, 0, 'Limón', 2.5),
                option(1092, 1, 'Naranja', 2.5),
                option(1093, 2, 'Uva', 2.5),
              ],
            }),
            question(
              110,
              3,
              QuestionType.ExactChoicesCount,
              'Elige exactamente una presentación',
              5,
              {
                multipleOptionsCount: 1,
                multipleOptions: [option(1101, 0, '600 ml', 5), option(1102, 1, '2 l', 5)],
              },
            ),
            question(111, 4, QuestionType.Ranking, 'Ordena las marcas por visibilidad', 5, {
              multipleOptions: [
                option(1111, 0, 'Marca A', 0),
                option(1112, 1, 'Marca B', 0),
                option(1113, 2, 'Marca C', 0),
              ],
            }),
          ],
        },
      ],
    },
    {
      id: 2,
      order: 1,
      name: 'Atención',
      points: 40,
      isValid: true,
      errors: [],
      questions: [
        question(112, 0, QuestionType.LikertMatrix, 'Opinión del encargado', 20, {
          multipleOptions: [
            option(1121, 0, 'El surtido llega a tiempo', 10),
            option(1122, 1, 'El promotor es puntual', 10),
          ],
        }),
        question(113, 1, QuestionType.Rating, 'Califica la limpieza del anaquel', 20, {
          multipleOptions: [1, 2, 3, 4, 5].map((n, i) =>
            option(1130 + n, i, `${n} ${n === 1 ? 'estrella' : 'estrellas'}`, n * 4),
          ),
        }),
      ],
    },
  ],
};

/** An invalid survey: errors on the survey, a segment and a question; an empty unnamed segment. */
export const invalidSurvey: SurveyTreeView = {
  id: 8,
  name: 'Encuesta de precios',
  description: null,
  points: 50,
  isValid: false,
  errors: [
    'La suma de puntos de los segmentos (30) no coincide con los puntos del cuestionario (50).',
  ],
  segments: [
    {
      id: 21,
      order: 0,
      name: 'Precios',
      points: 30,
      isValid: false,
      errors: ['La suma de puntos de las preguntas (20) no coincide con la del segmento (30).'],
      questions: [
        question(201, 0, QuestionType.SingleChoice, '¿El precio está visible?', 20, {
          isValid: false,
          errors: ['Una pregunta de opciones necesita al menos dos opciones.'],
          multipleOptions: [option(2011, 0, 'Sí, con etiqueta', 20)],
        }),
      ],
    },
    {
      id: 22,
      order: 1,
      name: '',
      points: 0,
      isValid: false,
      errors: ['El segmento está vacío.'],
    },
  ],
};

const long =
  'Verifica que la exhibición del producto en la cabecera principal de la tienda cumpla con el planograma acordado con la cadena comercial, incluyendo el acomodo por sabor y presentación';

/** Long Spanish texts everywhere, to check wrapping. */
export const longTextSurvey: SurveyTreeView = {
  id: 9,
  name: `Cuestionario de seguimiento trimestral de exhibiciones especiales en autoservicios de la región Bajío-Occidente`,
  description: `${long}.`,
  points: 1234.5,
  isValid: true,
  errors: [],
  segments: [
    {
      id: 31,
      order: 0,
      name: 'Exhibición especial en cabecera principal con material promocional de temporada navideña',
      description: long,
      points: 1234.5,
      questions: [
        question(301, 0, QuestionType.MaxChoicesCount, `${long}?`, 1234.5, {
          multipleOptionsCount: 2,
          hasOther: true,
          isOptional: true,
          hasPhoto: true,
          acceptsNA: true,
          multipleOptions: [
            option(3011, 0, `${long} (primera opción)`, 617.25),
            option(3012, 1, 'Otro', 617.25, { isOther: true }),
          ],
        }),
      ],
    },
  ],
};

/** A survey without segments. */
export const emptySurvey: SurveyTreeView = {
  id: 10,
  name: 'Cuestionario nuevo',
  description: null,
  points: 0,
  isValid: false,
  errors: ['El cuestionario no tiene segmentos.'],
  segments: [],
};
