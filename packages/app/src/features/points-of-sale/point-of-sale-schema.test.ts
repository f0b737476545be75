import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { pointOfSaleSchema, type PointOfSaleValues } from './point-of-sale-schema';

const valid: PointOfSaleValues = {
  code: 'PV-0001',
  name: 'Súper Centro Coyoacán',
  zipCode: '06045',
  stateId: 9,
  municipality: 'Cuauhtémoc',
  settlement: 'Centro',
  city: '',
  street: 'Av. Juárez',
  externalNumber: '123',
  internalNumber: '',
  latitude: '',
  longitude: '',
  isActive: true,
};

const messages = (values: Partial<PointOfSaleValues>) =>
  firstMessages(pointOfSaleSchema.safeParse({ ...valid, ...values }));

describe('pointOfSaleSchema (spec 2 §5 "Point of sale")', () => {
  it('accepts a point of sale without city, internal number or coordinates', () => {
    expect(messages({})).toEqual({});
    const output = pointOfSaleSchema.parse(valid);
    expect(output).toMatchObject({ stateId: 9, latitude: null, longitude: null });
  });

  it('requires code, name, zip code, state, municipality, settlement, street and number', () => {
    expect(
      messages({
        code: '',
        name: ' ',
        zipCode: '',
        stateId: null,
        municipality: '',
        settlement: '',
        street: '',
        externalNumber: '  ',
      }),
    ).toEqual({
      code: 'El código es obligatorio',
      name: 'El nombre es obligatorio',
      zipCode: 'El código postal debe tener 5 dígitos',
      stateId: 'El estado es obligatorio',
      municipality: 'El municipio es obligatorio',
      settlement: 'El asentamiento es obligatorio',
      street: 'La calle es obligatoria',
      externalNumber: 'El número exterior es obligatorio',
    });
  });

  it('asks for at least 3 characters in code and name', () => {
    expect(messages({ code: 'PV', name: 'Ab' })).toEqual({
      code: 'El código debe tener al menos 3 caracteres',
      name: 'El nombre debe tener al menos 3 caracteres',
    });
    expect(messages({ code: 'PV1', name: 'Abc' })).toEqual({});
  });

  it('wants exactly 5 digits in the zip code', () => {
    for (const zipCode of ['0604', '060451', '06O45', 'abcde']) {
      expect(messages({ zipCode })).toEqual({ zipCode: 'El código postal debe tener 5 dígitos' });
    }
  });

  it('refuses state 0', () => {
    expect(messages({ stateId: 0 })).toEqual({ stateId: 'El estado es obligatorio' });
  });

  it('takes decimal coordinates or nothing, within their ranges', () => {
    const output = pointOfSaleSchema.parse({
      ...valid,
      latitude: ' 19.3467 ',
      longitude: '-99.1617',
    });
    expect(output).toMatchObject({ latitude: 19.3467, longitude: -99.1617 });
    expect(messages({ latitude: 'abc', longitude: '12,5' })).toEqual({
      latitude: 'La latitud debe ser un número válido',
      longitude: 'La longitud debe ser un número válido',
    });
    expect(messages({ latitude: '90.5', longitude: '-180.01' })).toEqual({
      latitude: 'La latitud debe ser un número válido',
      longitude: 'La longitud debe ser un número válido',
    });
    expect(messages({ latitude: '-90', longitude: '180' })).toEqual({});
  });
});
