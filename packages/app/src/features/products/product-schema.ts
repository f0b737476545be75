import { z } from 'zod';
import {
  descriptionRule,
  idListRule,
  isActiveRule,
  nameRule,
  requiredIdRule,
  requiredText,
} from '../../components/resource/rules';

const productMessages = {
  clientsRequired: 'Debe seleccionar al menos un cliente',
  categoryRequired: 'La categoría es obligatoria',
  subcategoryRequired: 'La subcategoría es obligatoria',
  brandRequired: 'La marca es obligatoria',
  skuRequired: 'El SKU es obligatorio',
  skuMin: 'El SKU debe tener al menos 3 caracteres',
  skuMax: 'El SKU no puede exceder 50 caracteres',
  nameMax: 'El nombre no puede exceder 150 caracteres',
} as const;

// spec 2 §5 "Product": at least one client; category, subcategory and brand required (at least
// 1); sku 3 to 50 characters; name at least 3 (150 at most, the contract's); description at most
// 1000. The image is optional: a new file replaces the stored one, none keeps it.
export const productSchema = z.object({
  clientIds: idListRule(productMessages.clientsRequired),
  categoryId: requiredIdRule(productMessages.categoryRequired),
  subcategoryId: requiredIdRule(productMessages.subcategoryRequired),
  brandId: requiredIdRule(productMessages.brandRequired),
  sku: requiredText(3, {
    required: productMessages.skuRequired,
    min: productMessages.skuMin,
  }).max(50, { error: productMessages.skuMax }),
  name: nameRule.max(150, { error: productMessages.nameMax }),
  description: descriptionRule(1000),
  productImage: z.instanceof(File).nullable(),
  /** The stored image's file id, shown until a new file is chosen (never sent). */
  productImageUrl: z.string().nullable(),
  isActive: isActiveRule,
});

export type ProductValues = z.input<typeof productSchema>;
export type ProductOutput = z.output<typeof productSchema>;
