import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { subcategorySchema } from './subcategory-schema';

const valid = { categoryId: 3, name: 'Refrescos', description: '', isActive: true };

describe('subcategorySchema (spec 2 §5 "Subcategory")', () => {
  it('accepts a subcategory with its category', () => {
    expect(subcategorySchema.parse(valid)).toEqual(valid);
  });

  it.each([null, 0])('requires a category (value %s)', (categoryId) => {
    expect(firstMessages(subcategorySchema.safeParse({ ...valid, categoryId }))).toEqual({
      categoryId: 'La categoría es obligatoria',
    });
  });
});
