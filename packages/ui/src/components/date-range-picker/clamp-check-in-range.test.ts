import { describe, expect, it } from 'vitest';
import { clampCheckInRange } from './clamp-check-in-range';

describe('clampCheckInRange (spec 1 §4)', () => {
  it('keeps a range of up to 7 days as it is', () => {
    const range = { start: '2026-03-01', end: '2026-03-08' };
    expect(clampCheckInRange(range)).toBe(range);
    expect(clampCheckInRange({ start: '2026-03-01', end: '2026-03-01' })).toEqual({
      start: '2026-03-01',
      end: '2026-03-01',
    });
  });

  it('cuts a longer range to 7 days from the start', () => {
    expect(clampCheckInRange({ start: '2026-03-01', end: '2026-03-09' })).toEqual({
      start: '2026-03-01',
      end: '2026-03-08',
    });
    expect(clampCheckInRange({ start: '2026-01-10', end: '2026-06-30' })).toEqual({
      start: '2026-01-10',
      end: '2026-01-17',
    });
  });

  it('crosses month, year and leap-day boundaries correctly', () => {
    expect(clampCheckInRange({ start: '2025-12-28', end: '2026-02-01' })).toEqual({
      start: '2025-12-28',
      end: '2026-01-04',
    });
    expect(clampCheckInRange({ start: '2028-02-25', end: '2028-03-31' })).toEqual({
      start: '2028-02-25',
      end: '2028-03-03',
    });
  });

  it('makes both dates equal the end when the end is before the start', () => {
    expect(clampCheckInRange({ start: '2026-03-10', end: '2026-03-02' })).toEqual({
      start: '2026-03-02',
      end: '2026-03-02',
    });
  });

  it('honours a custom maximum', () => {
    expect(clampCheckInRange({ start: '2026-03-01', end: '2026-03-05' }, 2)).toEqual({
      start: '2026-03-01',
      end: '2026-03-03',
    });
  });

  it('leaves incomplete or invalid ranges untouched', () => {
    expect(clampCheckInRange({ start: null, end: '2026-03-05' })).toEqual({
      start: null,
      end: '2026-03-05',
    });
    expect(clampCheckInRange({ start: '2026-03-01', end: null })).toEqual({
      start: '2026-03-01',
      end: null,
    });
    expect(clampCheckInRange({ start: '2026-02-30', end: '2026-04-01' })).toEqual({
      start: '2026-02-30',
      end: '2026-04-01',
    });
  });
});
