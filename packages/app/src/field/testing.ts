// A small download for the field app's tests: two campaigns around Mexico City's centre.
import type { SyncData, SyncPointOfSale } from '@anaquel/api';
import { emptyCapture, type StoredVisit } from './store/db';

/** Where the tests' promoter stands: the Zócalo. */
export const ZOCALO = { latitude: 19.432608, longitude: -99.133209 };

function place(
  id: number,
  code: string,
  name: string,
  latitude: number | null,
  longitude: number | null,
): SyncPointOfSale {
  return {
    id,
    code,
    name,
    stateId: 9,
    stateName: 'Ciudad de México',
    zipCode: '06000',
    municipality: 'Cuauhtémoc',
    settlement: 'Centro',
    street: 'Av. Juárez',
    externalNumber: String(id * 10),
    internalNumber: null,
    city: 'Ciudad de México',
    latitude,
    longitude,
    productIds: [],
  };
}

/** Bellas Artes (~1 km), Ángel de la Independencia (~3.6 km), one without coordinates. */
export function syncDataFixture(): SyncData {
  return {
    promoter: { id: 7, name: 'María Fernanda López Hernández', isActive: true },
    serverTime: '2026-11-26T18:00:00.000Z',
    campaigns: [
      {
        id: 1,
        name: 'Auditoría de temporada',
        description: null,
        startDate: '2026-10-01',
        endDate: null,
        pointOfSaleIds: [11, 12, 13],
        productIds: [],
        surveyIds: [],
      },
      {
        id: 2,
        name: 'Degustación de néctares',
        description: null,
        startDate: '2026-11-01',
        endDate: '2026-12-31',
        pointOfSaleIds: [12],
        productIds: [],
        surveyIds: [],
      },
    ],
    pointsOfSale: [
      place(11, 'PV-0011', 'Súper Ángel Reforma', 19.427, -99.1677),
      place(12, 'PV-0012', 'Abarrotes Bellas Artes', 19.4352, -99.1412),
      place(13, 'PV-0013', 'Tienda Sin Mapa', null, null),
    ],
    products: [],
    surveys: [],
  };
}

/** A visit of the fixture's campaign 1 at point of sale 12, sent to the outbox on the 26th. */
export function visitFixture(overrides: Partial<StoredVisit> = {}): StoredVisit {
  return {
    uuid: '5b1f1d1e-8a61-4c0e-9a43-0f6c2b7d9e21',
    campaignId: 1,
    pointOfSaleId: 12,
    day: '2026-11-26',
    state: 'pending',
    unavailable: false,
    startDate: '2026-11-26T17:00:00.000Z',
    endDate: '2026-11-26T17:40:00.000Z',
    checkInLatitude: 19.4352,
    checkInLongitude: -99.1412,
    checkInAccuracy: 12,
    ...emptyCapture(),
    ...overrides,
  };
}
