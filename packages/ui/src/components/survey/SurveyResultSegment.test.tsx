import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionType } from './question-types';
import { SurveyResultHeader } from './SurveyResultHeader';
import { SurveyResultSegment } from './SurveyResultSegment';
import type { ResultSegmentView } from './types';

const result: ResultSegmentView = {
  id: 1,
  segment: 'Exhibición',
  points: 15,
  questions: [
    {
      id: 11,
      question: '¿Hay producto en anaquel?',
      type: QuestionType.YesNo,
      points: 5,
      selectedOptions: [{ id: 1, description: 'Sí', points: 5 }],
    },
  ],
  segments: [
    {
      id: 2,
      segment: 'Precios',
      points: 10,
      questions: [
        {
          id: 21,
          question: 'Precio observado',
          type: QuestionType.Decimal,
          decimalValue: 18.5,
          points: 10,
        },
      ],
      segments: [{ id: 3, segment: 'Promociones', points: 0, questions: [], segments: [] }],
    },
  ],
};

describe('SurveyResultSegment', () => {
  it('nests segments with their points and questions, one heading level deeper each', () => {
    render(<SurveyResultSegment segment={result} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Exhibición' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Precios' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Promociones' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Precio observado' })).toBeInTheDocument();
    expect(screen.getByText('15 puntos')).toBeInTheDocument();
    expect(screen.getByText('18.50')).toBeInTheDocument();
  });

  it('says so when a segment has nothing answered', () => {
    render(
      <SurveyResultSegment
        segment={{ id: 9, segment: 'Vacío', points: 0, questions: [], segments: [] }}
      />,
    );
    expect(
      screen.getByText('Este segmento no contiene preguntas ni sub-segmentos respondidos.'),
    ).toBeInTheDocument();
  });
});

describe('SurveyResultHeader', () => {
  it('shows survey, product, period with its duration and the total', () => {
    render(
      <SurveyResultHeader
        survey="Auditoría de anaquel"
        product="Refresco de cola 600 ml"
        startDate="2026-03-09T10:05:00"
        endDate="2026-03-09T10:50:30"
        answerPoints={42.5}
        surveyPoints={50}
      />,
    );
    const values = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual([
      'Cuestionario',
      'Producto',
      'Periodo',
      'Puntaje',
    ]);
    expect(values).toEqual([
      'Auditoría de anaquel',
      'Refresco de cola 600 ml',
      '09/03/2026, 10:05 – 09/03/2026, 10:50 (45 minutos)',
      '42.5 de 50 puntos',
    ]);
  });

  it('leaves the product out when there is none', () => {
    render(
      <SurveyResultHeader
        survey="Visita general"
        startDate={null}
        endDate={null}
        answerPoints={0}
        surveyPoints={10}
      />,
    );
    expect(screen.queryByText('Producto')).not.toBeInTheDocument();
    expect(screen.getByText('Sin fecha – Sin fecha')).toBeInTheDocument();
  });
});
