import type { CheckInSurveyResult } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { STUB_BASE_URL, failureEnvelope, okEnvelope, page, stubApi } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import CheckInsPage from './checkins-page';
import SurveyResultPage from './survey-result-page';
import { defaultVisitRange, visitRangeFromParams } from './visit-dates';
import { visitRow } from './visit-fixture';

const visit = visitRow;

describe('visit dates (spec 1 §4)', () => {
  it('defaults to yesterday to today and keeps the 7-day rule for URL dates', () => {
    const now = new Date(2026, 10, 23, 10);
    expect(defaultVisitRange(now)).toEqual({ start: '2026-11-22', end: '2026-11-23' });
    const read = (query: string) => visitRangeFromParams(new URLSearchParams(query), now);
    expect(read('')).toEqual({ start: '2026-11-22', end: '2026-11-23' });
    expect(read('startDate=2026-11-01&endDate=2026-11-30')).toEqual({
      start: '2026-11-01',
      end: '2026-11-08',
    });
    expect(read('startDate=2026-11-20&endDate=2026-11-10')).toEqual({
      start: '2026-11-10',
      end: '2026-11-10',
    });
    expect(read('startDate=ayer&endDate=2026-11-23')).toEqual({
      start: '2026-11-22',
      end: '2026-11-23',
    });
  });
});

const RULE_HINT = 'Máximo 7 días desde la fecha inicial.';

