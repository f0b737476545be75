import type { CheckInMap, CheckInMapCluster, CheckInMapVisit } from '@anaquel/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { okEnvelope } from '../../../test/api-stub';
import { mockApi, screenMeta } from '../../../stories/decorators';
import CheckInsMapPage from './checkins-map-page';

// The visits map (issue #24, docs/geo.md "Map") in its states, on the built-in base (the app's
// public/map/mexico-states.json, served by Storybook's static folder): loading, empty, many
// visits in clusters, and out-of-range visits with their lines. The canvas needs WebGL: where
// the browser has none, the stories still render and only the canvas's own check is skipped.

const EMPTY: CheckInMap = {
  mode: 'points',
  cellDegrees: 1.40625,
  inView: 0,
  outsideView: 0,
  withoutPosition: 0,
  visits: [],
  clusters: [],
};

/** 140 clusters over Mexico's populated band, each with its counts per state. */
const clusters: CheckInMapCluster[] = Array.from({ length: 140 }, (_, i) => {
  const count = 20 + ((i * 7919) % 2400);
  const outOfRange = Math.round(count * (((i * 13) % 40) / 100));
  const unknown = Math.round(count * (((i * 7) % 10) / 100));
  return {
    latitude: 16.5 + ((i * 37) % 130) / 10,
    longitude: -110 + ((i * 53) % 220) / 10,
    count,
    inRange: count - outOfRange - unknown,
    outOfRange,
    unknown,
  };
});

const visit = (id: number, extra: Partial<CheckInMapVisit>): CheckInMapVisit => ({
  id,
  latitude: 19.4326,
  longitude: -99.1332,
  user: 'María Fernanda López',
  pointOfSaleId: id,
  pointOfSale: `Abarrotes El Sol ${id}`,
  pointOfSaleLatitude: 19.4326,
  pointOfSaleLongitude: -99.1332,
  startDate: '2026-11-20T17:00:00.000Z',
  unavailable: false,
  distance: 35,
  geoStatus: 'inRange',
  ...extra,
});

const outOfRange: CheckInMap = {
  ...EMPTY,
  inView: 3,
  visits: [
    visit(1, { latitude: 19.45, longitude: -99.1, distance: 4180, geoStatus: 'outOfRange' }),
    visit(2, {
      latitude: 19.41,
      longitude: -99.17,
      pointOfSaleLatitude: 19.42,
      pointOfSaleLongitude: -99.2,
      distance: 3350,
      geoStatus: 'outOfRange',
    }),
    visit(3, {
      latitude: 19.4,
      longitude: -99.13,
      pointOfSaleLatitude: null,
      pointOfSaleLongitude: null,
      distance: null,
      geoStatus: 'noPointOfSaleCoordinates',
    }),
  ],
};

/** The points of sale of the window: their own request, asked once while the map pans. */
const places = {
  pointsOfSale: [
    { id: 1, name: 'Abarrotes El Sol 1', latitude: 19.4326, longitude: -99.1332 },
    { id: 2, name: 'Abarrotes El Sol 2', latitude: 19.42, longitude: -99.2 },
  ],
  total: 2,
};

const meta = {
  title: 'Pantallas/Visitas/Mapa',
  component: CheckInsMapPage,
  ...screenMeta(
    {
      path: '/checkins/mapa?startDate=2026-11-19&endDate=2026-11-20',
      pattern: '/checkins/mapa',
      permissions: ['VIEW_CHECKINS'],
      layout: 'shell',
    },
    {
      'GET /checkins/map/settings': okEnvelope({ styleUrl: null }),
      'GET /checkins/map/pointsofsale': okEnvelope({ pointsOfSale: [], total: 0 }),
    },
  ),
} satisfies Meta<typeof CheckInsMapPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const hasWebGl = () => document.createElement('canvas').getContext('webgl2') !== null;

/** The status line says `text`, and the map's canvas is drawn where the browser has WebGL. */
async function expectMap(canvasElement: HTMLElement, text: string | RegExp) {
  const page = within(canvasElement);
  await waitFor(() => expect(page.getByRole('status')).toHaveTextContent(text), {
    timeout: 15_000,
  });
  const region = page.getByRole('region', { name: 'Mapa de visitas' });
  if (hasWebGl()) {
    await waitFor(() => expect(region.querySelector('canvas')).not.toBeNull(), {
      timeout: 15_000,
    });
  }
}

export const Loading: Story = {
  name: 'Cargando',
  beforeEach: mockApi({ 'GET /checkins/map': () => new Promise<never>(() => undefined) }),
  play: async ({ canvasElement }) => expectMap(canvasElement, 'Cargando visitas…'),
};

export const Empty: Story = {
  name: 'Sin visitas',
  beforeEach: mockApi({ 'GET /checkins/map': okEnvelope(EMPTY) }),
  play: async ({ canvasElement }) => expectMap(canvasElement, 'No hay visitas en estas fechas.'),
};

export const ManyVisits: Story = {
  name: 'Muchas visitas (agrupadas)',
  beforeEach: mockApi({
    'GET /checkins/map': okEnvelope({
      ...EMPTY,
      mode: 'clusters',
      inView: clusters.reduce((sum, c) => sum + c.count, 0),
      withoutPosition: 37,
      clusters,
    }),
  }),
  play: async ({ canvasElement }) =>
    expectMap(
      canvasElement,
      /visitas en el área visible, agrupadas por zona; 37 visitas sin ubicación/,
    ),
};

export const OutOfRangeLines: Story = {
  name: 'Fuera de rango, con su línea',
  beforeEach: mockApi({
    'GET /checkins/map': okEnvelope(outOfRange),
    'GET /checkins/map/pointsofsale': okEnvelope(places),
  }),
  play: async ({ canvasElement }) => {
    await expectMap(canvasElement, '3 visitas en el área visible.');
    const legend = within(canvasElement).getByRole('list', { name: 'Leyenda del mapa' });
    await expect(
      within(legend).getByText('Visita fuera de rango y su punto de venta'),
    ).toBeVisible();
  },
};
