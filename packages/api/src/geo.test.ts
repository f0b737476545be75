import { describe, expect, it } from 'vitest';
import { distanceMeters } from './geo';
import { distanceMeters as fromRules } from './rules';

// Expected figures computed apart from this code, with the spherical law of cosines on the same
// radius (6 371 008.8 m), which agrees with the haversine to well under a metre at these ranges.
const ZOCALO = { latitude: 19.432608, longitude: -99.133209 };
const ANGEL = { latitude: 19.427025, longitude: -99.167665 };
const GUADALAJARA = { latitude: 20.676667, longitude: -103.3475 };
const MONTERREY = { latitude: 25.6714, longitude: -100.309 };
const TIJUANA = { latitude: 32.5149, longitude: -117.0382 };

describe('distanceMeters', () => {
  it('is 0 between a position and itself', () => {
    expect(distanceMeters(ZOCALO, ZOCALO)).toBe(0);
  });

  it('measures known distances in Mexico', () => {
    expect(distanceMeters(ZOCALO, ANGEL)).toBeCloseTo(3666.1, 0);
    expect(distanceMeters(ZOCALO, GUADALAJARA)).toBeCloseTo(461_396.4, 0);
    expect(distanceMeters(MONTERREY, TIJUANA)).toBeCloseTo(1_791_867.8, 0);
  });

  it('is symmetric', () => {
    expect(distanceMeters(ANGEL, ZOCALO)).toBeCloseTo(distanceMeters(ZOCALO, ANGEL), 6);
  });

  it('gives about 111.2 km per degree of latitude', () => {
    const degree = distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 });
    expect(degree).toBeCloseTo(111_195, 0);
  });

  it('a geofence-sized step of 0.0018 degrees of latitude is about 200 m', () => {
    const north = { latitude: ZOCALO.latitude + 0.0018, longitude: ZOCALO.longitude };
    expect(distanceMeters(ZOCALO, north)).toBeCloseTo(200.2, 0);
  });

  it('is the one the contract rules export (server and field app share it)', () => {
    expect(fromRules).toBe(distanceMeters);
  });
});
