import type { Permission } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, okEnvelope, page, stubApi, type RouteAnswer } from '../../test/api-stub';
import {
  SCREEN_TEST_OPTIONS,
  renderScreen,
  signInWith,
} from '../../components/resource/testing/render-screen';
import ProfilesPage from './profiles-page';

const users = 'Seguridad/Usuarios';
const brands = 'Productos/Marcas';
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

async function openCreateForm(
  permissionsAnswer: RouteAnswer<'GET /permissions'> = okEnvelope(catalogue),
) {
  signInWith(['VIEW_PROFILES', 'CREATE_PROFILES']);
  const api = stubApi({
    'GET /profiles/paged': okEnvelope(page([])),
    'GET /permissions': permissionsAnswer,
    'POST /profiles': okEnvelope(
      { id: 4, name: 'Supervisor', description: null, isActive: true, permissionIds: [] },
      201,
    ),
  });
  const view = renderScreen(<ProfilesPage />, { path: '/profiles' });
  await view.user.click(await screen.findByRole('button', { name: 'Agregar perfil' }));
  const dialog = screen.getByRole('dialog', { name: 'Agregar perfil' });
  return { api, dialog, ...view };
}

describe('profile form permission picker (spec 2 §5 "Profile")', SCREEN_TEST_OPTIONS, () => {
  it("groups the permissions by area and subgroup, and a non-VIEW choice checks the group's VIEW", async () => {
    const { user, dialog } = await openCreateForm();
    const productos = await within(dialog).findByRole('region', { name: 'Productos' });
    const marcas = within(productos).getByRole('group', { name: 'Marcas' });
    await user.click(within(marcas).getByRole('checkbox', { name: 'Eliminar marcas' }));
    expect(within(marcas).getByRole('checkbox', { name: 'Eliminar marcas' })).toBeChecked();
    expect(within(marcas).getByRole('checkbox', { name: 'Ver marcas' })).toBeChecked();
    expect(within(marcas).getByRole('checkbox', { name: 'Crear marcas' })).not.toBeChecked();
    // Nothing outside the group.
    expect(within(dialog).getByRole('checkbox', { name: 'Ver usuarios' })).not.toBeChecked();
    // Partly chosen: the group's toggle is mixed.
    expect(
      within(marcas).getByRole('checkbox', { name: 'Seleccionar todo: Marcas' }),
    ).toBePartiallyChecked();
  });

  it("'Seleccionar todo' chooses and clears its whole subgroup", async () => {
    const { user, dialog } = await openCreateForm();
    const selectAll = await within(dialog).findByRole('checkbox', {
      name: 'Seleccionar todo: Usuarios',
    });
    await user.click(selectAll);
    for (const name of ['Ver usuarios', 'Crear usuarios', 'Cambiar la contraseña de usuarios']) {
      expect(within(dialog).getByRole('checkbox', { name })).toBeChecked();
    }
    expect(selectAll).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Ver marcas' })).not.toBeChecked();
    await user.click(selectAll);
    expect(within(dialog).getByRole('checkbox', { name: 'Ver usuarios' })).not.toBeChecked();
    // Touched (focus left the picker) and empty: the spec's message.
    await user.click(within(dialog).getByRole('textbox', { name: 'Nombre' }));
    expect(await within(dialog).findByText('Debe seleccionar al menos un permiso')).toBeVisible();
  });

  it('saves the profile with its permission ids', async () => {
    const { user, dialog, api } = await openCreateForm();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Supervisor');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Crear marcas' }));
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Perfil creado exitosamente.')).toBeVisible();
    expect(api.to('POST /profiles')[0]!.body).toEqual({
      name: 'Supervisor',
      description: null,
      permissionIds: [7, 8],
      isActive: true,
    });
  });

  it("says 'Error al cargar permisos' when the catalogue cannot be loaded", async () => {
    const { dialog } = await openCreateForm(failureEnvelope(500, 'ERROR', 'Error interno'));
    expect(await within(dialog).findByText('Error al cargar permisos')).toBeVisible();
  });
});
