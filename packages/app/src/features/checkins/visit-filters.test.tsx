import { act, screen, waitFor, within } from '@testing-library/react';
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

// Issue #20: the filter bar's pickers load after the list's first rows, in placeholders of their
// size; once there they are the same fields, with the same labels and keyboard.
describe('/checkins filters', SCREEN_TEST_OPTIONS, () => {
  it('shows the dates and the promoter as placeholders until the rows are on screen, then the pickers', async () => {
    signInWith(['VIEW_CHECKINS', 'VIEW_USERS']);
    const list = heldAnswer();
    const api = stubApi({
      'GET /checkins': list.answer,
      'GET /users/promoters': okEnvelope([{ id: 7, name: 'Ana Promotora' }]),
    });
    const { user } = renderScreen(<CheckInsPage />, {
      path: '/checkins?startDate=2026-11-20&endDate=2026-11-22&promoterId=7',
      pattern: '/checkins',
    });
    await screen.findByRole('heading', { name: 'Visitas' });
    await waitFor(() => expect(api.requests.some((r) => r.path === '/users/promoters')).toBe(true));
    // Long enough for the pickers' module, which is not asked for while no row has painted.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('group', { name: 'Fechas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Promotor' })).not.toBeInTheDocument();
    const dates = screen.getByText('20/11/2026 – 22/11/2026');
    expect(dates.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Ana Promotora').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Máximo 7 días desde la fecha inicial.')).toBeInTheDocument();

    list.release();
    // The rows render as a transition, in slices: slow on a busy machine.
    const slow = { timeout: 15_000 };
    await screen.findByText('Abarrotes 1', {}, slow);
    const picker = await screen.findByRole('group', { name: 'Fechas' }, slow);
    expect(picker).toHaveTextContent('20/11/2026–22/11/2026');
    expect(screen.queryByText('20/11/2026 – 22/11/2026')).not.toBeInTheDocument();
    // The promoter's picker mounts in the turn after the dates' (one commit each).
    expect(await screen.findByRole('combobox', { name: 'Promotor' }, slow)).toHaveValue(
      'Ana Promotora',
    );
    expect(screen.getByText('Máximo 7 días desde la fecha inicial.')).toBeInTheDocument();

    // The calendar, as before: a new range goes to the list's request.
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
});
