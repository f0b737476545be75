import type { CheckInSurvey } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okEnvelope, stubApi } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import CheckInSurveysPage from './check-in-surveys-page';

const answered = (id: number, survey: string, product: string | null): CheckInSurvey => ({
  id,
  checkInId: 1,
  surveyId: id,
  survey,
  productId: product ? id : null,
  product,
  startDate: '2026-11-22T16:00:00.000Z',
  endDate: '2026-11-22T16:10:00.000Z',
  answerPoints: 8,
  surveyPoints: 8,
  photoUrls: [],
});

const pattern = '/checkins/:checkInId/surveys';

describe('/checkins/{checkInId}/surveys', SCREEN_TEST_OPTIONS, () => {
  it("'Buscar' keeps the surveys whose name or product contains the text, accents aside", async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /checkins/1/surveys': okEnvelope([
        answered(1, 'Auditoría de tienda', null),
        answered(2, 'Producto en anaquel', 'Agua de jamaica 600 ml'),
        answered(3, 'Producto en anaquel', 'Leche entera 1 L'),
      ]),
    });
    const { user } = renderScreen(<CheckInSurveysPage />, { path: '/checkins/1/surveys', pattern });
    const table = await screen.findByRole('table', { name: 'Encuestas de la visita' });
    await within(table).findByText('Auditoría de tienda');
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'JAMAICA');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Agua de jamaica 600 ml')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1–1 de 1')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'auditoria');
    await waitFor(() =>
      expect(within(table).queryByText('Agua de jamaica 600 ml')).not.toBeInTheDocument(),
    );
    expect(within(table).getByText('Auditoría de tienda')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'galletas');
    expect(
      await within(table).findByText('Ninguna encuesta de la visita coincide con la búsqueda.'),
    ).toBeInTheDocument();
  });
});
