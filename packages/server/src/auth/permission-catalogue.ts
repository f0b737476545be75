import type { components } from '@anaquel/api/schema';
import { contract } from '../http/contract.ts';

export type PermissionCode = components['schemas']['PermissionCode'];
export type ClientPolicy = components['schemas']['ClientPolicy'];

export interface PermissionDefinition {
  code: PermissionCode;
  group: string;
  clientPolicy: ClientPolicy;
  description: string;
}

/**
 * Resources with the four CRUD permissions, in catalogue order, with their 'Area/Subgroup' and
 * Spanish plural noun: the contract's `x-permission-catalogue` (components/permissions.yaml), which
 * `pnpm gen` checks against the PermissionCode enum.
 */
const CRUD_RESOURCES = Object.entries(
  contract['x-permission-catalogue'] as Record<string, [group: string, noun: string]>,
).map(([resource, [group, noun]]) => ({ resource, group, noun }));

const ACTIONS: { policy: ClientPolicy; verb: string }[] = [
  { policy: 'VIEW', verb: 'Ver' },
  { policy: 'CREATE', verb: 'Crear' },
  { policy: 'UPDATE', verb: 'Actualizar' },
  { policy: 'DELETE', verb: 'Eliminar' },
];

/** The whole permission catalogue, seeded at start (the contract's PermissionCode enum). */
export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = [
  ...CRUD_RESOURCES.flatMap(({ resource, group, noun }) =>
    ACTIONS.map(({ policy, verb }) => ({
      code: `${policy}_${resource}` as PermissionCode,
      group,
      clientPolicy: policy,
      description: `${verb} ${noun}`,
    })),
  ),
  {
    code: 'CHANGE_PASSWORD_USERS',
    group: 'Seguridad/Usuarios',
    clientPolicy: 'CHANGE_PASSWORD',
    description: 'Cambiar la contraseña de usuarios',
  },
  {
    code: 'VIEW_CHECKINS',
    group: 'Operación/Visitas',
    clientPolicy: 'VIEW',
    description: 'Ver visitas',
  },
];

export const ALL_PERMISSION_CODES: readonly PermissionCode[] = PERMISSION_CATALOGUE.map(
  (p) => p.code,
);
