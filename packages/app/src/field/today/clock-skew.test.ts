import { describe, expect, it } from 'vitest';
import { syncDataFixture } from '../testing';
import { clockSkew, clockSkewWarning } from './clock-skew';

const work = (takenAt: string) => ({ data: syncDataFixture(), takenAt });

describe('clockSkewWarning', () => {
  it('says nothing within 5 minutes of the server (the network takes seconds)', () => {
    expect(clockSkew(work('2026-11-26T18:04:30.000Z'))).toBe(270_000);
    expect(clockSkewWarning(work('2026-11-26T18:04:30.000Z'))).toBeNull();
    expect(clockSkewWarning(work('2026-11-26T17:55:00.000Z'))).toBeNull();
    expect(clockSkewWarning(null)).toBeNull();
  });

  it('warns a phone ahead or behind the server, in minutes, hours or days', () => {
    expect(clockSkewWarning(work('2026-11-26T18:12:00.000Z'))).toMatch(
      /^La hora de este teléfono va 12 min adelantada\. Corrige la fecha y la hora/,
    );
    expect(clockSkewWarning(work('2026-11-26T15:00:00.000Z'))).toMatch(/va 3 h atrasada/);
    expect(clockSkewWarning(work('2026-11-29T18:00:00.000Z'))).toMatch(/va 3 días adelantada/);
  });
});
