import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import { okEnvelope, page, stubApi } from '../../test/api-stub';
import CheckInsPage from './checkins-page';
import { visitRow } from './visit-fixture';

/** A list answer the test releases when it wants the rows on screen. */
function heldAnswer() {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    answer: async () => {
      await answered;
      return okEnvelope(page([visitRow(1)]));
    },
  };
}

const PATH = '/checkins?startDate=2026-11-20&endDate=2026-11-22&promoterId=7';
// The rows render as a transition, in slices: slow on a busy machine.
const slow = { timeout: 15_000 };

function renderList(list: ReturnType<typeof heldAnswer>['answer']) {
  signInWith(['VIEW_CHECKINS', 'VIEW_USERS']);
  const api = stubApi({
    'GET /checkins': list,
    'GET /users/promoters': okEnvelope([
      { id: 7, name: 'Ana Promotora' },
      { id: 8, name: 'Beto Promotor' },
    ]),
  });
  return { api, ...renderScreen(<CheckInsPage />, { path: PATH, pattern: '/checkins' }) };
}

// Issue #20: the filter bar's pickers are placeholders of their size (field-shaped buttons named
// by the label and the value) until the person reaches for them: a focus moves into the picker,
// a press opens it. Once there they are the same fields, with the same labels and keyboard.
describe('/checkins filters', SCREEN_TEST_OPTIONS, () => {
  it('keeps the dates and the promoter as placeholders, rows or not, until they are reached', async () => {
    const list = heldAnswer();
    const { api } = renderList(list.answer);
    await screen.findByRole('heading', { name: 'Visitas' });
    await waitFor(() => expect(api.requests.some((r) => r.path === '/users/promoters')).toBe(true));
    const dates = screen.getByRole('button', { name: 'Fechas 20/11/2026 – 22/11/2026' });
    expect(dates).toHaveAccessibleDescription('Máximo 7 días desde la fecha inicial.');
    expect(
      await screen.findByRole('button', { name: 'Promotor Ana Promotora' }),
    ).toBeInTheDocument();

    list.release();
    await screen.findByText('Abarrotes 1', {}, slow);
    // Long past the rows' paint: the pickers' code may come, but they do not render by themselves.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(screen.queryByRole('group', { name: 'Fechas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Promotor' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Fechas/ })).toBe(dates);
  });

  it('moves the focus into the dates picker when Tab reaches it, and the calendar still filters', async () => {
    const list = heldAnswer();
    list.release();
    const { api, user } = renderList(list.answer);
    await screen.findByText('Abarrotes 1', {}, slow);
    await user.click(screen.getByRole('link', { name: 'Fotos' }));
    // 'Fotos' is a link to another screen: come back to the list's tab order without leaving.
    (screen.getByRole('link', { name: 'Fotos' }) as HTMLElement).focus();
    await user.tab();
    const picker = await screen.findByRole('group', { name: 'Fechas' }, slow);
    expect(picker).toHaveTextContent('20/11/2026–22/11/2026');
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(/^día, Fecha de inicio/),
    );
    expect(screen.getByText('Máximo 7 días desde la fecha inicial.')).toBeInTheDocument();

    await user.click(within(picker).getByRole('button', { name: /Calendario/ }));
    const grid = await screen.findByRole('grid');
    await user.click(within(grid).getByRole('button', { name: /^lunes, 23 de noviembre/ }));
    await user.click(within(grid).getByRole('button', { name: /^martes, 24 de noviembre/ }));
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) =>
            r.path === '/checkins' &&
            r.query.get('startDate') === '2026-11-23' &&
            r.query.get('endDate') === '2026-11-24' &&
            r.query.get('promoterId') === '7',
        ),
      ).toBe(true),
    );
  });

  it('opens the calendar and the promoters list when their placeholders are pressed', async () => {
    const list = heldAnswer();
    list.release();
    const { api, user } = renderList(list.answer);
    await screen.findByText('Abarrotes 1', {}, slow);

    // A press (a finger's tap has no hover first): the picker renders in the pointer's event, so
    // the rest of the press lands on it, as the browser's hit test does (user-event's would go to
    // the placeholder it started on).
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Fechas 20/11/2026 – 22/11/2026' }), {
      button: 0,
    });
    expect(await screen.findByRole('grid', {}, slow)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
    // The calendar belonged to the picker, which stays.
    expect(screen.getByRole('group', { name: 'Fechas' })).toBeInTheDocument();

    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Promotor Ana Promotora' }), {
      button: 0,
    });
    expect(await screen.findByRole('listbox', {}, slow)).toBeInTheDocument();
    const promoter = await screen.findByRole('combobox', { name: 'Promotor' }, slow);
    expect(promoter).toHaveFocus();
    expect(promoter).toHaveValue('Ana Promotora');
    await user.click(await screen.findByRole('option', { name: 'Beto Promotor' }));
    await waitFor(() =>
      expect(
        api.requests.some((r) => r.path === '/checkins' && r.query.get('promoterId') === '8'),
      ).toBe(true),
    );
  });
});
