import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { campaignSchema, todayIso } from './campaign-schema';

const valid = {
  name: 'Regreso a clases',
  description: '',
  startDate: '2026-07-01' as string | null,
  endDate: null as string | null,
  clientIds: [8],
  isActive: true,
};

const messages = (values: Partial<typeof valid>) =>
  firstMessages(campaignSchema.safeParse({ ...valid, ...values }));

describe('campaignSchema (spec 2 §5 "Campaign")', () => {
  it('accepts an open-ended campaign, one ending on its first day and one ending later', () => {
    expect(messages({})).toEqual({});
    expect(messages({ endDate: '2026-07-01' })).toEqual({});
    expect(messages({ endDate: '2026-08-31' })).toEqual({});
  });

  it("refuses an end before the start: 'La fecha de fin debe ser posterior a la fecha de inicio'", () => {
    expect(messages({ endDate: '2026-06-30' })).toEqual({
      endDate: 'La fecha de fin debe ser posterior a la fecha de inicio',
    });
  });

  it('reports the date rule even while another field is invalid', () => {
    expect(messages({ name: '', endDate: '2026-06-30' })).toEqual({
      name: 'El nombre es obligatorio',
      endDate: 'La fecha de fin debe ser posterior a la fecha de inicio',
    });
  });

  it('requires a start date and at least one client', () => {
    expect(messages({ startDate: null, clientIds: [] })).toEqual({
      startDate: 'La fecha de inicio es obligatoria',
      clientIds: 'Debe seleccionar al menos un cliente',
    });
  });

  it("defaults the start to today's date in the user's time zone", () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
