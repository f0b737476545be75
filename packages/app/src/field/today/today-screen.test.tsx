import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { visitKey } from '../store/visits';
import { syncDataFixture, visitFixture, ZOCALO } from '../testing';
import { TodayScreen, type TodayScreenProps } from './today-screen';

const takenAt = '2026-11-26T18:00:00.000Z';

function renderToday(overrides: Partial<TodayScreenProps> = {}) {
  const props: TodayScreenProps = {
    promoterName: 'María Fernanda López Hernández',
    work: { data: syncDataFixture(), takenAt },
    visits: new Map(),
    position: { status: 'known', position: ZOCALO, accuracy: 12 },
    isLoading: false,
    isRefreshing: false,
    isOnline: true,
    problem: null,
    onRefresh: vi.fn(),
    now: new Date(Date.parse(takenAt) + 5 * 60_000),
    ...overrides,
  };
  render(
    <I18nProvider locale="es-MX">
      <TodayScreen {...props} />
    </I18nProvider>,
  );
  return props;
}

const placeNames = () =>
  within(screen.getByRole('list', { name: 'Puntos de venta de hoy' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('TodayScreen', () => {
  it("lists today's points of sale nearest first, with address, distance and the data's age", () => {
    renderToday();
    expect(screen.getByRole('heading', { level: 1, name: 'Visitas de hoy' })).toBeVisible();
    expect(screen.getByText('Datos de hace 5 min')).toBeVisible();
    expect(placeNames()).toEqual([
      'Abarrotes Bellas Artes',
      'Súper Ángel Reforma',
      'Tienda Sin Mapa',
    ]);
    const nearest = screen.getByRole('listitem', { name: 'Abarrotes Bellas Artes' });
    expect(nearest).toHaveTextContent('A 890 m');
    expect(nearest).toHaveTextContent(
      'PV-0012 · Av. Juárez 120, Centro, Cuauhtémoc, Ciudad de México',
    );
    expect(within(nearest).getByRole('list', { name: 'Campañas' })).toHaveTextContent(
      'Degustación de néctares',
    );
    expect(screen.getByText(/Ordenados por distancia desde tu ubicación/)).toBeVisible();
    expect(screen.getByText('3 puntos de venta')).toBeVisible();
  });

  it('searches by name or code', async () => {
    const user = userEvent.setup();
    renderToday();
    const search = screen.getByRole('searchbox', { name: 'Buscar punto de venta' });
    await user.type(search, 'reforma');
    expect(placeNames()).toEqual(['Súper Ángel Reforma']);
    expect(screen.getByText('1 de 3 puntos de venta')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('Ningún punto de venta coincide con "zzz".')).toBeVisible();
  });

  it('goes by name when the position is not allowed', () => {
    renderToday({ position: { status: 'unavailable', reason: 'denied' } });
    expect(screen.getByText('Sin permiso de ubicación: la lista va por nombre.')).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Tienda Sin Mapa' })).not.toHaveTextContent(' m');
  });

  it("downloads again with 'Actualizar', which waits for the connection", async () => {
    const user = userEvent.setup();
    const { onRefresh } = renderToday();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('works offline from the saved data, saying so', () => {
    renderToday({
      isOnline: false,
      problem: 'Sin conexión: trabajas con los datos guardados.',
    });
    expect(screen.getByText('Sin conexión')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sin conexión: trabajas con los datos guardados.',
    );
    expect(placeNames()).toHaveLength(3);
  });

  it('marks the points of sale visited today on this device', () => {
    const visit = visitFixture({ uuid: 'u-1', campaignId: 1, pointOfSaleId: 11 });
    renderToday({ visits: new Map([[visitKey(1, 11), visit]]) });
    const visited = screen.getByRole('listitem', { name: 'Súper Ángel Reforma' });
    expect(within(visited).getByText('Visitado hoy')).toBeVisible();
    expect(visited).toHaveTextContent('Auditoría de temporada visitada hoy');
    expect(screen.getByRole('listitem', { name: 'Abarrotes Bellas Artes' })).not.toHaveTextContent(
      'Visitado hoy',
    );
  });

  it('says what to do before the first download, and when there is no work today', () => {
    renderToday({ work: null });
    expect(screen.getByText('Aún no hay datos en este teléfono.')).toBeVisible();
    expect(screen.getByText('Sin datos descargados')).toBeVisible();
  });

  it("reaches the sign-out from the header and shows the day's warnings above the list", () => {
    renderToday({
      signOutHref: '/campo/cerrar-sesion',
      warnings: ['La hora de este teléfono va 12 min adelantada.'],
    });
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('link', { name: 'Cerrar sesión' }),
    );
    expect(screen.getByRole('link', { name: 'Cerrar sesión' })).toHaveAttribute(
      'href',
      '/campo/cerrar-sesion',
    );
    expect(screen.getByText('La hora de este teléfono va 12 min adelantada.')).toBeVisible();
  });

  it('shows a long day whole: the first screenful at once, every row right after', async () => {
    const base = syncDataFixture();
    const template = base.pointsOfSale[0]!;
    const pointsOfSale = Array.from({ length: 30 }, (_, i) => ({
      ...template,
      id: 100 + i,
      code: `PV-${100 + i}`,
      name: `Tienda ${String(i + 1).padStart(2, '0')}`,
    }));
    const campaign = { ...base.campaigns[0]!, pointOfSaleIds: pointsOfSale.map((p) => p.id) };
    renderToday({
      work: { data: { ...base, campaigns: [campaign], pointsOfSale }, takenAt },
      position: { status: 'unavailable', reason: 'denied' },
    });
    expect(screen.getByText('30 puntos de venta')).toBeVisible();
    expect(placeNames()[0]).toBe('Tienda 01');
    await waitFor(() => expect(placeNames()).toHaveLength(30));
    expect(placeNames()[29]).toBe('Tienda 30');
  });

  it('says when no campaign runs today', () => {
    renderToday({
      work: { data: { ...syncDataFixture(), campaigns: [] }, takenAt },
    });
    expect(screen.getByText('No tienes visitas hoy.')).toBeVisible();
  });
});
