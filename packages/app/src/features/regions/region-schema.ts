import { z } from 'zod';
import {
  descriptionRule,
  idListRule,
  isActiveRule,
  nameRule,
} from '../../components/resource/rules';

// spec 2 §5 "Region": description max 255; at least one state; common name rule.
export const regionSchema = z.object({
  name: nameRule,
  description: descriptionRule(255),
  stateIds: idListRule('Debe seleccionar al menos un estado'),
  isActive: isActiveRule,
});

export type RegionValues = z.input<typeof regionSchema>;
export type RegionOutput = z.output<typeof regionSchema>;
