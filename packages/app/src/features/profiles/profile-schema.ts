import { z } from 'zod';
import {
  descriptionRule,
  idListRule,
  isActiveRule,
  nameRule,
} from '../../components/resource/rules';

const PERMISSIONS_REQUIRED = 'Debe seleccionar al menos un permiso';

// spec 2 §5 "Profile": description max 255; at least one permission; common name rule.
export const profileSchema = z.object({
  name: nameRule,
  description: descriptionRule(255),
  permissionIds: idListRule(PERMISSIONS_REQUIRED),
  isActive: isActiveRule,
});

export type ProfileValues = z.input<typeof profileSchema>;
export type ProfileOutput = z.output<typeof profileSchema>;
