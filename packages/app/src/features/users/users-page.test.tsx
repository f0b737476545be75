import type { User } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, okEnvelope, page, stubApi } from '../../test/api-stub';
import { renderScreen, signInWith } from '../../components/resource/testing/render-screen';
import { getPasswordInput } from '../../test/queries';
import UsersPage from './users-page';

const maria: User = {
  id: 7,
  name: 'María',
  lastName: 'López',
  completeName: 'María López',
  email: 'maria.lopez@anaquel.mx',
  dateOfBirth: '1994-05-17',
  profileId: 3,
  profileName: 'Promotor',
  regionIds: [1, 2],
  regionNames: ['Bajío', 'Occidente'],
  profileImageUrl: null,
  isActive: true,
};
const pedro: User = {
  ...maria,
  id: 8,
  name: 'Pedro',
  lastName: 'Ruiz',
  completeName: 'Pedro Ruiz',
  email: 'pedro@anaquel.mx',
  dateOfBirth: '',
  profileId: 2,
  profileName: 'Supervisor',
  regionIds: [],
  regionNames: [],
};

const CRUD = ['VIEW_USERS', 'CREATE_USERS', 'UPDATE_USERS'];

function setup(permissions: string[], routes: Parameters<typeof stubApi>[0] = {}) {
  signInWith(permissions);
  const api = stubApi({
    'GET /users/paged': okEnvelope(page([maria, pedro])),
    'GET /profiles/options': okEnvelope([
      { id: 2, name: 'Supervisor' },
      { id: 3, name: 'Promotor' },
    ]),
    'GET /regions/options': okEnvelope([
      { id: 1, name: 'Bajío' },
      { id: 2, name: 'Occidente' },
    ]),
    ...routes,
  });
  const view = renderScreen(<UsersPage />, { path: '/users' });
  return { api, ...view };
}

// Every dropdown is a searchable combobox opened by its 'Mostrar opciones {label}' button.
const select = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('button', { name: `Mostrar opciones ${label}` });
const chips = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('row')
    .map((row) => row.textContent);

