import { describe, expect, it } from 'vitest';
import type { StoredVisit } from '../store/db';
import { visitKey } from '../store/visits';
import { syncDataFixture, visitFixture, ZOCALO } from '../testing';
import { dataAge } from './age';
import { distanceMeters, formatDistance } from './distance';
import { isVisited, searchPlaces, sortPlaces, todayPlaces } from './today-list';

const names = (places: { pointOfSale: { name: string } }[]) =>
  places.map((p) => p.pointOfSale.name);

describe('distance', () => {
  it('measures great-circle distances (haversine)', () => {
    expect(distanceMeters(ZOCALO, ZOCALO)).toBe(0);
    // Mexico City to Guadalajara: about 460 km in a straight line.
    const guadalajara = { latitude: 20.6767, longitude: -103.3475 };
    expect(distanceMeters(ZOCALO, guadalajara) / 1000).toBeCloseTo(461, -1);
    // One degree of latitude: about 111.2 km anywhere.
    expect(
      distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }),
    ).toBeCloseTo(111_195, -1);
  });

  it('reads as metres under a kilometre and as kilometres beyond (es-MX)', () => {
    expect(formatDistance(4)).toBe('0 m');
    expect(formatDistance(346)).toBe('350 m');
    expect(formatDistance(1_250)).toBe('1.3 km');
    expect(formatDistance(15_400)).toBe('15 km');
  });
});

describe("today's list", () => {
  it('lists each point of sale once with the campaigns that include it', () => {
    const places = todayPlaces(syncDataFixture(), new Map(), null);
    expect(names(places)).toEqual([
      'Súper Ángel Reforma',
      'Abarrotes Bellas Artes',
      'Tienda Sin Mapa',
    ]);
    expect(places[1]!.campaigns.map((c) => c.name)).toEqual([
      'Auditoría de temporada',
      'Degustación de néctares',
    ]);
    expect(places.every((p) => p.distance === null)).toBe(true);
  });

  it('sorts by distance from the promoter, places without coordinates last', () => {
    const places = sortPlaces(todayPlaces(syncDataFixture(), new Map(), ZOCALO));
    expect(names(places)).toEqual([
      'Abarrotes Bellas Artes',
      'Súper Ángel Reforma',
      'Tienda Sin Mapa',
    ]);
    expect(places[0]!.distance).toBeGreaterThan(800);
    expect(places[0]!.distance).toBeLessThan(1_000);
    expect(places[2]!.distance).toBeNull();
  });

  it('sorts by name without a position', () => {
    const places = sortPlaces(todayPlaces(syncDataFixture(), new Map(), null));
    expect(names(places)).toEqual([
      'Abarrotes Bellas Artes',
      'Súper Ángel Reforma',
      'Tienda Sin Mapa',
    ]);
  });

  it('searches by name or code, any case and accents, every word', () => {
    const places = todayPlaces(syncDataFixture(), new Map(), null);
    expect(names(searchPlaces(places, 'angel'))).toEqual(['Súper Ángel Reforma']);
    expect(names(searchPlaces(places, 'pv-0013'))).toEqual(['Tienda Sin Mapa']);
    expect(names(searchPlaces(places, 'ABARROTES artes'))).toEqual(['Abarrotes Bellas Artes']);
    expect(searchPlaces(places, 'abarrotes reforma')).toEqual([]);
    expect(searchPlaces(places, '  ')).toHaveLength(3);
  });

  it("marks a point of sale visited by this device's visits of today, not a started one", () => {
    const visit = (state: StoredVisit['state']) =>
      visitFixture({ uuid: `u-${state}`, campaignId: 2, pointOfSaleId: 12, state });
    const withVisit = (state: StoredVisit['state']) =>
      todayPlaces(syncDataFixture(), new Map([[visitKey(2, 12), visit(state)]]), null);
    const [, sent] = withVisit('sent');
    expect(isVisited(sent!)).toBe(true);
    expect(sent!.campaigns.map((c) => c.visit?.state ?? null)).toEqual([null, 'sent']);
    expect(isVisited(withVisit('draft')[1]!)).toBe(false);
    expect(isVisited(withVisit('pending')[0]!)).toBe(false);
  });
});

describe("the data's age", () => {
  const takenAt = '2026-11-26T18:00:00.000Z';
  const after = (seconds: number) => new Date(Date.parse(takenAt) + seconds * 1000);

  it('says how old the download is, in Spanish', () => {
    expect(dataAge(takenAt, after(20))).toBe('Datos de hace un momento');
    expect(dataAge(takenAt, after(5 * 60 + 10))).toBe('Datos de hace 5 min');
    expect(dataAge(takenAt, after(3 * 3600))).toBe('Datos de hace 3 h');
    expect(dataAge(takenAt, after(2 * 86_400))).toBe('Datos de hace 2 días');
    // A clock set back is not a negative age.
    expect(dataAge(takenAt, after(-600))).toBe('Datos de hace un momento');
  });
});
