import type { Db, Tx } from '../db/client.ts';
import {
  multipleOptionHiddenQuestions,
  multipleOptionHiddenSegments,
  multipleOptions,
  questions,
  segments,
  surveys,
} from '../db/schema/index.ts';
import { OTHER_OPTION, QuestionType as T, YES_NO_OPTIONS } from '../surveys/types.ts';

// The demo surveys the demo visits answer (seed/visits-demo.ts): one point-of-sale survey with
// every question type, nested segments and skip logic, one product survey and a tasting survey.
// They are VALID by the designer's rules (docs/surveys.md "Validity"): points add up, no option
// is worth more than its question, 'Otro' is last, skip logic only forward from choice types.

interface DemoOption {
  description: string;
  points: number;
  isOther?: boolean;
  /** Names of segments / descriptions of questions this option hides. */
  hides?: string[];
}

interface DemoQuestion {
  kind: 'question';
  description: string;
  type: number;
  points: number;
  options?: DemoOption[];
  acceptsNa?: boolean;
  isOptional?: boolean;
  hasPhoto?: boolean;
  count?: number;
}

interface DemoSegment {
  kind: 'segment';
  name: string;
  description?: string;
  /** Questions and sub-segments in their one shared order. */
  children: (DemoQuestion | DemoSegment)[];
}

export interface DemoSurvey {
  name: string;
  description: string;
  type: 1 | 2;
  segments: DemoSegment[];
}

const q = (
  description: string,
  type: number,
  points: number,
  extra: Partial<Omit<DemoQuestion, 'kind' | 'description' | 'type' | 'points'>> = {},
): DemoQuestion => ({ kind: 'question', description, type, points, ...extra });
const s = (name: string, children: DemoSegment['children'], description?: string): DemoSegment => ({
  kind: 'segment',
  name,
  children,
  ...(description ? { description } : {}),
});
const yesNo = (yes: number, hides: { yes?: string[]; no?: string[] } = {}): DemoOption[] => [
  { description: YES_NO_OPTIONS[0], points: yes, hides: hides.yes },
  { description: YES_NO_OPTIONS[1], points: 0, hides: hides.no },
];
const other: DemoOption = { description: OTHER_OPTION, points: 0, isOther: true };

export const STORE_AUDIT: DemoSurvey = {
  name: 'Auditoría de tienda',
  description: 'Exhibición, precio y competencia en el punto de venta',
  type: 1,
  segments: [
    s('Llegada', [
      q('Nombre de la persona encargada', T.Text, 1),
      q('¿La tienda tiene exhibidor de la marca?', T.YesNo, 2, {
        options: yesNo(2, { yes: ['Sin exhibidor'] }),
      }),
      q('Fecha de la última visita del proveedor', T.Date, 1, { isOptional: true }),
    ]),
    s('Exhibición', [
      q('Ubicación del exhibidor', T.SingleChoice, 3, {
        options: [
          { description: 'Cabecera de góndola', points: 3 },
          { description: 'Pasillo central', points: 2 },
          { description: 'Junto a las cajas', points: 2 },
          other,
        ],
      }),
      q('Material POP presente', T.MultipleChoice, 4, {
        options: [
          { description: 'Cenefa', points: 1 },
          { description: 'Tira de producto', points: 1 },
          { description: 'Póster', points: 1 },
          { description: 'Dangler', points: 1 },
        ],
      }),
      q('Número de frentes del producto', T.Integer, 2, { acceptsNa: true }),
      q('Precio en anaquel (MXN)', T.Decimal, 1),
      q('Condición de la exhibición', T.LikertMatrix, 4, {
        options: [
          { description: 'El producto está limpio y ordenado', points: 2 },
          { description: 'El precio está visible', points: 2 },
        ],
      }),
      q('Calificación general del anaquel', T.Rating, 5, {
        hasPhoto: true,
        options: [1, 2, 3, 4, 5].map((n) => ({ description: `${n} estrellas`, points: n })),
      }),
      s('Competencia', [
        q('Marcas de la competencia presentes (hasta 3)', T.MaxChoicesCount, 3, {
          count: 3,
          options: [
            { description: 'Del Valle', points: 1 },
            { description: 'Jumex', points: 1 },
            { description: 'Boing', points: 1 },
            { description: 'Marca propia de la tienda', points: 1 },
          ],
        }),
        q('Ordena las marcas por espacio en anaquel', T.Ranking, 2, {
          options: [
            { description: 'Nuestra marca', points: 0 },
            { description: 'Competidor principal', points: 0 },
            { description: 'Otras marcas', points: 0 },
          ],
        }),
      ]),
    ]),
    s('Sin exhibidor', [
      q('¿Por qué no hay exhibidor?', T.Text, 1),
      q('Acciones acordadas con el encargado (al menos 2)', T.MinChoicesCount, 2, {
        count: 2,
        options: [
          { description: 'Colocar exhibidor la próxima visita', points: 0.5 },
          { description: 'Ceder espacio en cabecera', points: 0.5 },
          { description: 'Pedido adicional', points: 0.5 },
          { description: 'Capacitación al personal', points: 0.5 },
        ],
      }),
    ]),
  ],
};

