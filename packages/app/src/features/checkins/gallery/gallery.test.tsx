import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, okEnvelope, stubApi } from '../../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../../components/resource/testing/render-screen';
import GalleryPage from './gallery-page';
import { photoRows } from './photo-fixture';

// The photo gallery, /checkins/fotos (issue #24, docs/gallery.md).

const firstPage = (count: number, nextCursor: string | null = null) =>
  okEnvelope({ rows: photoRows(count), nextCursor });
const photoCount = (totalCount: number, totalCountIsCapped = false) =>
  okEnvelope({ totalCount, totalCountIsCapped });

describe('/checkins/fotos', SCREEN_TEST_OPTIONS, () => {
  it("asks for the URL's filters and shows each photo with its context", async () => {
    signInWith(['VIEW_CHECKINS', 'VIEW_USERS']);
    const api = stubApi({
      'GET /checkins/photos': firstPage(3),
      'GET /checkins/photos/count': photoCount(3),
      'GET /users/promoters': okEnvelope([{ id: 7, name: 'María López' }]),
      'GET /surveys/options': okEnvelope([{ id: 2, name: 'Anaquel', isActive: true }]),
      'GET /campaigns/options': okEnvelope([]),
      'GET /pointofsales/options': okEnvelope([]),
      'GET /questions/options': okEnvelope([]),
    });
    renderScreen(<GalleryPage />, {
      path: '/checkins/fotos?startDate=2026-11-18&endDate=2026-11-20&outOfRange=1&promoterId=7&surveyId=2',
      pattern: '/checkins/fotos',
    });
    const grid = await screen.findByRole('list', { name: 'Fotos' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(within(grid).getAllByText('Abarrotes 1')).toHaveLength(2);
    expect(within(grid).getByText('Foto del anaquel: Sí')).toBeInTheDocument();
    expect(within(grid).getAllByText('Foto de la visita')).toHaveLength(2);
    const filter = {
      startDate: '2026-11-18',
      endDate: '2026-11-20',
      outOfRange: 'true',
      promoterId: '7',
      surveyId: '2',
    };
    const query = api.requests.find((r) => r.path === '/checkins/photos')!.query;
    expect(Object.fromEntries(query)).toMatchObject(filter);
    // The count is asked with the same filters and nothing else.
    await waitFor(() => expect(api.to('GET /checkins/photos/count')).toHaveLength(1));
    expect(Object.fromEntries(api.to('GET /checkins/photos/count')[0]!.query)).toEqual(filter);
    expect(await screen.findByRole('button', { name: 'Descargar fotos (3)' })).toBeEnabled();
    // The URL's survey is named in its picker.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Cuestionario' })).toHaveValue('Anaquel'),
    );
    // The views keep the filters.
    const views = screen.getByRole('navigation', { name: 'Vistas de visitas' });
    expect(within(views).getByRole('link', { name: 'Lista' })).toHaveAttribute(
      'href',
      '/checkins?startDate=2026-11-18&endDate=2026-11-20&outOfRange=1&promoterId=7&surveyId=2',
    );
    expect(within(views).getByRole('link', { name: 'Fotos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('filters by a point of sale searched on the server; a campaign clears the survey and question', async () => {
    signInWith(['VIEW_CHECKINS']);
    // More points of sale than a page of options: the one wanted is found by the server's search.
    const stores = Array.from({ length: 100 }, (_, i) => ({
      id: i + 1,
      name: `Tienda ${i + 1} (T${i + 1})`,
      isActive: true,
    }));
    const api = stubApi({
      'GET /checkins/photos': firstPage(1),
      'GET /checkins/photos/count': photoCount(1),
      'GET /pointofsales/options': (request) =>
        okEnvelope(
          request.query.get('Filter') === 'Juár'
            ? [{ id: 250, name: 'Abarrotes Juárez (A250)', isActive: true }]
            : stores.slice(
                Number(request.query.get('Skip') ?? 0),
                Number(request.query.get('Skip') ?? 0) + Number(request.query.get('Take') ?? 100),
              ),
        ),
      'GET /campaigns/options': okEnvelope([{ id: 3, name: 'Regreso a clases', isActive: true }]),
      'GET /surveys/options': okEnvelope([{ id: 2, name: 'Anaquel', isActive: true }]),
      'GET /questions/options': okEnvelope([{ id: 9, name: 'Foto del anaquel', isActive: true }]),
    });
    const { user } = renderScreen(<GalleryPage />, {
      path: '/checkins/fotos?surveyId=2&questionId=9',
      pattern: '/checkins/fotos',
    });
    const lastPhotosQuery = () => api.to('GET /checkins/photos').at(-1)!.query;
    await user.type(await screen.findByRole('combobox', { name: 'Punto de venta' }), 'Juár');
    await user.click(await screen.findByRole('option', { name: 'Abarrotes Juárez (A250)' }));
    await waitFor(() => expect(lastPhotosQuery().get('pointOfSaleId')).toBe('250'));
    expect(lastPhotosQuery().get('surveyId')).toBe('2');
    await user.type(screen.getByRole('combobox', { name: 'Campaña' }), 'Regr');
    await user.click(await screen.findByRole('option', { name: 'Regreso a clases' }));
    await waitFor(() => expect(lastPhotosQuery().get('campaignId')).toBe('3'));
    expect(lastPhotosQuery().get('pointOfSaleId')).toBe('250');
    expect(lastPhotosQuery().has('surveyId')).toBe(false);
    expect(lastPhotosQuery().has('questionId')).toBe(false);
    // The survey's options narrow to the campaign's.
    await waitFor(() =>
      expect(api.to('GET /surveys/options').at(-1)!.query.get('campaignId')).toBe('3'),
    );
  });

  it('says so in Spanish when no photo matches', async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /checkins/photos': firstPage(0),
      'GET /checkins/photos/count': photoCount(0),
    });
    renderScreen(<GalleryPage />, { path: '/checkins/fotos' });
    expect(await screen.findByText('No hay fotos de visitas con estos filtros.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Descargar fotos (0)' })).toBeDisabled();
  });

  it("opens the lightbox: 'n / total', the arrows load the next page, Escape closes", async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({
      'GET /checkins/photos': (request) =>
        request.query.get('cursor')
          ? okEnvelope({ rows: photoRows(2, 2), nextCursor: null })
          : firstPage(2, 'next'),
      'GET /checkins/photos/count': photoCount(4),
    });
    const { user } = renderScreen(<GalleryPage />, { path: '/checkins/fotos' });
    await user.click(await screen.findByRole('button', { name: /^Ver foto 2 de 4/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Abarrotes 1' });
    expect(within(dialog).getByText('2 / 4')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await within(dialog).findByText('3 / 4')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/checkins/photos')).toHaveLength(2);
    // The next page did not ask for the count again.
    expect(api.to('GET /checkins/photos/count')).toHaveLength(1);
    expect(within(dialog).getByRole('img').getAttribute('alt')).toMatch(/^Foto de la visita\./);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(await within(dialog).findByText('1 / 4')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Foto anterior' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the photos before the count, the button without a number meanwhile', async () => {
    signInWith(['VIEW_CHECKINS']);
    // The count, and the next page the end of the grid asks for, answer when the test says so.
    let answer = () => undefined as void;
    const later = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stubApi({
      'GET /checkins/photos': async (request) => {
        if (!request.query.get('cursor')) return firstPage(3, 'next');
        await later;
        return okEnvelope({ rows: photoRows(3, 3), nextCursor: 'more' });
      },
      'GET /checkins/photos/count': async () => {
        await later;
        return photoCount(1000, true);
      },
    });
    renderScreen(<GalleryPage />, { path: '/checkins/fotos' });
    const grid = await screen.findByRole('list', { name: 'Fotos' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    // No number yet, never '(0)'; the thumbnails say their position without a total.
    expect(screen.getByRole('button', { name: 'Descargar fotos' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Descargar fotos \(/ })).not.toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /^Ver foto 1: / })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('button', { name: 'Descargar fotos (1,000+)' })).toBeEnabled();
    expect(within(grid).getByRole('button', { name: /^Ver foto 1 de 1,000\+: / })).toBeVisible();
  });

  it('asks for the count once per filter, not per page', async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({
      'GET /checkins/photos': (request) =>
        request.query.get('cursor')
          ? okEnvelope({ rows: photoRows(2, 2), nextCursor: null })
          : firstPage(2, 'next'),
      'GET /checkins/photos/count': (request) =>
        photoCount(request.query.get('outOfRange') ? 1 : 4),
      'GET /users/promoters': okEnvelope([]),
    });
    const { user } = renderScreen(<GalleryPage />, { path: '/checkins/fotos' });
    expect(await screen.findByRole('button', { name: 'Descargar fotos (4)' })).toBeEnabled();
    // The end of the grid in view loads the next page.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Fotos' })).getAllByRole('listitem'),
      ).toHaveLength(4),
    );
    expect(api.to('GET /checkins/photos')).toHaveLength(2);
    expect(api.to('GET /checkins/photos/count')).toHaveLength(1);
    // Another filter: its own count.
    await user.click(screen.getByRole('checkbox', { name: 'Solo fuera de rango' }));
    expect(await screen.findByRole('button', { name: 'Descargar fotos (1)' })).toBeEnabled();
    expect(api.to('GET /checkins/photos/count')).toHaveLength(2);
  });

  it('still downloads when the count fails, without a number', async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /checkins/photos': firstPage(2, 'next'),
      'GET /checkins/photos/count': failureEnvelope(500, 'INTERNAL_ERROR', 'Error interno'),
    });
    renderScreen(<GalleryPage />, { path: '/checkins/fotos' });
    await screen.findByRole('list', { name: 'Fotos' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Descargar fotos' })).toBeEnabled(),
    );
  });

  it('says in Spanish that another download is running (409)', async () => {
    signInWith(['VIEW_CHECKINS']);
    const message = 'Ya tienes una descarga de fotos en curso. Espera a que termine o cancélala.';
    stubApi({
      'GET /checkins/photos': firstPage(2),
      'GET /checkins/photos/count': photoCount(2),
      'GET /checkins/photos/zip': failureEnvelope(409, 'CONFLICT', message),
    });
    const { user } = renderScreen(<GalleryPage />, { path: '/checkins/fotos' });
    await user.click(await screen.findByRole('button', { name: 'Descargar fotos (2)' }));
    expect(await screen.findByText(message)).toBeVisible();
  });
});
