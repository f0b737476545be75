import { describe, expect, it } from 'vitest';
import { multipartBodySerializer, toFormData } from './multipart';

describe('toFormData (spec 1 §7)', () => {
  it('sends arrays as name[index] parts, files as files, and leaves out empty values', () => {
    const image = new File(['x'], 'logo.png', { type: 'image/png' });
    const form = toFormData({
      code: 'P-01',
      price: 12.5,
      active: true,
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
      categoryIds: [4, 9],
      tags: [],
      image,
      description: null,
      brandId: undefined,
      dimensions: { width: 2 },
    });
    expect([...form.keys()]).toEqual([
      'code',
      'price',
      'active',
      'createdAt',
      'categoryIds[0]',
      'categoryIds[1]',
      'image',
      'dimensions.width',
    ]);
    expect(form.get('price')).toBe('12.5');
    expect(form.get('active')).toBe('true');
    expect(form.get('createdAt')).toBe('2026-01-02T03:04:05.000Z');
    expect(form.get('categoryIds[1]')).toBe('9');
    expect((form.get('image') as File).name).toBe('logo.png');
  });

  it('passes a FormData through and refuses anything but a plain object', () => {
    const form = new FormData();
    expect(multipartBodySerializer(form)).toBe(form);
    expect(() => multipartBodySerializer([1, 2])).toThrow(TypeError);
  });
});
