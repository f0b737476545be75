import { z } from 'zod';
import {
  descriptionRule,
  isActiveRule,
  nameRule,
  requiredIdRule,
} from '../../components/resource/rules';

const CATEGORY_REQUIRED = 'La categoría es obligatoria';

// spec 2 §5 "Subcategory": categoryId required and not 0; description max 255; common name rule.
export const subcategorySchema = z.object({
  categoryId: requiredIdRule(CATEGORY_REQUIRED),
  name: nameRule,
  description: descriptionRule(255),
  isActive: isActiveRule,
});

export type SubcategoryValues = z.input<typeof subcategorySchema>;
export type SubcategoryOutput = z.output<typeof subcategorySchema>;
