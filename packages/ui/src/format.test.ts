import { describe, expect, it } from 'vitest';
import {
  NO_DATE,
  formatDate,
  formatDateTime,
  formatDecimal2,
  formatDurationMinutes,
  formatPoints,
  toDate,
} from './format';

const MX = 'America/Mexico_City';

describe('formatPoints', () => {
  it('uses es-MX grouping and at most 2 decimals', () => {
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(10)).toBe('10');
    expect(formatPoints(1234.5)).toBe('1,234.5');
    expect(formatPoints(12.345)).toBe('12.35');
    expect(formatPoints(0.005)).toBe('0.01');
    expect(formatPoints(-3.1)).toBe('-3.1');
  });

  it('is empty for a missing value', () => {
    expect(formatPoints(null)).toBe('');
    expect(formatPoints(undefined)).toBe('');
    expect(formatPoints(Number.NaN)).toBe('');
  });
});

describe('formatDecimal2', () => {
  it('always shows two decimals', () => {
    expect(formatDecimal2(3)).toBe('3.00');
    expect(formatDecimal2(1234.567)).toBe('1,234.57');
    expect(formatDecimal2(0.1)).toBe('0.10');
    expect(formatDecimal2(null)).toBe('');
  });
});

describe('formatDate', () => {
  it('shows dd/mm/aaaa', () => {
    expect(formatDate('2026-03-07T18:30:00Z', MX)).toBe('07/03/2026');
    expect(formatDate(new Date(2026, 0, 31))).toBe('31/01/2026');
  });

  it('keeps a bare calendar day on that day whatever the time zone', () => {
    expect(formatDate('2026-11-01')).toBe('01/11/2026');
  });

  it("shows 'Sin fecha' for empty or invalid values", () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate(undefined)).toBe(NO_DATE);
    expect(formatDate('')).toBe('Sin fecha');
    expect(formatDate('no es fecha')).toBe('Sin fecha');
    expect(formatDate('2026-02-30')).toBe('Sin fecha');
  });
});

describe('formatDateTime', () => {
  it('shows dd/mm/aaaa, HH:mm in 24-hour time', () => {
    expect(formatDateTime('2026-03-07T18:30:00Z', MX)).toBe('07/03/2026, 12:30');
    expect(formatDateTime('2026-03-07T03:05:00Z', MX)).toBe('06/03/2026, 21:05');
  });

  it("shows 'Sin fecha' when empty", () => {
    expect(formatDateTime(null)).toBe('Sin fecha');
  });
});

describe('formatDurationMinutes', () => {
  const start = '2026-03-07T10:00:00Z';

  it('uses the singular for one minute', () => {
    expect(formatDurationMinutes(start, '2026-03-07T10:01:00Z')).toBe('1 minuto');
  });

  it('uses the plural otherwise and drops partial minutes', () => {
    expect(formatDurationMinutes(start, '2026-03-07T10:45:59Z')).toBe('45 minutos');
    expect(formatDurationMinutes(start, '2026-03-07T10:00:30Z')).toBe('0 minutos');
    expect(formatDurationMinutes(start, '2026-03-08T10:50:00Z')).toBe('1,490 minutos');
  });

  it('does not depend on the order of the moments', () => {
    expect(formatDurationMinutes('2026-03-07T10:02:00Z', start)).toBe('2 minutos');
  });

  it('is empty when a moment is missing', () => {
    expect(formatDurationMinutes(start, null)).toBe('');
    expect(formatDurationMinutes(undefined, start)).toBe('');
  });
});

describe('toDate', () => {
  it('accepts dates, timestamps and strings', () => {
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
});
