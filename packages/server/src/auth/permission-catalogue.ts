import type { components } from '@anaquel/api/schema';

export type PermissionCode = components['schemas']['PermissionCode'];
export type ClientPolicy = components['schemas']['ClientPolicy'];

export interface PermissionDefinition {
  code: PermissionCode;
  group: string;
  clientPolicy: ClientPolicy;
  description: string;
}

/** Resources with the four CRUD permissions, in catalogue order, with their 'Area/Subgroup'. */
const CRUD_RESOURCES: { resource: string; group: string; noun: string }[] = [
  { resource: 'PROFILES', group: 'Seguridad/Perfiles', noun: 'perfiles' },
  { resource: 'USERS', group: 'Seguridad/Usuarios', noun: 'usuarios' },
  { resource: 'CLIENTS', group: 'Administración/Clientes', noun: 'clientes' },
  { resource: 'POINTOFSALES', group: 'Administración/Puntos de venta', noun: 'puntos de venta' },
  { resource: 'REGIONS', group: 'Administración/Regiones', noun: 'regiones' },
  { resource: 'CAMPAIGNS', group: 'Administración/Campañas', noun: 'campañas' },
  { resource: 'BRANDS', group: 'Productos/Marcas', noun: 'marcas' },
  { resource: 'CATEGORIES', group: 'Productos/Categorías', noun: 'categorías' },
  { resource: 'SUBCATEGORIES', group: 'Productos/Subcategorías', noun: 'subcategorías' },
  { resource: 'PRODUCTS', group: 'Productos/Productos', noun: 'productos' },
  { resource: 'SURVEYS', group: 'Cuestionarios/Cuestionarios', noun: 'cuestionarios' },
  { resource: 'SEGMENTS', group: 'Cuestionarios/Segmentos', noun: 'segmentos' },
  { resource: 'QUESTIONS', group: 'Cuestionarios/Preguntas', noun: 'preguntas' },
  {
    resource: 'MULTIPLEOPTIONS',
    group: 'Cuestionarios/Opciones múltiples',
    noun: 'opciones múltiples',
  },
];

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
