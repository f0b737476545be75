import type { CheckInMap, CheckInMapVisit } from '@anaquel/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { failureEnvelope, okEnvelope, stubApi } from '../../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../../components/resource/testing/render-screen';
import CheckInsMapPage, { mapSummary } from './checkins-map-page';
import { clusterState, outOfRangeLines, visitFeatures } from './map-data';
import type { VisitsMapProps } from './visits-map';

// The visits map's page (issue #24): the canvas needs WebGL, which jsdom lacks, so it is replaced
// by a stand-in that reports a box as the map does once loaded; the journey tests/e2e/map.spec.ts
// draws the real one in Chromium.
const BOX = { west: -118.5, south: 14.3, east: -86.5, north: 32.8, zoom: 4.6 };
vi.mock('./visits-map', () => ({
  default: function StandIn({ onBoxChange, styleUrl, pointsOfSale }: VisitsMapProps) {
    useEffect(() => onBoxChange(BOX), [onBoxChange]);
    return (
      <>
        <p>{`Base: ${styleUrl ?? 'integrada'}`}</p>
        <p>{`Puntos de venta dibujados: ${pointsOfSale?.length ?? 0}`}</p>
        <button type="button" onClick={() => onBoxChange({ ...BOX, west: -100, zoom: 6 })}>
          Mover
        </button>
      </>
    );
  },
}));

const visit = (id: number, extra: Partial<CheckInMapVisit> = {}): CheckInMapVisit => ({
  id,
  latitude: 19.44,
  longitude: -99.13,
  user: 'Ana Promotora',
  pointOfSaleId: 3,
  pointOfSale: 'Abarrotes Centro',
  pointOfSaleLatitude: 19.43,
  pointOfSaleLongitude: -99.13,
  startDate: '2026-11-20T17:00:00.000Z',
  unavailable: false,
  distance: 40,
  geoStatus: 'inRange',
  ...extra,
});

const answer = (extra: Partial<CheckInMap> = {}): CheckInMap => ({
  mode: 'points',
  cellDegrees: 0.1,
  inView: 2,
  outsideView: 0,
  withoutPosition: 0,
  visits: [visit(1), visit(2, { geoStatus: 'outOfRange', distance: 1100, latitude: 19.44 })],
  clusters: [],
  ...extra,
});

describe('the map data', () => {
  it('draws a line from each out-of-range visit to its point of sale only', () => {
    const lines = outOfRangeLines(answer());
    expect(lines.features).toHaveLength(1);
    expect(lines.features[0]!.geometry.coordinates).toEqual([
      [-99.13, 19.44],
      [-99.13, 19.43],
    ]);
    expect(
      outOfRangeLines(
        answer({
          visits: [
            visit(3, {
              geoStatus: 'outOfRange',
              pointOfSaleLatitude: null,
              pointOfSaleLongitude: null,
            }),
          ],
        }),
      ).features,
    ).toEqual([]);
  });

  it('colours a cluster by the state most of its visits are in', () => {
    const cluster = { latitude: 0, longitude: 0, count: 10 };
    expect(clusterState({ ...cluster, inRange: 6, outOfRange: 3, unknown: 1 })).toBe('inRange');
    expect(clusterState({ ...cluster, inRange: 4, outOfRange: 4, unknown: 2 })).toBe('outOfRange');
    expect(clusterState({ ...cluster, inRange: 1, outOfRange: 2, unknown: 7 })).toBe('unknown');
    const features = visitFeatures(
      answer({
        visits: [],
        clusters: [{ ...cluster, inRange: 10, outOfRange: 0, unknown: 0 }],
        mode: 'clusters',
      }),
    );
    expect(features.features[0]!.properties).toMatchObject({
      kind: 'cluster',
      state: 'inRange',
      count: 10,
    });
  });

  it('says in words what the map holds', () => {
    expect(mapSummary(answer(), false)).toBe('2 visitas en el área visible.');
    expect(
      mapSummary(
        answer({ mode: 'clusters', inView: 15230, outsideView: 1, withoutPosition: 12 }),
        false,
      ),
    ).toBe(
      '15,230 visitas en el área visible, agrupadas por zona; 1 visita fuera del área; 12 visitas sin ubicación (no aparecen en el mapa).',
    );
    expect(mapSummary(answer({ inView: 0, visits: [] }), true)).toBe(
      'No hay visitas fuera de rango en estas fechas.',
    );
  });
});

