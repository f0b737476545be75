import { CalendarDate, CalendarDateTime } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { toCalendarDate, toIsoDate } from './iso-date';

describe('ISO date conversion', () => {
  it('reads ISO calendar dates and timestamps', () => {
    expect(toCalendarDate('2026-03-09')?.toString()).toBe('2026-03-09');
    expect(toCalendarDate('2026-03-09T18:30:00.000Z')?.toString()).toBe('2026-03-09');
  });

  it('returns null for missing or invalid dates', () => {
    expect(toCalendarDate(null)).toBeNull();
    expect(toCalendarDate('')).toBeNull();
    expect(toCalendarDate('09/03/2026')).toBeNull();
    expect(toCalendarDate('2026-13-40')).toBeNull();
  });

  it('writes ISO calendar dates', () => {
    expect(toIsoDate(new CalendarDate(2026, 3, 9))).toBe('2026-03-09');
    expect(toIsoDate(new CalendarDateTime(987, 12, 31, 10, 0))).toBe('0987-12-31');
    expect(toIsoDate(null)).toBeNull();
  });
});