describe('users list (spec 2 §2)', () => {
  it('shows the columns with the es-MX date and "Sin fecha"', async () => {
    setup(['VIEW_USERS']);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de usuarios' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Usuarios' });
    const row = (await within(table).findByRole('cell', { name: 'María López' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Promotor' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'Bajío, Occidente' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'maria.lopez@anaquel.mx' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: '17/05/1994' })).toBeVisible();
    const pedroRow = within(table).getByRole('cell', { name: 'Pedro Ruiz' }).closest('tr')!;
    expect(within(pedroRow).getByText('Sin fecha')).toBeVisible();
    // The avatar shows the initial when there is no picture.
    expect(within(row).getByText('M')).toBeVisible();
  });

  it("shows 'Cambiar Contraseña' only with CHANGE_PASSWORD_USERS", async () => {
    setup(['VIEW_USERS', 'UPDATE_USERS']);
    await screen.findByRole('button', { name: 'Editar María López' });
    expect(
      screen.queryByRole('button', { name: 'Cambiar Contraseña de María López' }),
    ).not.toBeInTheDocument();
  });

  it("does not offer 'Eliminar' nor 'Cambiar Contraseña' on the signed-in user's own row", async () => {
    // signInWith signs in user 1, 'Ana Prueba'.
    const ana: User = {
      ...pedro,
      id: 1,
      name: 'Ana',
      lastName: 'Prueba',
      completeName: 'Ana Prueba',
    };
    setup(['VIEW_USERS', 'UPDATE_USERS', 'DELETE_USERS', 'CHANGE_PASSWORD_USERS'], {
      'GET /users/paged': okEnvelope(page([ana, maria])),
    });
    expect(await screen.findByRole('button', { name: 'Eliminar María López' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cambiar Contraseña de María López' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Editar Ana Prueba' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Eliminar Ana Prueba' })).not.toBeInTheDocument();
    // One's own password is changed from the user card, with the current one.
    expect(
      screen.queryByRole('button', { name: 'Cambiar Contraseña de Ana Prueba' }),
    ).not.toBeInTheDocument();
  });
});

// Combobox journeys are slow in jsdom on shared cores.
describe('user form (spec 2 §4, §5)', { timeout: 90_000 }, () => {
  it('asks for the password on create only, with the strength meter', async () => {
    const { user } = setup(CRUD, { 'GET /users/8': okEnvelope(pedro) });
    await user.click(await screen.findByRole('button', { name: 'Agregar usuario' }));
    let dialog = screen.getByRole('dialog', { name: 'Agregar usuario' });
    const password = getPasswordInput('Contraseña', dialog);
    await user.type(password, 'abc');
    await user.tab();
    expect(await within(dialog).findByText('Debe tener al menos 8 caracteres.')).toBeVisible();
    expect(within(dialog).getByRole('meter')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Editar Pedro Ruiz' }));
    dialog = screen.getByRole('dialog', { name: 'Editar usuario' });
    await within(dialog).findByRole('textbox', { name: 'Apellidos' });
    expect(
      within(dialog).queryByLabelText(/^Contraseña\*?$/, { selector: 'input' }),
    ).not.toBeInTheDocument();
  });

  it('regions are for promoters: required with promotor, cleared by another profile', async () => {
    const { user } = setup(CRUD);
    await user.click(await screen.findByRole('button', { name: 'Agregar usuario' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar usuario' });
    const regions = within(dialog).getByRole('combobox', { name: 'Regiones' });
    expect(regions).toBeDisabled();

    await user.click(select(dialog, 'Perfil'));
    await user.click(await screen.findByRole('option', { name: 'Promotor' }));
    await waitFor(() => expect(regions).toBeEnabled());
    await user.click(select(dialog, 'Regiones'));
    await user.click(await screen.findByRole('option', { name: 'Occidente' }));
    await user.keyboard('{Escape}');
    expect(chips(dialog)).toEqual(['Occidente']);

    // Without regions the promotor profile shows the spec's message.
    await user.click(within(dialog).getByRole('button', { name: /^Quitar/ }));
    expect(
      await within(dialog).findByText(
        'Debe seleccionar al menos una región para el perfil Promotor.',
      ),
    ).toBeVisible();
    await user.click(select(dialog, 'Regiones'));
    await user.click(await screen.findByRole('option', { name: 'Bajío' }));
    await user.keyboard('{Escape}');
    expect(chips(dialog)).toEqual(['Bajío']);

    await user.click(select(dialog, 'Perfil'));
    await user.click(await screen.findByRole('option', { name: 'Supervisor' }));
    await waitFor(() => expect(chips(dialog)).toEqual([]));
    expect(regions).toBeDisabled();
  });

  it('an edit of a promoter keeps the regions and sends them as multipart parts', async () => {
    const { user, api } = setup(CRUD, {
      'GET /users/7': okEnvelope(maria),
      'PUT /users/7': okEnvelope({ ...maria, lastName: 'López Hernández' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar María López' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar usuario' });
    const lastName = await within(dialog).findByRole('textbox', { name: 'Apellidos' });
    await waitFor(() => expect(chips(dialog)).toEqual(['Bajío', 'Occidente']));
    await user.type(lastName, ' Hernández');
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Usuario actualizado exitosamente.')).toBeVisible();
    const body = api.to('PUT /users/7')[0]!.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      name: 'María',
      lastName: 'López Hernández',
      dateOfBirth: '1994-05-17',
      email: 'maria.lopez@anaquel.mx',
      profileId: '3',
      'regionIds[0]': '1',
      'regionIds[1]': '2',
      isActive: 'true',
    });
  });
});

describe("'Cambiar Contraseña' by an administrator (spec 2 §2, §5, §8)", () => {
  const PERMISSIONS = ['VIEW_USERS', 'CHANGE_PASSWORD_USERS'];

  async function openModal(routes: Parameters<typeof stubApi>[0]) {
    const view = setup(PERMISSIONS, routes);
    await view.user.click(
      await screen.findByRole('button', { name: 'Cambiar Contraseña de María López' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cambiar Contraseña' });
    return { ...view, dialog };
  }

  it('checks the rules and the confirmation, then changes the password', async () => {
    const { user, api, dialog } = await openModal({
      'POST /auth/admin-change-password': okEnvelope({ message: 'Contraseña actualizada.' }),
    });
    expect(within(dialog).getByText('María López')).toBeVisible();
    const submit = within(dialog).getByRole('button', { name: 'Cambiar Contraseña' });
    expect(submit).toBeDisabled();

    await user.type(getPasswordInput('Nueva Contraseña', dialog), 'Bodega2027');
    await user.tab();
    expect(
      await within(dialog).findByText('Debe contener al menos un carácter especial (@$!%*?&#).'),
    ).toBeVisible();
    await user.type(getPasswordInput('Nueva Contraseña', dialog), '#');
    await user.type(getPasswordInput('Confirmar Contraseña', dialog), 'Bodega2027#!');
    await user.tab();
    expect(await within(dialog).findByText('Las contraseñas deben coincidir.')).toBeVisible();
    expect(submit).toBeDisabled();

    await user.type(getPasswordInput('Confirmar Contraseña', dialog), '{Backspace}');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(
      await screen.findByText('La contraseña del usuario se cambió exitosamente.'),
    ).toBeVisible();
    expect(api.to('POST /auth/admin-change-password')[0]!.body).toEqual({
      userId: 7,
      newPassword: 'Bodega2027#',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the change fails and keeps the modal open', async () => {
    const { user, dialog } = await openModal({
      'POST /auth/admin-change-password': failureEnvelope(400, 'ERROR', 'Datos inválidos', [
        { field: 'newPassword', message: 'La contraseña es demasiado común.' },
      ]),
    });
    await user.type(getPasswordInput('Nueva Contraseña', dialog), 'Bodega#2027');
    await user.type(getPasswordInput('Confirmar Contraseña', dialog), 'Bodega#2027');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(
      await screen.findByText(
        'No se pudo cambiar la contraseña del usuario. Inténtalo nuevamente.',
      ),
    ).toBeVisible();
    expect(await within(dialog).findByText('La contraseña es demasiado común.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Cambiar Contraseña' })).toBeVisible();
  });
});
