import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppQueryClient } from '../../app/query-services';
import type { ScreenPrefetch } from '../../app/screen-table';
import { SCREEN_TEST_OPTIONS, signInWith } from '../../components/resource/testing/render-screen';
import { failureEnvelope, okEnvelope, page, stubApi } from '../../test/api-stub';
import CheckInsPage, { prefetch as prefetchCheckIns } from './checkins-page';
import SurveyResultPage, { prefetch as prefetchResult } from './survey-result-page';

/**
 * A first load as main.tsx runs it: the screen's `prefetch` into the app's QueryClient, then the
 * screen rendered at `path` with that client.
 */
function firstLoad(
  screenElement: ReactElement,
  prefetch: ScreenPrefetch,
  { path, pattern, params }: { path: string; pattern: string; params: Record<string, string> },
) {
  const services = createAppQueryClient();
  const url = new URL(path, 'http://localhost');
  prefetch(services.queryClient, {
    params,
    search: url.searchParams,
    permissions: ['VIEW_CHECKINS', 'VIEW_USERS'],
  });
  const router = createMemoryRouter([{ path: pattern, element: screenElement }], {
    initialEntries: [path],
  });
  render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('a first load prefetches what the screen asks for, once', SCREEN_TEST_OPTIONS, () => {
  it('/checkins: the first page of the URL dates and the promoters', async () => {
    signInWith(['VIEW_CHECKINS', 'VIEW_USERS']);
    const api = stubApi({
      'GET /checkins': okEnvelope(page([])),
      'GET /users/promoters': okEnvelope([]),
    });
    firstLoad(<CheckInsPage />, prefetchCheckIns, {
      path: '/checkins?startDate=2026-11-20&endDate=2026-11-22&promoterId=4',
      pattern: '/checkins',
      params: {},
    });
    expect(await screen.findByText('No hay visitas en estas fechas.')).toBeInTheDocument();
    const lists = api.requests.filter((r) => r.path === '/checkins');
    expect(lists).toHaveLength(1);
    expect(Object.fromEntries(lists[0]!.query)).toEqual({
      Page: '1',
      PageSize: '10',
      startDate: '2026-11-20',
      endDate: '2026-11-22',
      promoterId: '4',
    });
    expect(api.requests.filter((r) => r.path === '/users/promoters')).toHaveLength(1);
  });

  it('a result: the answered survey, its 404 on the page rather than in a toast', async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({
      'GET /checkins/surveys/6': failureEnvelope(404, 'NOT_FOUND', 'No existe.'),
    });
    firstLoad(<SurveyResultPage />, prefetchResult, {
      path: '/checkins/1/surveys/6',
      pattern: '/checkins/:checkInId/surveys/:checkInSurveyId',
      params: { checkInId: '1', checkInSurveyId: '6' },
    });
    expect(
      await screen.findByText('No se encontraron respuestas para esta encuesta.'),
    ).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/checkins/surveys/6')).toHaveLength(1);
  });
});
