import { GLOBAL_ERROR_MESSAGES, type Brand } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { namedColumns } from './columns';
import { defineResource } from './definition';
import { namedForm } from './named-form';
import { ResourceListPage } from './resource-list-page';
import { failureEnvelope, okEnvelope, page, stubApi } from '../../test/api-stub';
import { SCREEN_TEST_OPTIONS, renderScreen, signInWith } from './testing/render-screen';

const brands = defineResource({
  resource: '/brands',
  labels: { singular: 'marca', plural: 'marcas', feminine: true },
  permission: 'BRANDS',
  columns: namedColumns<Brand>(),
  rowName: (row: Brand) => row.name,
  form: namedForm,
});

const cocaCola: Brand = { id: 1, name: 'Coca-Cola', description: null, isActive: true };
const sabritas: Brand = { id: 2, name: 'Sabritas', description: 'Botanas', isActive: false };
const ALL = ['VIEW_BRANDS', 'CREATE_BRANDS', 'UPDATE_BRANDS', 'DELETE_BRANDS'];

function setup(permissions: string[], routes: Parameters<typeof stubApi>[0] = {}) {
  signInWith(permissions);
  const api = stubApi({
    'GET /brands/paged': okEnvelope(page([cocaCola, sabritas])),
    ...routes,
  });
  const view = renderScreen(<ResourceListPage definition={brands} />, { path: '/brands' });
  return { api, ...view };
}

const lastPagedQuery = (api: ReturnType<typeof stubApi>) =>
  Object.fromEntries(api.to('GET /brands/paged').at(-1)!.query);

