import { QUESTION_TYPE, type PermissionCode, type SurveyTree } from '@anaquel/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { failureEnvelope, okEnvelope } from '../../test/api-stub';
import { findDialog, mockApi, screenMeta, storyApi } from '../../stories/decorators';
import SurveyDesignerPage from './survey-designer-page';
import { option, question, segmentOf } from './tree-builders';

// spec 2 §2: the survey designer at /surveys/:surveyId, from `GET /surveys/{id}`.

const segment = segmentOf(12);

// 'Exhibición' [Si/No ('No' hides 'Frentes visibles' and the segment 'Precio'), Entero, Ranking],
// then 'Precio' [Decimal, Fecha].
const ready: SurveyTree = {
  id: 12,
  campaignId: 5,
  campaignName: 'Regreso a clases 2026',
  type: 1,
  typeDescription: 'Punto de venta',
  name: 'Auditoría de anaquel',
  description: 'Visita mensual a tiendas de conveniencia del Bajío',
  points: 60,
  isActive: true,
  firstAnswerAt: null,
  isValid: true,
  errors: [],
  segments: [
    segment(1, 0, 'Exhibición', 40, {
      description: 'Lo que el promotor ve al llegar al pasillo',
      questions: [
        question(11, 1, 0, QUESTION_TYPE.YesNo, '¿El producto está en el anaquel?', 20, {
          hasPhoto: true,
          multipleOptions: [
            option(111, 11, 0, 'Sí', 20),
            option(112, 11, 1, 'No', 0, { blurredQuestionIds: [12], blurredSegmentIds: [2] }),
          ],
        }),
        question(12, 1, 1, QUESTION_TYPE.Integer, 'Frentes visibles', 10),
        question(13, 1, 2, QUESTION_TYPE.Ranking, 'Ordena las marcas por espacio en anaquel', 10, {
          multipleOptions: [
            option(131, 13, 0, 'Coca-Cola', 0),
            option(132, 13, 1, 'Jumex', 0),
            option(133, 13, 2, 'Del Valle', 0),
          ],
        }),
      ],
    }),
    segment(2, 1, 'Precio', 20, {
      questions: [
        question(21, 2, 0, QUESTION_TYPE.Decimal, 'Precio de venta al público (MXN)', 20),
        question(22, 2, 1, QUESTION_TYPE.Date, 'Fecha de caducidad más próxima', 0, {
          isOptional: true,
        }),
      ],
    }),
  ],
};

// The same survey with an empty, unnamed segment and an option-less single choice: the server's
// validity names them.
const invalid: SurveyTree = {
  ...ready,
  isValid: false,
  errors: [
    'Segmento sin nombre: El segmento está vacío.',
    'Precio › Presentación exhibida: La pregunta necesita al menos 2 opciones.',
  ],
  segments: [
    ready.segments[0]!,
    segment(3, 1, '', 0, { isValid: false, errors: ['El segmento está vacío.'] }),
    {
      ...ready.segments[1]!,
      order: 2,
      questions: [
        ...ready.segments[1]!.questions,
        question(23, 2, 2, QUESTION_TYPE.SingleChoice, 'Presentación exhibida', 0, {
          isValid: false,
          errors: ['La pregunta necesita al menos 2 opciones.'],
        }),
      ],
    },
  ],
};

const ALL: PermissionCode[] = [
  'VIEW_SURVEYS',
  ...(['SEGMENTS', 'QUESTIONS', 'MULTIPLEOPTIONS'] as const).flatMap(
    (base) => [`VIEW_${base}`, `CREATE_${base}`, `UPDATE_${base}`, `DELETE_${base}`] as const,
  ),
];

const meta = {
  title: 'Pantallas/Diseñador de cuestionario',
  component: SurveyDesignerPage,
  ...screenMeta(
    { path: '/surveys/12', pattern: '/surveys/:surveyId', permissions: ALL, layout: 'shell' },
    { 'GET /surveys/12': okEnvelope(ready) },
  ),
} satisfies Meta<typeof SurveyDesignerPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 10_000 };

/** A valid survey: its tree with points, skip logic by name and every editing button. */
export const Listo: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Auditoría de anaquel' }, wait),
    ).toBeVisible();
    await expect(canvas.getByText('60 puntos')).toBeVisible();
    await expect(
      canvas.queryByRole('group', { name: 'Este cuestionario tiene errores de validación:' }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByText(/Segmento «Precio», Pregunta «Frentes visibles»/)).toBeVisible();
    // Before and after each of the two top-level segments.
    await expect(canvas.getAllByRole('button', { name: /^Agregar Segmento en/ })).toHaveLength(3);
    const yesNo = canvas.getByRole('region', { name: '¿El producto está en el anaquel?' });
    await expect(within(yesNo).queryByRole('button', { name: 'Eliminar opción' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Vista previa' }));
    const preview = await findDialog('Vista previa: Auditoría de anaquel');
    await expect(within(preview).getByText('0 de 60 puntos')).toBeVisible();
  },
};

/** The server's validation errors, listed above the tree and shown on the segment. */
export const Invalido: Story = {
  name: 'Inválido',
  beforeEach: mockApi({ 'GET /surveys/12': okEnvelope(invalid) }),
  play: async ({ canvas }) => {
    const warning = await canvas.findByRole(
      'group',
      { name: 'Este cuestionario tiene errores de validación:' },
      wait,
    );
    await expect(warning).toHaveTextContent('Segmento sin nombre: El segmento está vacío.');
    await expect(warning).toHaveTextContent(
      'Precio › Presentación exhibida: La pregunta necesita al menos 2 opciones.',
    );
    await expect(canvas.getByRole('heading', { name: 'Segmento sin nombre' })).toBeVisible();
    await expect(canvas.getByText('No hay preguntas ni segmentos aún.')).toBeVisible();
  },
};

/** While `GET /surveys/12` has not answered. */
export const Cargando: Story = {
  beforeEach: mockApi({ 'GET /surveys/12': () => new Promise<never>(() => {}) }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Cargando encuesta...' }, wait),
    ).toBeVisible();
    // The way back to the list (the side menu has its own 'Cuestionarios' entry).
    const main = within(canvas.getByRole('main'));
    await expect(main.getByRole('link', { name: 'Cuestionarios' })).toHaveAttribute(
      'href',
      '/surveys',
    );
  },
};

/** The survey could not be read (500): the spec's message, a way back to the list. */
export const ErrorAlCargar: Story = {
  name: 'Error al cargar',
  beforeEach: mockApi({ 'GET /surveys/12': failureEnvelope(500, 'ERROR', 'Error interno') }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, wait)).toHaveTextContent(
      'Error al cargar la encuesta.',
    );
    await expect(
      within(canvas.getByRole('main')).getByRole('link', { name: 'Cuestionarios' }),
    ).toBeVisible();
  },
};

/** An id that is not a positive integer: nothing is asked of the server. */
export const IdInvalido: Story = {
  name: 'Id inválido',
  parameters: {
    screen: {
      path: '/surveys/abc',
      pattern: '/surveys/:surveyId',
      permissions: ALL,
      layout: 'shell',
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, wait)).toHaveTextContent(
      'Id de cuestionario inválido',
    );
    await expect(storyApi().requests).toHaveLength(0);
  },
};
