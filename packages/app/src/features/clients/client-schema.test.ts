import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { clientSchema } from './client-schema';

const valid = {
  code: 'CLI-001',
  commercialName: 'Abarrotes La Esperanza',
  legalName: '',
  taxId: 'AES010203AB1',
  isActive: true,
};

const messages = (values: Partial<typeof valid>) =>
  firstMessages(clientSchema.safeParse({ ...valid, ...values }));

describe('clientSchema (spec 2 §5 "Client")', () => {
  it('accepts a client with an empty legal name', () => {
    expect(messages({})).toEqual({});
  });

  it('requires code, commercial name and RFC', () => {
    expect(messages({ code: '  ', commercialName: '', taxId: '' })).toEqual({
      code: 'El código es obligatorio',
      commercialName: 'El nombre comercial es obligatorio',
      taxId: 'El RFC es obligatorio',
    });
  });

  it('limits code to 50, names to 100 and the RFC to 13 characters', () => {
    expect(
      messages({
        code: 'C'.repeat(51),
        commercialName: 'N'.repeat(101),
        legalName: 'R'.repeat(101),
        taxId: 'X'.repeat(14),
      }),
    ).toEqual({
      code: 'El código no puede exceder 50 caracteres',
      commercialName: 'El nombre comercial no puede exceder 100 caracteres',
      legalName: 'La razón social no puede exceder 100 caracteres',
      taxId: 'El RFC no puede exceder 13 caracteres',
    });
    expect(
      messages({ code: 'C'.repeat(50), commercialName: 'N'.repeat(100), taxId: 'X'.repeat(13) }),
    ).toEqual({});
  });
});