describe('ResourceListPage (spec 2 §2 "Common list page")', SCREEN_TEST_OPTIONS, () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it("shows 'Gestión de {plural}', the rows and the spec's placeholders", async () => {
    const { api } = setup(['VIEW_BRANDS']);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de marcas' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Marcas' });
    await within(table).findByRole('cell', { name: 'Coca-Cola' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('cell', { name: 'Coca-Cola' })).toBeVisible();
    expect(within(rows[1]!).getByText('Sin descripción')).toBeVisible();
    expect(within(rows[2]!).getByRole('img', { name: 'No' })).toBeVisible();
    // The first page as the API counts it, ten rows, no filter and no sort.
    expect(lastPagedQuery(api)).toEqual({ Page: '1', PageSize: '10' });
  });

  it('hides add, edit and delete without CREATE_, UPDATE_ and DELETE_', async () => {
    setup(['VIEW_BRANDS']);
    await screen.findByRole('cell', { name: 'Coca-Cola' });
    expect(screen.queryByRole('button', { name: 'Agregar marca' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Coca-Cola' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Coca-Cola' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
  });

  it('shows each button only with its own permission', async () => {
    setup(['VIEW_BRANDS', 'UPDATE_BRANDS']);
    expect(await screen.findByRole('button', { name: 'Editar Coca-Cola' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Editar Sabritas' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Eliminar Coca-Cola' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar marca' })).not.toBeInTheDocument();
  });

  it('asks before deleting, deletes, says so and reloads the list', async () => {
    const { user, api } = setup(ALL, { 'DELETE /brands/1': okEnvelope({ id: 1 }) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Coca-Cola' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Eliminar marca' });
    expect(
      within(dialog).getByText(
        '¿Estás seguro de que deseas eliminar la marca? Esta acción no se puede deshacer.',
      ),
    ).toBeVisible();
    const pagedBefore = api.to('GET /brands/paged').length;
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Marca eliminada exitosamente.')).toBeVisible();
    expect(api.to('DELETE /brands/1')).toHaveLength(1);
    await waitFor(() => expect(api.to('GET /brands/paged').length).toBeGreaterThan(pagedBefore));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Eliminar marca' })).not.toBeInTheDocument(),
    );
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const { user, api } = setup(ALL);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Sabritas' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Eliminar marca' })).not.toBeInTheDocument(),
    );
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it("a refused delete shows 'Error al eliminar la marca.' and the server's reason for a 409", async () => {
    const { user } = setup(ALL, {
      'DELETE /brands/1': failureEnvelope(
        409,
        'ERROR',
        'No se puede eliminar la marca porque está en uso.',
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Coca-Cola' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar la marca.')).toBeVisible();
    expect(
      await screen.findByText('No se puede eliminar la marca porque está en uso.'),
    ).toBeVisible();
    // The global 'other 4xx' text is not added on top of the server's own words.
    expect(
      screen.queryByText('Ocurrió un problema con la solicitud. Por favor, intenta nuevamente.'),
    ).not.toBeInTheDocument();
  });

  it("a business-rule refusal (422) shows the server's reason, not the generic text", async () => {
    const { user } = setup(ALL, {
      'DELETE /brands/1': failureEnvelope(422, 'ERROR', 'La marca tiene productos activos.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Coca-Cola' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar la marca.')).toBeVisible();
    expect(await screen.findByText('La marca tiene productos activos.')).toBeVisible();
    expect(screen.queryByText(GLOBAL_ERROR_MESSAGES.unprocessable)).not.toBeInTheDocument();
  });

  it('goes back to the first page when the search, the sort or the page size change', async () => {
    const { user, api } = setup(['VIEW_BRANDS'], {
      'GET /brands/paged': (request) =>
        okEnvelope(
          page([cocaCola, sabritas], { page: Number(request.query.get('Page')), totalCount: 35 }),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(lastPagedQuery(api)).toEqual({ Page: '3', PageSize: '10' }));

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '  coca ');
    await waitFor(
      () => expect(lastPagedQuery(api)).toEqual({ Page: '1', PageSize: '10', Filter: 'coca' }),
      { timeout: 3000 },
    );

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(lastPagedQuery(api)).toMatchObject({ Page: '2' }));
    await user.click(screen.getByRole('button', { name: 'Nombre' }));
    await waitFor(() =>
      expect(lastPagedQuery(api)).toEqual({
        Page: '1',
        PageSize: '10',
        Filter: 'coca',
        Sort: 'name',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(lastPagedQuery(api)).toMatchObject({ Page: '2' }));
    await user.click(await screen.findByRole('button', { name: /Registros por página/ }));
    await user.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() =>
      expect(lastPagedQuery(api)).toEqual({
        Page: '1',
        PageSize: '20',
        Filter: 'coca',
        Sort: 'name',
      }),
    );
  });

  it('creates a record: save enabled once valid and changed, isActive true by default', async () => {
    const { user, api } = setup(ALL, {
      'POST /brands': okEnvelope({ id: 3, name: 'Bimbo', description: null, isActive: true }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Agregar marca' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar marca' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Activo' })).toBeChecked();

    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await user.type(name, 'Bi');
    // The error waits until the field is touched.
    expect(within(dialog).queryByText('El nombre debe tener al menos 3 caracteres')).toBeNull();
    await user.tab();
    // zod validation is asynchronous: wait for the message instead of reading it at once.
    expect(
      await within(dialog).findByText('El nombre debe tener al menos 3 caracteres'),
    ).toBeVisible();
    expect(save).toBeDisabled();

    await user.type(name, 'mbo');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Marca creada exitosamente.')).toBeVisible();
    expect(api.to('POST /brands')[0]!.body).toEqual({
      name: 'Bimbo',
      description: null,
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts the server's validation errors on their fields and says 'Error al crear la marca.'", async () => {
    const { user } = setup(ALL, {
      'POST /brands': failureEnvelope(409, 'ERROR', 'Ya existe una marca con ese nombre.', [
        { field: 'name', message: 'Ya existe una marca con ese nombre.' },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Agregar marca' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar marca' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Coca-Cola');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al crear la marca.')).toBeVisible();
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Ya existe una marca con ese nombre.')).toBeVisible();
    // The dialog stays open with what the user typed.
    expect(name).toHaveValue('Coca-Cola');
  });

  it('edits a record loaded from GET {resource}/{id} and saves it with PUT', async () => {
    const { user, api } = setup(ALL, {
      'GET /brands/2': okEnvelope(sabritas),
      'PUT /brands/2': okEnvelope({ ...sabritas, description: 'Botanas y frituras' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar Sabritas' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar marca' });
    const description = await within(dialog).findByRole('textbox', { name: 'Descripción' });
    expect(description).toHaveValue('Botanas');
    expect(within(dialog).getByRole('switch', { name: 'Activo' })).not.toBeChecked();
    // Unchanged: nothing to save yet.
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.type(description, ' y frituras');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Marca actualizada exitosamente.')).toBeVisible();
    expect(api.to('PUT /brands/2')[0]!.body).toEqual({
      name: 'Sabritas',
      description: 'Botanas y frituras',
      isActive: false,
    });
  });
});
