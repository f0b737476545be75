import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { QuestionType } from './question-types';
import { SurveyResultHeader } from './SurveyResultHeader';
import { SurveyResultSegment } from './SurveyResultSegment';
import type { ResultSegmentView } from './types';

function photo(label: string, hue: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%" fill="hsl(${hue} 45% 35%)"/><text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="32" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const segments: ResultSegmentView[] = [
  {
    id: 1,
    segment: 'Exhibición',
    points: 37.5,
    questions: [
      {
        id: 11,
        question: '¿El producto está al frente del anaquel?',
        type: QuestionType.YesNo,
        points: 10,
        selectedOptions: [{ id: 1, description: 'Sí', points: 10 }],
        photoUrls: [photo('Anaquel', 200), photo('Frente', 30)],
      },
      {
        id: 12,
        question: '¿Qué materiales promocionales hay?',
        type: QuestionType.MultipleChoice,
        points: 15,
        textValue: 'Tapete de entrada',
        selectedOptions: [
          { id: 2, description: 'Cenefa', points: 12.5 },
          { id: 3, description: 'Otro', points: 2.5, isOther: true },
        ],
      },
      {
        id: 13,
        question: 'Ordena los atributos por importancia para el cliente',
        type: QuestionType.Ranking,
        points: 0,
        selectedOptions: [
          { id: 4, description: 'Precio', points: 0 },
          { id: 5, description: 'Sabor', points: 0 },
          { id: 6, description: 'Presentación', points: 0 },
        ],
      },
      {
        id: 14,
        question: 'Comentarios del encargado',
        type: QuestionType.Text,
        points: 0,
        textValue: null,
      },
    ],
    segments: [
      {
        id: 2,
        segment: 'Precios',
        points: 12.5,
        questions: [
          {
            id: 21,
            question: 'Precio observado',
            type: QuestionType.Decimal,
            points: 10,
            decimalValue: 18.5,
          },
          {
            id: 22,
            question: 'Número de frentes',
            type: QuestionType.Integer,
            points: 2.5,
            intValue: 4,
          },
          {
            id: 23,
            question: 'Fecha de caducidad más próxima',
            type: QuestionType.Date,
            points: 0,
            dateValue: '2026-05-30',
          },
          {
            id: 24,
            question: 'Satisfacción del encargado',
            type: QuestionType.Rating,
            points: 0,
            intValue: 4,
          },
          {
            id: 25,
            question: 'Evaluación de la competencia',
            type: QuestionType.LikertMatrix,
            points: 0,
          },
        ],
        segments: [{ id: 3, segment: 'Promociones', points: 0, questions: [], segments: [] }],
      },
    ],
  },
];

function SurveyResults() {
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <SurveyResultHeader
        survey="Auditoría de anaquel"
        product="Refresco de cola 600 ml"
        startDate="2026-03-09T10:05:00"
        endDate="2026-03-09T10:50:30"
        answerPoints={50}
        surveyPoints={60}
      />
      {segments.map((segment) => (
        <SurveyResultSegment key={segment.id} segment={segment} headingLevel={2} />
      ))}
    </div>
  );
}

const meta = {
  title: 'Encuestas/Resultados',
  component: SurveyResults,
} satisfies Meta<typeof SurveyResults>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('50 de 60 puntos')).toBeVisible();
    await expect(canvas.getByText('Sin respuesta')).toBeVisible();
    await expect(canvas.getByText('18.50')).toBeVisible();
    await expect(
      canvas.getAllByText('No hay respuesta disponible para este tipo (aún).'),
    ).toHaveLength(2);
    await expect(
      canvas.getByText('Este segmento no contiene preguntas ni sub-segmentos respondidos.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Ver imágenes (2)' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿El producto está al frente del anaquel?',
    });
    await waitFor(() => expect(within(dialog).getByText('1 / 2')).toBeVisible());
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