describe('/checkins/mapa', SCREEN_TEST_OPTIONS, () => {
  it("asks for the visible area with the list's filters and links to the list with them", async () => {
    signInWith(['VIEW_CHECKINS']);
    const api = stubApi({
      'GET /checkins/map/settings': okEnvelope({ styleUrl: null }),
      'GET /checkins/map': okEnvelope(answer()),
      'GET /checkins/map/pointsofsale': okEnvelope({ pointsOfSale: [], total: 0 }),
    });
    renderScreen(<CheckInsMapPage />, {
      path: '/checkins/mapa?startDate=2026-11-18&endDate=2026-11-20&outOfRange=1',
      pattern: '/checkins/mapa',
    });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('2 visitas en el área visible.'),
    );
    expect(screen.getByText('Base: integrada')).toBeInTheDocument();
    const query = api.requests.find((r) => r.path === '/checkins/map')!.query;
    expect(Object.fromEntries(query)).toEqual({
      startDate: '2026-11-18',
      endDate: '2026-11-20',
      outOfRange: 'true',
      west: '-118.5',
      south: '14.3',
      east: '-86.5',
      north: '32.8',
      zoom: '4.6',
    });
    expect(screen.getByRole('checkbox', { name: 'Solo fuera de rango' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Mapa de visitas' })).toHaveAccessibleDescription(
      /El mapa es otra vista de la lista/,
    );
    const list = '/checkins?startDate=2026-11-18&endDate=2026-11-20&outOfRange=1';
    expect(screen.getByRole('link', { name: 'Ver estas visitas en la lista' })).toHaveAttribute(
      'href',
      list,
    );
    const views = screen.getByRole('navigation', { name: 'Vistas de visitas' });
    expect(within(views).getByRole('link', { name: 'Lista' })).toHaveAttribute('href', list);
    expect(within(views).getByRole('link', { name: 'Mapa' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const legend = screen.getByRole('list', { name: 'Leyenda del mapa' });
    for (const label of ['En rango', 'Fuera de rango', 'Distancia no disponible'])
      expect(within(legend).getByText(label)).toBeInTheDocument();
  });

  it('passes MAP_STYLE_URL to the map and says when the visits cannot load', async () => {
    signInWith(['VIEW_CHECKINS']);
    stubApi({
      'GET /checkins/map/settings': okEnvelope({ styleUrl: 'https://tiles.example.mx/style.json' }),
      'GET /checkins/map': failureEnvelope(500, 'INTERNAL_ERROR', 'Error interno del servidor.'),
      'GET /checkins/map/pointsofsale': okEnvelope({ pointsOfSale: [], total: 0 }),
    });
    renderScreen(<CheckInsMapPage />, { path: '/checkins/mapa', pattern: '/checkins/mapa' });
    expect(
      await screen.findByText('Base: https://tiles.example.mx/style.json'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'No se pudieron cargar las visitas del mapa.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('asks the points of sale once per window of days, not again when the map moves', async () => {
    signInWith(['VIEW_CHECKINS']);
    const place = { id: 3, name: 'Abarrotes Centro', latitude: 19.43, longitude: -99.13 };
    const api = stubApi({
      'GET /checkins/map/settings': okEnvelope({ styleUrl: null }),
      'GET /checkins/map': okEnvelope(answer()),
      'GET /checkins/map/pointsofsale': okEnvelope({ pointsOfSale: [place], total: 10_400 }),
    });
    renderScreen(<CheckInsMapPage />, {
      path: '/checkins/mapa?startDate=2026-11-18&endDate=2026-11-20',
      pattern: '/checkins/mapa',
    });
    expect(await screen.findByText('Puntos de venta dibujados: 1')).toBeInTheDocument();
    expect(
      screen.getByText('Se muestran 1 de 10,400 puntos de venta de las campañas de estas fechas.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mover' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/checkins/map')).toHaveLength(2),
    );
    const places = api.requests.filter((r) => r.path === '/checkins/map/pointsofsale');
    expect(places).toHaveLength(1);
    expect(Object.fromEntries(places[0]!.query)).toEqual({
      startDate: '2026-11-18',
      endDate: '2026-11-20',
    });
  });
});
