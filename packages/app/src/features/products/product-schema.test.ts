import { describe, expect, it } from 'vitest';
import { firstMessages } from '../../components/resource/testing/zod';
import { productSchema, type ProductValues } from './product-schema';

const valid: ProductValues = {
  clientIds: [8],
  categoryId: 2,
  subcategoryId: 5,
  brandId: 4,
  sku: '7501013101234',
  name: 'Néctar de mango 1 L',
  description: '',
  productImage: null,
  productImageUrl: null,
  isActive: true,
};

const messages = (values: Partial<ProductValues>) =>
  firstMessages(productSchema.safeParse({ ...valid, ...values }));

describe('productSchema (spec 2 §5 "Product")', () => {
  it('accepts a product without description or image', () => {
    expect(messages({})).toEqual({});
  });

  it('requires a client, a category, a subcategory and a brand', () => {
    expect(messages({ clientIds: [], categoryId: null, subcategoryId: 0, brandId: null })).toEqual({
      clientIds: 'Debe seleccionar al menos un cliente',
      categoryId: 'La categoría es obligatoria',
      subcategoryId: 'La subcategoría es obligatoria',
      brandId: 'La marca es obligatoria',
    });
  });

  it('wants an SKU of 3 to 50 characters and a name of at least 3', () => {
    expect(messages({ sku: ' ', name: '' })).toEqual({
      sku: 'El SKU es obligatorio',
      name: 'El nombre es obligatorio',
    });
    expect(messages({ sku: '75', name: 'Té' })).toEqual({
      sku: 'El SKU debe tener al menos 3 caracteres',
      name: 'El nombre debe tener al menos 3 caracteres',
    });
    expect(messages({ sku: 'S'.repeat(51) })).toEqual({
      sku: 'El SKU no puede exceder 50 caracteres',
    });
    expect(messages({ sku: 'S'.repeat(50) })).toEqual({});
  });

  it('limits the description to 1000 characters', () => {
    expect(messages({ description: 'd'.repeat(1001) })).toEqual({
      description: 'La descripción no puede exceder 1000 caracteres',
    });
    expect(messages({ description: 'd'.repeat(1000) })).toEqual({});
  });

  it('takes an image file', () => {
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'mango.png', {
      type: 'image/png',
    });
    expect(productSchema.parse({ ...valid, productImage: image }).productImage).toBe(image);
  });
});
