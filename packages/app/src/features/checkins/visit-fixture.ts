import type { CheckIn } from '@anaquel/api';

/** A visit of the list as the server answers it, for the screens' tests. */
export const visitRow = (id: number, extra: Partial<CheckIn> = {}): CheckIn => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  userId: 7,
  user: 'Ana Promotora',
  pointOfSaleId: 3,
  pointOfSale: `Abarrotes ${id}`,
  campaignId: 1,
  campaign: 'Verano',
  unavailable: false,
  startDate: '2026-11-22T16:00:00.000Z',
  endDate: '2026-11-22T16:30:00.000Z',
  syncedAt: '2026-11-22T17:00:00.000Z',
  photoUrls: [],
  checkInLatitude: 19.43,
  checkInLongitude: -99.13,
  checkOutLatitude: null,
  checkOutLongitude: null,
  checkInDistance: 12,
  checkOutDistance: null,
  geoStatus: 'inRange',
  ...extra,
});
