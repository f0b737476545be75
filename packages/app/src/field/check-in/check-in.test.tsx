import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { syncDataFixture, visitFixture, ZOCALO } from '../testing';
import { todayPlaces } from '../today/today-list';
import type { PositionState } from '../use-position';
import { checkInPlacement, newVisit } from './check-in-rules';
import { CheckInScreen } from './check-in-screen';

const data = syncDataFixture();
const bellasArtes = data.pointsOfSale.find((p) => p.id === 12)!;
const unmapped = data.pointsOfSale.find((p) => p.id === 13)!;
const at = (latitude: number, longitude: number, accuracy = 10): PositionState => ({
  status: 'known',
  position: { latitude, longitude },
  accuracy,
});
// About 110 m north of Bellas Artes' coordinates.
const nearBellasArtes = at(19.4362, -99.1412);

describe('where the check-in is made', () => {
  it('warns beyond 200 m or with a position vaguer than that, never blocks', () => {
    expect(checkInPlacement(bellasArtes, nearBellasArtes)).toMatchObject({ kind: 'near' });
    expect(checkInPlacement(bellasArtes, at(ZOCALO.latitude, ZOCALO.longitude))).toMatchObject({
      kind: 'far',
    });
    expect(checkInPlacement(bellasArtes, at(19.4362, -99.1412, 500))).toMatchObject({
      kind: 'imprecise',
      accuracy: 500,
    });
    expect(checkInPlacement(unmapped, nearBellasArtes)).toEqual({ kind: 'unmapped' });
    expect(checkInPlacement(bellasArtes, { status: 'locating' })).toEqual({ kind: 'unknown' });
  });

  it('gives a visit its uuid, day and position at the check-in', () => {
    const now = new Date('2026-11-27T01:30:00.000Z');
    const visit = newVisit({
      campaignId: 1,
      pointOfSaleId: 12,
      unavailable: false,
      position: nearBellasArtes,
      now,
    });
    expect(visit.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(visit).toMatchObject({
      day: '2026-11-26',
      state: 'draft',
      startDate: now.toISOString(),
      endDate: null,
      checkInLatitude: 19.4362,
      checkInAccuracy: 10,
    });
    const unavailable = newVisit({
      campaignId: 1,
      pointOfSaleId: 12,
      unavailable: true,
      position: { status: 'unavailable', reason: 'denied' },
      now,
    });
    // Finished at once, no position: it goes to the outbox.
    expect(unavailable).toMatchObject({
      state: 'pending',
      unavailable: true,
      endDate: now.toISOString(),
      checkInLatitude: null,
    });
    expect(unavailable.uuid).not.toBe(visit.uuid);
  });
});

function renderCheckIn(position: PositionState, visits = new Map()) {
  const place = todayPlaces(data, visits, null).find((p) => p.pointOfSale.id === 12)!;
  const onCheckIn = vi.fn(() => Promise.resolve());
  render(
    <I18nProvider locale="es-MX">
      <CheckInScreen
        pointOfSale={place.pointOfSale}
        campaigns={place.campaigns}
        position={position}
        onCheckIn={onCheckIn}
        listHref="/campo"
      />
    </I18nProvider>,
  );
  return onCheckIn;
}

describe('CheckInScreen', () => {
  it('checks in at the chosen campaign', async () => {
    const user = userEvent.setup();
    const onCheckIn = renderCheckIn(nearBellasArtes);
    expect(screen.getByRole('heading', { level: 1, name: 'Abarrotes Bellas Artes' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Estás a 110 m del punto de venta.');
    const campaigns = screen.getByRole('radiogroup', { name: 'Campaña' });
    expect(within(campaigns).getByRole('radio', { name: 'Auditoría de temporada' })).toBeChecked();
    await user.click(within(campaigns).getByRole('radio', { name: 'Degustación de néctares' }));
    await user.click(screen.getByRole('button', { name: 'Registrar llegada' }));
    expect(onCheckIn).toHaveBeenCalledWith(2, false);
    expect(screen.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute(
      'href',
      '/campo',
    );
  });

  it('warns, without blocking, when the promoter is over 200 m away', async () => {
    const user = userEvent.setup();
    const onCheckIn = renderCheckIn(at(ZOCALO.latitude, ZOCALO.longitude));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Estás a 890 m del punto de venta, a más de 200 m. Revisa que sea el lugar correcto',
    );
    await user.click(screen.getByRole('button', { name: 'Registrar llegada' }));
    expect(onCheckIn).toHaveBeenCalledWith(1, false);
  });

  it("records 'No disponible' after a confirmation", async () => {
    const user = userEvent.setup();
    const onCheckIn = renderCheckIn({ status: 'unavailable', reason: 'denied' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sin ubicación: la llegada se registrará sin coordenadas.',
    );
    await user.click(screen.getByRole('button', { name: 'No disponible' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Punto de venta no disponible' });
    expect(dialog).toHaveTextContent('La visita se enviará sin cuestionarios.');
    expect(onCheckIn).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar no disponible' }));
    expect(onCheckIn).toHaveBeenCalledWith(1, true);
  });

  it('offers only the campaigns not visited yet today', () => {
    const visits = new Map([
      ['1:12', visitFixture()],
      ['2:12', visitFixture({ uuid: 'u-2', campaignId: 2 })],
    ]);
    renderCheckIn(nearBellasArtes, visits);
    expect(
      screen.getByText('Ya registraste hoy las visitas de este punto de venta.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Registrar llegada' })).toBeNull();
  });

  it('leads back to a visit under way', () => {
    const uuid = '0d7e3c1a-2b4f-4c5d-8e6f-7a8b9c0d1e2f';
    renderCheckIn(nearBellasArtes, new Map([['1:12', visitFixture({ uuid, state: 'draft' })]]));
    expect(
      screen.getByRole('link', { name: 'Continuar la visita de Auditoría de temporada' }),
    ).toHaveAttribute('href', `/campo/visita/${uuid}`);
    // The other campaign can still be checked in.
    expect(screen.getByRole('button', { name: 'Registrar llegada' })).toBeEnabled();
  });
});
