import type { Permission } from '@anaquel/api';
import { describe, expect, it } from 'vitest';
import {
  groupPermissions,
  groupSelection,
  toggleGroup,
  togglePermission,
} from './permission-selection';

const brands = 'Productos/Marcas';
const users = 'Seguridad/Usuarios';
const catalogue: Permission[] = [
  { id: 1, code: 'VIEW_USERS', group: users, clientPolicy: 'VIEW', description: 'Ver usuarios' },
  {
    id: 2,
    code: 'CREATE_USERS',
    group: users,
    clientPolicy: 'CREATE',
    description: 'Crear usuarios',
  },
  {
    id: 3,
    code: 'CHANGE_PASSWORD_USERS',
    group: users,
    clientPolicy: 'CHANGE_PASSWORD',
    description: 'Cambiar la contraseña de usuarios',
  },
  { id: 7, code: 'VIEW_BRANDS', group: brands, clientPolicy: 'VIEW', description: 'Ver marcas' },
  {
    id: 8,
    code: 'CREATE_BRANDS',
    group: brands,
    clientPolicy: 'CREATE',
    description: 'Crear marcas',
  },
  {
    id: 9,
    code: 'DELETE_BRANDS',
    group: brands,
    clientPolicy: 'DELETE',
    description: 'Eliminar marcas',
  },
];
const byCode = (code: string) => catalogue.find((p) => p.code === code)!;

describe('permission picker rules (spec 2 §5 "Profile")', () => {
  it("groups the catalogue by 'Area/Subgroup' in the server's order", () => {
    expect(
      groupPermissions(catalogue).map(({ area, groups }) => ({
        area,
        groups: groups.map((g) => [g.subgroup, g.permissions.map((p) => p.id)]),
      })),
    ).toEqual([
      { area: 'Seguridad', groups: [['Usuarios', [1, 2, 3]]] },
      { area: 'Productos', groups: [['Marcas', [7, 8, 9]]] },
    ]);
  });

  it('choosing a non-VIEW permission also chooses the VIEW permission of its group', () => {
    expect(togglePermission([], byCode('DELETE_BRANDS'), true, catalogue)).toEqual([7, 9]);
    expect(togglePermission([1], byCode('CHANGE_PASSWORD_USERS'), true, catalogue)).toEqual([1, 3]);
    // Only its own group's VIEW.
    expect(togglePermission([], byCode('CREATE_USERS'), true, catalogue)).toEqual([1, 2]);
  });

  it('choosing a VIEW permission chooses only it', () => {
    expect(togglePermission([], byCode('VIEW_BRANDS'), true, catalogue)).toEqual([7]);
  });

  it('removing a non-VIEW permission keeps the VIEW; removing the VIEW empties the group', () => {
    expect(togglePermission([7, 8, 9], byCode('CREATE_BRANDS'), false, catalogue)).toEqual([7, 9]);
    expect(togglePermission([1, 7, 8, 9], byCode('VIEW_BRANDS'), false, catalogue)).toEqual([1]);
  });

  it("'select all' chooses or clears exactly its subgroup", () => {
    const [security, products] = groupPermissions(catalogue);
    const brandGroup = products!.groups[0]!;
    const userGroup = security!.groups[0]!;
    expect(toggleGroup([2], brandGroup, true)).toEqual([2, 7, 8, 9]);
    expect(toggleGroup([1, 2, 7, 8], brandGroup, false)).toEqual([1, 2]);
    expect(groupSelection([7, 8, 9], brandGroup)).toBe('all');
    expect(groupSelection([7], brandGroup)).toBe('some');
    expect(groupSelection([7, 8, 9], userGroup)).toBe('none');
  });
});
