import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { regionSchema } from './region-schema';

const valid = { name: 'Bajío', description: '', stateIds: [11, 22], isActive: true };

const messages = (values: Partial<typeof valid>) =>
  firstMessages(regionSchema.safeParse({ ...valid, ...values }));

describe('regionSchema (spec 2 §5 "Region" and "Common")', () => {
  it('accepts a region with states', () => {
    expect(messages({})).toEqual({});
  });

  it("requires at least one state: 'Debe seleccionar al menos un estado'", () => {
    expect(messages({ stateIds: [] })).toEqual({
      stateIds: 'Debe seleccionar al menos un estado',
    });
  });

  it('gives the common name messages: required first, then the minimum of 3', () => {
    expect(messages({ name: '   ' })).toEqual({ name: 'El nombre es obligatorio' });
    expect(messages({ name: ' ab ' })).toEqual({
      name: 'El nombre debe tener al menos 3 caracteres',
    });
    expect(messages({ name: 'abc' })).toEqual({});
  });

  it('limits the description to 255 characters', () => {
    expect(messages({ description: 'd'.repeat(255) })).toEqual({});
    expect(messages({ description: 'd'.repeat(256) })).toEqual({
      description: 'La descripción no puede exceder 255 caracteres',
    });
  });
});
