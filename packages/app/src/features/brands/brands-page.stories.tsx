import type { Brand, PermissionCode } from '@anaquel/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failureEnvelope, okEnvelope, page, type StubRequest } from '../../test/api-stub';
import { findDialog, mockApi, screenMeta, seeToast, storyApi } from '../../stories/decorators';
import BrandsPage from './brands-page';

// spec 2 §2 "Common list page" and §5: the brands catalogue with its create and edit form.

const brand = (id: number, name: string, description: string | null, isActive = true): Brand => ({
  id,
  name,
  description,
  isActive,
});

const brands: Brand[] = [
  brand(1, 'Coca-Cola', 'Refrescos de cola y sabores'),
  brand(2, 'Bimbo', 'Pan de caja y bollería'),
  brand(3, 'Sabritas', 'Papas fritas y botanas saladas'),
  brand(4, 'Jumex', 'Jugos y néctares'),
  brand(5, 'Lala', 'Leche y derivados lácteos'),
  brand(6, 'Gamesa', 'Galletas'),
  brand(7, 'Marinela', 'Pastelitos empaquetados'),
  brand(8, 'Barcel', null),
  brand(9, 'La Costeña', 'Chiles en conserva y frijoles'),
  brand(10, 'Herdez', 'Salsas, moles y conservas'),
  brand(11, 'Bonafont', 'Agua natural embotellada'),
  brand(12, 'Del Valle', 'Jugos y bebidas de fruta'),
  brand(13, 'Maseca', 'Harina de maíz'),
  brand(14, 'Pascual Boing', 'Descontinuada en la región', false),
];

/** `GET /brands/paged` over the catalogue: the filter, the requested page and its size. */
function pagedBrands(request: StubRequest) {
  const filter = (request.query.get('Filter') ?? '').toLowerCase();
  const found = brands.filter((b) => b.name.toLowerCase().includes(filter));
  const pageNumber = Number(request.query.get('Page') ?? 1);
  const pageSize = Number(request.query.get('PageSize') ?? 10);
  const rows = found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  return okEnvelope(page(rows, { page: pageNumber, pageSize, totalCount: found.length }));
}

const ALL: PermissionCode[] = ['VIEW_BRANDS', 'CREATE_BRANDS', 'UPDATE_BRANDS', 'DELETE_BRANDS'];

const meta = {
  title: 'Pantallas/Marcas',
  component: BrandsPage,
  ...screenMeta(
    { path: '/brands', permissions: ALL, layout: 'shell' },
    {
      'GET /brands/paged': pagedBrands,
      'GET /brands/1': okEnvelope(brands[0]!),
      'POST /brands': (request) =>
        okEnvelope({ ...brand(15, '', null), ...(request.body as object) } as Brand, 201),
    },
  ),
} satisfies Meta<typeof BrandsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 10_000 };

/** The first page of the catalogue: ten of fourteen brands, each row with its actions. */
export const Lista: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Gestión de marcas' }),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Marcas' });
    await expect(await within(table).findByRole('cell', { name: 'Coca-Cola' }, wait)).toBeVisible();
    // A header row and ten brands.
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
    await expect(within(table).getByText('Sin descripción')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Agregar marca' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Editar Bimbo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Eliminar Bimbo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Página 2' })).toBeVisible();
  },
};

/** 'Agregar marca': the empty form, active by default, saving only once valid and changed. */
export const FormularioAbierto: Story = {
  name: 'Formulario abierto',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Agregar marca' }, wait));
    const dialog = await findDialog('Agregar marca');
    await expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('');
    await expect(within(dialog).getByRole('textbox', { name: 'Descripción' })).toBeVisible();
    await expect(within(dialog).getByRole('switch', { name: 'Activo' })).toBeChecked();
    await expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  },
};

/** The edit form, filled in from `GET /brands/1`. */
export const EditarMarca: Story = {
  name: 'Editar marca',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Editar Coca-Cola' }, wait));
    const dialog = await findDialog('Editar marca');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Nombre' })).toHaveValue('Coca-Cola'),
    );
    await expect(within(dialog).getByRole('textbox', { name: 'Descripción' })).toHaveValue(
      'Refrescos de cola y sabores',
    );
    // Nothing changed yet: nothing to save.
    await expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();
  },
};

/**
 * Validation: the spec's messages once a field is touched (a name too short), then the server's
 * refusal of a duplicate name shown on its field and in the toast.
 */
export const ErroresDeValidacion: Story = {
  name: 'Errores de validación',
  beforeEach: mockApi({
    'POST /brands': failureEnvelope(400, 'VALIDATION_ERROR', 'La solicitud no es válida.', [
      { field: 'name', message: 'Ya existe una marca con ese nombre.' },
    ]),
  }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Agregar marca' }, wait));
    const dialog = await findDialog('Agregar marca');
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await userEvent.type(name, 'Bi');
    await userEvent.tab();
    await expect(
      await within(dialog).findByText('El nombre debe tener al menos 3 caracteres', {}, wait),
    ).toBeVisible();
    await expect(save).toBeDisabled();

    await userEvent.type(name, 'mbo');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await seeToast('Error al crear la marca.');
    await expect(
      await within(dialog).findByText('Ya existe una marca con ese nombre.', {}, wait),
    ).toBeVisible();
    await expect(storyApi().to('POST /brands')[0]!.body).toEqual({
      name: 'Bimbo',
      description: null,
      isActive: true,
    });
  },
};

/** No brand yet: the table says so and offers only 'Agregar marca'. */
export const ListaVacia: Story = {
  name: 'Lista vacía',
  beforeEach: mockApi({ 'GET /brands/paged': okEnvelope(page([])) }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No se encontraron registros.', {}, wait)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Agregar marca' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Editar / })).not.toBeInTheDocument();
  },
};

/** A user who may only read: no add, edit or delete (spec 2 §6). */
export const SoloLectura: Story = {
  name: 'Solo lectura',
  parameters: { screen: { path: '/brands', permissions: ['VIEW_BRANDS'], layout: 'shell' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('cell', { name: 'Bimbo' }, wait)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Agregar marca' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Editar Bimbo' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
  },
};
