import type { CheckIn, CheckInSurvey } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { okEnvelope, page, stubApi } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import CheckInSurveysPage from './check-in-surveys-page';
import CheckInsPage from './checkins-page';
import { visitRow } from './visit-fixture';
import { formatMetres } from './geo-status';
import { VisitSummary } from './visit-summary';

// Geo-verification on the review screens (issue #24, docs/geo.md).

/** A visit that ended 48 m from its store. */
const visit = (id: number, extra: Partial<CheckIn> = {}): CheckIn =>
  visitRow(id, {
    checkOutLatitude: 19.4304,
    checkOutLongitude: -99.13,
    checkOutDistance: 48,
    ...extra,
  });

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Visitas' });
  return (await within(table).findByText(name)).closest('tr')!;
};

describe('formatMetres', () => {
  it('writes metres in es-MX up to 10 km, then kilometres', () => {
    expect(formatMetres(0)).toBe('0 m');
    expect(formatMetres(1250)).toBe('1,250 m');
    expect(formatMetres(12_480)).toBe('12.5 km');
  });
});

describe('/checkins geo-verification', SCREEN_TEST_OPTIONS, () => {
  it("shows the farther distance and the state's badge in 'Distancia'", async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /checkins': okEnvelope(
        page([
          visit(1),
          visit(2, { checkOutDistance: 3964, geoStatus: 'outOfRange' }),
          visit(3, {
            checkInDistance: null,
            checkOutDistance: null,
            geoStatus: 'noPointOfSaleCoordinates',
          }),
          visit(4, { checkInDistance: null, checkOutDistance: null, geoStatus: 'noVisitPosition' }),
        ]),
      ),
    });
    renderScreen(<CheckInsPage />, { path: '/checkins' });
    expect(
      within(await screen.findByRole('table', { name: 'Visitas' })).getByRole('columnheader', {
        name: 'Distancia',
      }),
    ).toBeInTheDocument();
    const inRange = await rowOf('Abarrotes 1');
    expect(within(inRange).getByText('48 m')).toBeInTheDocument();
    expect(within(inRange).queryByText('Fuera de rango')).not.toBeInTheDocument();
    const out = await rowOf('Abarrotes 2');
    expect(within(out).getByText('3,964 m')).toBeInTheDocument();
    expect(within(out).getByText('Fuera de rango')).toBeInTheDocument();
    expect(within(await rowOf('Abarrotes 3')).getByText('Sin coordenadas')).toBeInTheDocument();
    expect(within(await rowOf('Abarrotes 4')).getByText('Sin ubicación')).toBeInTheDocument();
  });

  it("'Solo fuera de rango' asks the server for those visits and keeps the choice in the URL", async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({ 'GET /checkins': okEnvelope(page([visit(1)])) });
    const { user, router } = renderScreen(<CheckInsPage />, { path: '/checkins' });
    await rowOf('Abarrotes 1');
    expect(api.requests.find((r) => r.path === '/checkins')!.query.get('outOfRange')).toBeNull();
    const only = screen.getByRole('checkbox', { name: 'Solo fuera de rango' });
    expect(only).not.toBeChecked();
    await user.click(only);
    await waitFor(() =>
      expect(api.requests.some((r) => r.query.get('outOfRange') === 'true')).toBe(true),
    );
    expect(new URLSearchParams(router.state.location.search).get('outOfRange')).toBe('1');
    await user.click(only);
    await waitFor(() => expect(router.state.location.search).not.toContain('outOfRange'));
  });

  it('a URL with the filter opens with it on', async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({ 'GET /checkins': okEnvelope(page([])) });
    renderScreen(<CheckInsPage />, { path: '/checkins?outOfRange=1', pattern: '/checkins' });
    expect(
      await screen.findByText('No hay visitas fuera de rango en estas fechas.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Solo fuera de rango' })).toBeChecked();
    expect(api.requests.find((r) => r.path === '/checkins')!.query.get('outOfRange')).toBe('true');
  });
});

describe('/checkins/{checkInId}/surveys header', SCREEN_TEST_OPTIONS, () => {
  it('says who, where, and how far from the point of sale the visit started and ended', async () => {
    signInWith(['VIEW_CHECKINS']);
    const surveys: CheckInSurvey[] = [];
    const api = stubApi({
      'GET /checkins/2': okEnvelope(
        visit(2, { checkInDistance: 5, checkOutDistance: 3964, geoStatus: 'outOfRange' }),
      ),
      'GET /checkins/2/surveys': okEnvelope(surveys),
    });
    renderScreen(<CheckInSurveysPage />, {
      path: '/checkins/2/surveys',
      pattern: '/checkins/:checkInId/surveys',
    });
    const header = await screen.findByRole('region', { name: 'Datos de la visita' });
    expect(within(header).getByText('Fuera de rango')).toBeInTheDocument();
    expect(within(header).getByText('Abarrotes 2')).toBeInTheDocument();
    expect(within(header).getByText('Distancia de entrada').nextSibling).toHaveTextContent('5 m');
    expect(within(header).getByText('Distancia de salida').nextSibling).toHaveTextContent(
      '3,964 m',
    );
    expect(api.unhandled).toEqual([]);
  });
});

describe('the dashboard figure', SCREEN_TEST_OPTIONS, () => {
  it("'Fuera de rango (7 días)' gives the share and opens the week's visits out of range", async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /checkins/summary': okEnvelope({
        today: '2026-11-23',
        weekStart: '2026-11-17',
        visitsToday: 3,
        unavailableToday: 0,
        visitsLast7Days: 40,
        unavailableLast7Days: 2,
        averageScoreLast7Days: 80,
        activePromotersLast7Days: 4,
        outOfRangeLast7Days: 5,
      }),
    });
    renderScreen(<VisitSummary />, { path: '/' });
    const figure = await screen.findByRole('link', { name: /Fuera de rango \(7 días\)/ });
    expect(figure).toHaveTextContent('12.5 %');
    expect(figure).toHaveTextContent('5 de 40 visitas');
    expect(figure).toHaveAttribute(
      'href',
      '/checkins?startDate=2026-11-17&endDate=2026-11-23&outOfRange=1',
    );
  });
});