describe('/checkins', SCREEN_TEST_OPTIONS, () => {
  it('lists the visits of the URL dates with map links and surveys only for available visits', async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({
      'GET /checkins': okEnvelope(
        page([
          visit(1),
          visit(2, { unavailable: true, checkInLatitude: null, checkInLongitude: null }),
        ]),
      ),
    });
    renderScreen(<CheckInsPage />, {
      path: '/checkins?startDate=2026-11-20&endDate=2026-11-22',
      pattern: '/checkins',
    });
    expect(await screen.findByRole('heading', { name: 'Visitas' })).toBeInTheDocument();
    await screen.findByText('Abarrotes 1');
    const request = api.requests.find((r) => r.path === '/checkins')!;
    expect(request.query.get('startDate')).toBe('2026-11-20');
    expect(request.query.get('endDate')).toBe('2026-11-22');
    expect(request.query.get('promoterId')).toBeNull();

    const entry1 = screen.getByRole('link', {
      name: 'Ver ubicación de entrada de la visita a Abarrotes 1',
    });
    expect(entry1).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=19.43,-99.13',
    );
    expect(entry1).toHaveAttribute('target', '_blank');
    expect(
      screen.getByRole('link', { name: 'Ver ubicación de salida de la visita a Abarrotes 1' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByRole('link', { name: 'Ver ubicación de entrada de la visita a Abarrotes 2' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByRole('link', { name: 'Ver encuestas de la visita a Abarrotes 1' }),
    ).toHaveAttribute('href', '/checkins/1/surveys');
    expect(
      screen.getByRole('link', { name: 'Ver encuestas de la visita a Abarrotes 2' }),
    ).toHaveAttribute('aria-disabled', 'true');
    // The promoter filter belongs to holders of VIEW_USERS (spec 1 §6): neither its placeholder
    // nor its picker.
    expect(screen.queryByRole('combobox', { name: 'Promotor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Promotor Todos/ })).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/users/promoters')).toBe(false);
    expect(api.unhandled).toEqual([]);
  });

  it('leaves the rows alone when the router updates without changing what the page shows', async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({ 'GET /checkins': okEnvelope(page([visit(1), visit(2)])) });
    const path = '/checkins?startDate=2026-11-20&endDate=2026-11-22';
    const { router } = renderScreen(<CheckInsPage />, { path, pattern: '/checkins' });
    await screen.findByText('Abarrotes 2');
    // Everything deferred has arrived: the table's menus.
    await screen.findByRole('button', { name: /Columnas/ }, { timeout: 10_000 });
    // `format` is a getter (it returns a bound function): each formatted date reads it once.
    const formatters = Intl.DateTimeFormat.prototype as { readonly format: unknown };
    const format = vi.spyOn(formatters, 'format', 'get');
    try {
      // What a reload's scroll restoration does: a new router state, the same page.
      await act(() => router.navigate(path, { replace: true }));
      expect(router.state.location.key).not.toBe('default');
      expect(screen.getByText('Abarrotes 2')).toBeInTheDocument();
      // The rows' dates (Inicio, Fin, Sincronización) were not formatted again.
      expect(format).not.toHaveBeenCalled();
    } finally {
      format.mockRestore();
    }
  });

  it('says so near the dates when the 7-day rule cut the range, and always states the rule', async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({ 'GET /checkins': okEnvelope(page([visit(1)])) });
    const first = renderScreen(<CheckInsPage />, {
      path: '/checkins?startDate=2026-11-01&endDate=2026-11-30',
      pattern: '/checkins',
    });
    await screen.findByText('Abarrotes 1');
    expect(api.requests.find((r) => r.path === '/checkins')!.query.get('endDate')).toBe(
      '2026-11-08',
    );
    expect(
      screen.getByText(
        'Se pidió del 01/11/2026 al 30/11/2026: se muestran solo 7 días, del 01/11/2026 al 08/11/2026.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByText(RULE_HINT)).toBeInTheDocument();
    first.unmount();

    renderScreen(<CheckInsPage />, {
      path: '/checkins?startDate=2026-11-01&endDate=2026-11-03',
      pattern: '/checkins',
    });
    await screen.findByText('Abarrotes 1');
    expect(screen.getByText(RULE_HINT)).toBeInTheDocument();
    expect(screen.queryByText(/se muestran solo 7 días/)).not.toBeInTheDocument();
  });

  it("shows a visit's photos as thumbnails and opens the full image", async () => {
    signInWith(['VIEW_CHECKINS']);
    const photos = ['6f1c9f5e-8d2a-4c1b-9e3f-0a1b2c3d4e5f', '7a2d0e6f-9e3b-4d2c-8f4a-1b2c3d4e5f60'];
    stubApi({ 'GET /checkins': okEnvelope(page([visit(1, { photoUrls: photos })])) });
    const { user } = renderScreen(<CheckInsPage />, { path: '/checkins' });
    await user.click(await screen.findByRole('button', { name: 'Ver imágenes (2)' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Visita de Ana Promotora a Abarrotes 1',
    });
    // The strip loads the small renditions (GET files/{id}?size=thumb)...
    const strip = within(dialog).getByRole('list', { name: 'Miniaturas' });
    expect(
      within(strip)
        .getAllByRole('presentation')
        .map((img) => img.getAttribute('src')),
    ).toEqual(photos.map((id) => `${STUB_BASE_URL}/files/${id}?size=thumb`));
    // ...and the viewer the full image of the one chosen.
    expect(within(dialog).getByRole('img', { name: 'Imagen 1 de 2' })).toHaveAttribute(
      'src',
      `${STUB_BASE_URL}/files/${photos[0]}`,
    );
    await user.click(within(strip).getByRole('button', { name: 'Ver imagen 2 de 2' }));
    expect(within(dialog).getByRole('img', { name: 'Imagen 2 de 2' })).toHaveAttribute(
      'src',
      `${STUB_BASE_URL}/files/${photos[1]}`,
    );
  });

  it('offers the promoter filter with VIEW_USERS and sends the chosen promoter', async () => {
    signInWith(['VIEW_CHECKINS', 'VIEW_USERS']);
    const api = stubApi({
      'GET /checkins': okEnvelope(page([visit(1)])),
      'GET /users/promoters': okEnvelope([
        { id: 7, name: 'Ana Promotora' },
        { id: 8, name: 'Beto Promotor' },
      ]),
    });
    const { user } = renderScreen(<CheckInsPage />, { path: '/checkins' });
    // The filter is a placeholder until it is reached (visit-filters.test.tsx): a press gives the
    // picker, focused.
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Promotor Todos los promotores' },
        { timeout: 5_000 },
      ),
    );
    const promoter = await screen.findByRole('combobox', { name: 'Promotor' }, { timeout: 5_000 });
    await user.type(promoter, 'Bet');
    await user.click(await screen.findByRole('option', { name: 'Beto Promotor' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.query.get('promoterId') === '8')).toBe(true),
    );
    // The default window: yesterday to today.
    const first = api.requests.find((r) => r.path === '/checkins')!;
    expect(first.query.get('startDate')).toBe(defaultVisitRange().start);
    expect(first.query.get('endDate')).toBe(defaultVisitRange().end);
  });
});

const result: CheckInSurveyResult = {
  id: 5,
  checkInId: 1,
  surveyId: 2,
  survey: 'Auditoría de anaquel',
  productId: 4,
  product: 'Refresco 600 ml',
  startDate: '2026-11-22T16:00:00.000Z',
  endDate: '2026-11-22T16:25:00.000Z',
  answerPoints: 7.5,
  surveyPoints: 10,
  segments: [
    {
      id: 10,
      segment: 'Exhibición',
      order: 0,
      points: 7.5,
      surveyPoints: 10,
      questions: [
        {
          id: 100,
          questionId: 20,
          question: '¿Qué opinas del surtido?',
          type: 10,
          typeDescription: 'Matriz de Likert',
          order: 0,
          isNa: false,
          textValue: null,
          intValue: null,
          decimalValue: null,
          dateValue: null,
          selectedOptions: [
            {
              id: 30,
              description: 'Variedad',
              points: 4,
              isOther: false,
              value: 4,
              otherText: null,
            },
          ],
          points: 3,
          surveyPoints: 4,
          photoUrls: ['6f1c9f5e-8d2a-4c1b-9e3f-0a1b2c3d4e5f'],
        },
      ],
      segments: [
        {
          id: 11,
          segment: 'Precios',
          order: 1,
          points: 4.5,
          surveyPoints: 6,
          questions: [],
          segments: [],
        },
      ],
    },
  ],
};

describe('/checkins/{checkInId}/surveys/{checkInSurveyId}', SCREEN_TEST_OPTIONS, () => {
  const pattern = '/checkins/:checkInId/surveys/:checkInSurveyId';

  it('shows the header, the nested segments and each answer with its photos', async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({ 'GET /checkins/surveys/5': okEnvelope(result) });
    renderScreen(<SurveyResultPage />, { path: '/checkins/1/surveys/5', pattern });
    expect(await screen.findByText('7.5 de 10 puntos')).toBeInTheDocument();
    expect(screen.getByText('Refresco 600 ml')).toBeInTheDocument();
    expect(screen.getByText(/\(25 minutos\)/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Exhibición' })).toBeInTheDocument();
    const answer = screen.getByRole('article');
    expect(within(answer).getByText('Matriz de Likert')).toBeInTheDocument();
    expect(within(answer).getByRole('listitem')).toHaveTextContent(
      'Variedad: De acuerdo (nivel 4 de 5)(3 de 4 puntos)',
    );
    expect(within(answer).getByRole('button', { name: 'Ver imágenes (1)' })).toBeEnabled();
    expect(
      screen.getByText('Este segmento no contiene preguntas ni sub-segmentos respondidos.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver a las encuestas/ })).toHaveAttribute(
      'href',
      '/checkins/1/surveys',
    );
  });

  it('says so for an invalid id, an unknown result and a result of another visit', async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /checkins/surveys/5': okEnvelope(result),
      'GET /checkins/surveys/6': failureEnvelope(
        404,
        'ERROR',
        'La encuesta de la visita no existe.',
      ),
    });
    const first = renderScreen(<SurveyResultPage />, { path: '/checkins/x/surveys/5', pattern });
    expect(await screen.findByText('Id de la visita inválido')).toBeInTheDocument();
    first.unmount();
    const second = renderScreen(<SurveyResultPage />, { path: '/checkins/1/surveys/6', pattern });
    expect(
      await screen.findByText('No se encontraron respuestas para esta encuesta.'),
    ).toBeInTheDocument();
    second.unmount();
    renderScreen(<SurveyResultPage />, { path: '/checkins/2/surveys/5', pattern });
    expect(
      await screen.findByText('No se encontraron respuestas para esta encuesta.'),
    ).toBeInTheDocument();
  });
});