export const PRODUCT_SHELF: DemoSurvey = {
  name: 'Producto en anaquel',
  description: 'Existencia, precio y estado de cada producto de la campaña',
  type: 2,
  segments: [
    s('Disponibilidad', [
      q('¿Hay existencias del producto?', T.YesNo, 2, {
        options: yesNo(2, { no: ['Precio y caducidad'] }),
      }),
    ]),
    s('Precio y caducidad', [
      q('Precio al público (MXN)', T.Decimal, 1),
      q('Fecha de caducidad más próxima', T.Date, 1),
      q('Presentaciones exhibidas (elige 2)', T.ExactChoicesCount, 2, {
        count: 2,
        options: [
          { description: 'Individual', points: 1 },
          { description: 'Familiar', points: 1 },
          { description: 'Paquete de 6', points: 0.5 },
        ],
      }),
      q('Estado del empaque', T.SingleChoice, 2, {
        options: [
          { description: 'Perfecto', points: 2 },
          { description: 'Con daños leves', points: 1 },
          { description: 'Dañado', points: 0 },
        ],
      }),
    ]),
  ],
};

export const TASTING: DemoSurvey = {
  name: 'Degustación en tienda',
  description: 'Resultados de la degustación del lanzamiento',
  type: 1,
  segments: [
    s('Degustación', [
      q('Personas que probaron el producto', T.Integer, 2),
      q('Sabores que más gustaron', T.MultipleChoice, 3, {
        options: [
          { description: 'Mango', points: 1 },
          { description: 'Guayaba', points: 1 },
          { description: 'Durazno', points: 1 },
          other,
        ],
      }),
      q('Interés de compra del público', T.Rating, 3, {
        options: [0, 0.75, 1.5, 2.25, 3].map((points, i) => ({
          description: `${i + 1} de 5`,
          points,
        })),
      }),
      q('Comentarios del público', T.Text, 1, { isOptional: true }),
    ]),
  ],
};

/** Points of a segment: the sum of its children (validity rule 4). */
function pointsOf(node: DemoSegment | DemoQuestion): number {
  if (node.kind === 'question') return node.points;
  return node.children.reduce((sum, child) => sum + pointsOf(child), 0);
}

/** Inserts a demo survey (valid: its points are the sums of its tree); returns its id. */
export async function insertDemoSurvey(
  db: Db | Tx,
  campaignId: number,
  spec: DemoSurvey,
): Promise<number> {
  const total = spec.segments.reduce((sum, segment) => sum + pointsOf(segment), 0);
  const [survey] = await db
    .insert(surveys)
    .values({
      campaignId,
      type: spec.type,
      name: spec.name,
      description: spec.description,
      points: total,
    })
    .returning({ id: surveys.id });
  const surveyId = survey!.id;
  const segmentIds = new Map<string, number>();
  const questionIds = new Map<string, number>();
  const pendingHides: { optionId: number; target: string }[] = [];

  const insertSegment = async (
    segment: DemoSegment,
    parentId: number | null,
    order: number,
  ): Promise<void> => {
    const [row] = await db
      .insert(segments)
      .values({
        surveyId,
        parentId,
        name: segment.name,
        description: segment.description ?? null,
        order,
        points: pointsOf(segment),
      })
      .returning({ id: segments.id });
    segmentIds.set(segment.name, row!.id);
    for (const [childOrder, child] of segment.children.entries()) {
      if (child.kind === 'segment') {
        await insertSegment(child, row!.id, childOrder);
        continue;
      }
      const [question] = await db
        .insert(questions)
        .values({
          segmentId: row!.id,
          type: child.type,
          order: childOrder,
          description: child.description,
          acceptsNa: child.acceptsNa ?? false,
          isOptional: child.isOptional ?? false,
          hasPhoto: child.hasPhoto ?? false,
          hasOther: (child.options ?? []).some((o) => o.isOther),
          multipleOptionsCount: child.count ?? null,
          points: child.points,
        })
        .returning({ id: questions.id });
      questionIds.set(child.description, question!.id);
      const options = child.options ?? [];
      if (options.length === 0) continue;
      const rows = await db
        .insert(multipleOptions)
        .values(
          options.map((option, optionOrder) => ({
            questionId: question!.id,
            order: optionOrder,
            description: option.description,
            points: option.points,
            isOther: option.isOther ?? false,
          })),
        )
        .returning({ id: multipleOptions.id, order: multipleOptions.order });
      for (const row of rows) {
        for (const target of options[row.order]!.hides ?? []) {
          pendingHides.push({ optionId: row.id, target });
        }
      }
    }
  };
  for (const [order, segment] of spec.segments.entries()) await insertSegment(segment, null, order);

  for (const { optionId, target } of pendingHides) {
    const segmentId = segmentIds.get(target);
    if (segmentId !== undefined) {
      await db.insert(multipleOptionHiddenSegments).values({ optionId, segmentId });
    } else {
      const questionId = questionIds.get(target);
      if (questionId === undefined) throw new Error(`Unknown skip-logic target "${target}"`);
      await db.insert(multipleOptionHiddenQuestions).values({ optionId, questionId });
    }
  }
  return surveyId;
}
