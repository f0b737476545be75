import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { profileSchema } from './profile-schema';

const valid = { name: 'Supervisor', description: '', permissionIds: [1], isActive: true };

const messages = (values: Partial<typeof valid>) =>
  firstMessages(profileSchema.safeParse({ ...valid, ...values }));

describe('profileSchema (spec 2 §5 "Profile")', () => {
  it('accepts a profile with one permission', () => {
    expect(messages({})).toEqual({});
  });

  it("requires a permission: 'Debe seleccionar al menos un permiso'", () => {
    expect(messages({ permissionIds: [] })).toEqual({
      permissionIds: 'Debe seleccionar al menos un permiso',
    });
  });

  it('limits the description to 255 characters', () => {
    expect(messages({ description: 'x'.repeat(256) })).toEqual({
      description: 'La descripción no puede exceder 255 caracteres',
    });
  });
});
