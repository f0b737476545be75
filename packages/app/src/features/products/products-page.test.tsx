import type { Product } from '@anaquel/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STUB_BASE_URL, okEnvelope, page, stubApi, type StubRequest } from '../../test/api-stub';
import { renderScreen, signInWith } from '../../components/resource/testing/render-screen';
import ProductsPage from './products-page';

const ALL = ['VIEW_PRODUCTS', 'CREATE_PRODUCTS', 'UPDATE_PRODUCTS'];

const categories = [
  { id: 1, name: 'Bebidas' },
  { id: 2, name: 'Botanas' },
];
const subcategoriesOf: Record<string, { id: number; name: string }[]> = {
  '1': [
    { id: 11, name: 'Jugos' },
    { id: 12, name: 'Refrescos' },
  ],
  '2': [{ id: 21, name: 'Papas' }],
};
const subcategoryAnswer = (request: StubRequest) =>
  okEnvelope(subcategoriesOf[request.query.get('categoryId') ?? ''] ?? []);

const mango: Product = {
  id: 3,
  clientIds: [8, 9],
  clientNames: ['Abarrotes La Esperanza', 'Súper Bajío'],
  categoryId: 1,
  categoryName: 'Bebidas',
  subcategoryId: 11,
  subcategoryName: 'Jugos',
  brandId: 4,
  brandName: 'Jumex',
  sku: '7501013101234',
  name: 'Néctar de mango 1 L',
  description: null,
  productImageUrl: '3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90',
  isActive: true,
};

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  signInWith(ALL);
  const api = stubApi({
    'GET /products/paged': okEnvelope(page([mango])),
    'GET /clients/options': okEnvelope([
      { id: 8, name: 'Abarrotes La Esperanza' },
      { id: 9, name: 'Súper Bajío' },
    ]),
    'GET /categories/options': okEnvelope(categories),
    'GET /subcategories/options': subcategoryAnswer,
    'GET /brands/options': okEnvelope([{ id: 4, name: 'Jumex' }]),
    ...routes,
  });
  const view = renderScreen(<ProductsPage />, { path: '/products' });
  return { api, ...view };
}

// Every dropdown is a searchable combobox; its 'Mostrar opciones' button opens the first page.
const select = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('combobox', { name: label });
const opener = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('button', { name: `Mostrar opciones ${label}` });

async function choose(
  view: ReturnType<typeof setup>,
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await view.user.click(opener(dialog, label));
  await view.user.click(await screen.findByRole('option', { name: option }));
}

describe('products list (spec 2 §2)', () => {
  it('shows clients, subcategory, brand, sku, name, description and active', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de productos' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Productos' });
    const row = (await within(table).findByRole('cell', { name: 'Néctar de mango 1 L' })).closest(
      'tr',
    )!;
    expect(
      within(row).getByRole('cell', { name: 'Abarrotes La Esperanza, Súper Bajío' }),
    ).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'Jugos' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'Jumex' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: '7501013101234' })).toBeVisible();
    expect(within(row).getByText('Sin descripción')).toBeVisible();
  });
});

// Combobox journeys are slow in jsdom on shared cores.
describe('product form (spec 2 §4, §5)', { timeout: 90_000 }, () => {
  it('offers the subcategories of the chosen category and another category clears the choice', async () => {
    const view = setup();
    await view.user.click(await screen.findByRole('button', { name: 'Agregar producto' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar producto' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    // No category yet: nothing to choose from.
    expect(select(dialog, 'Subcategoría')).toBeDisabled();

    await view.user.click(opener(dialog, 'Clientes'));
    await view.user.click(await screen.findByRole('option', { name: 'Súper Bajío' }));
    await view.user.keyboard('{Escape}');
    await choose(view, dialog, 'Marca', 'Jumex');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'SKU' }), 'SKU-200');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Refresco');

    await choose(view, dialog, 'Categoría', 'Bebidas');
    await waitFor(() => expect(select(dialog, 'Subcategoría')).toBeEnabled());
    await choose(view, dialog, 'Subcategoría', 'Refrescos');
    expect(select(dialog, 'Subcategoría')).toHaveValue('Refrescos');
    expect(view.api.to('GET /subcategories/options').at(-1)!.query.get('categoryId')).toBe('1');
    await waitFor(() => expect(save).toBeEnabled());

    // The same category again keeps the subcategory.
    await choose(view, dialog, 'Categoría', 'Bebidas');
    expect(select(dialog, 'Subcategoría')).toHaveValue('Refrescos');
    expect(save).toBeEnabled();

    // Another one clears it: the form is incomplete again until a subcategory of it is chosen.
    await choose(view, dialog, 'Categoría', 'Botanas');
    await waitFor(() => expect(save).toBeDisabled());
    expect(select(dialog, 'Subcategoría')).not.toHaveValue('Refrescos');
    await view.user.click(opener(dialog, 'Subcategoría'));
    expect(await screen.findByRole('option', { name: 'Papas' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Jugos' })).not.toBeInTheDocument();
    expect(view.api.to('GET /subcategories/options').at(-1)!.query.get('categoryId')).toBe('2');
    await view.user.click(screen.getByRole('option', { name: 'Papas' }));
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('creates a product with its image as multipart parts', async () => {
    const view = setup({ 'POST /products': okEnvelope({ ...mango, id: 4 }, 201) });
    await view.user.click(await screen.findByRole('button', { name: 'Agregar producto' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar producto' });

    await view.user.click(opener(dialog, 'Clientes'));
    await view.user.click(await screen.findByRole('option', { name: 'Abarrotes La Esperanza' }));
    // The list stays open for more choices.
    await view.user.keyboard('{Escape}');
    expect(within(dialog).getByRole('row', { name: 'Abarrotes La Esperanza' })).toBeVisible();
    await choose(view, dialog, 'Categoría', 'Bebidas');
    await waitFor(() => expect(select(dialog, 'Subcategoría')).toBeEnabled());
    await choose(view, dialog, 'Subcategoría', 'Jugos');
    await choose(view, dialog, 'Marca', 'Jumex');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'SKU' }), 'SKU-100');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Jugo de uva');

    const image = new File([new Uint8Array([137, 80, 78, 71])], 'uva.png', { type: 'image/png' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await view.user.upload(input, image);
    expect(
      await within(dialog).findByRole('img', { name: 'Vista previa de Imagen del producto' }),
    ).toBeVisible();

    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await waitFor(() => expect(save).toBeEnabled());
    await view.user.click(save);
    expect(await screen.findByText('Producto creado exitosamente.')).toBeVisible();

    const body = view.api.to('POST /products')[0]!.body as FormData;
    const parts = Object.fromEntries(
      [...body.entries()].filter(([, value]) => typeof value === 'string'),
    );
    expect(parts).toEqual({
      'clientIds[0]': '8',
      categoryId: '1',
      subcategoryId: '11',
      brandId: '4',
      sku: 'SKU-100',
      name: 'Jugo de uva',
      isActive: 'true',
    });
    // jsdom's File crosses into Node's FormData as a plain image blob.
    expect((body.get('productImage') as Blob).type).toBe('image/png');
  });

  it('shows the stored image and sends no image part when it is kept', async () => {
    const view = setup({
      'GET /products/3': okEnvelope(mango),
      'PUT /products/3': okEnvelope({ ...mango, name: 'Néctar de mango 1.5 L' }),
    });
    await view.user.click(
      await screen.findByRole('button', { name: 'Editar Néctar de mango 1 L' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar producto' });
    const preview = await within(dialog).findByRole('img', {
      name: 'Vista previa de Imagen del producto',
    });
    expect(preview).toHaveAttribute('src', `${STUB_BASE_URL}/files/${mango.productImageUrl}`);
    await waitFor(() => expect(select(dialog, 'Subcategoría')).toHaveValue('Jugos'));

    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await view.user.clear(name);
    await view.user.type(name, 'Néctar de mango 1.5 L');
    await view.user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Producto actualizado exitosamente.')).toBeVisible();
    const body = view.api.to('PUT /products/3')[0]!.body as FormData;
    expect(body.get('productImage')).toBeNull();
    expect(body.getAll('clientIds[1]')).toEqual(['9']);
    expect(body.get('name')).toBe('Néctar de mango 1.5 L');
  });
});

describe('dropdowns with more than 100 records (issue 13)', { timeout: 90_000 }, () => {
  const brands = Array.from({ length: 150 }, (_, i) => ({
    id: 1000 + i + 1,
    name: `Marca ${String(i + 1).padStart(3, '0')}`,
  }));
  /** `GET /brands/options` as the server answers it: a page by Take/Skip, or the named Ids. */
  const brandOptions = (request: StubRequest) => {
    const ids = request.query.getAll('Ids').map(Number);
    if (ids.length > 0) {
      return okEnvelope(
        ids.map((id) =>
          id === 99
            ? { id: 99, name: 'Jumex Clásico', isActive: false }
            : { ...brands.find((b) => b.id === id)!, isActive: true },
        ),
      );
    }
    const skip = Number(request.query.get('Skip') ?? 0);
    const take = Number(request.query.get('Take') ?? 10);
    return okEnvelope(brands.slice(skip, skip + take));
  };

  it('reaches and saves the 150th brand, the list paging on as it scrolls', async () => {
    const view = setup({
      'GET /brands/options': brandOptions,
      'GET /products/3': okEnvelope(mango),
      'PUT /products/3': okEnvelope({ ...mango, brandId: 1150 }),
    });
    await view.user.click(
      await screen.findByRole('button', { name: 'Editar Néctar de mango 1 L' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar producto' });
    await waitFor(() => expect(select(dialog, 'Subcategoría')).toHaveValue('Jugos'));
    await choose(view, dialog, 'Marca', 'Marca 150');
    expect(select(dialog, 'Marca')).toHaveValue('Marca 150');
    const skips = view.api.to('GET /brands/options').map((r) => r.query.get('Skip'));
    expect(skips).toEqual(expect.arrayContaining(['0', '50', '100']));

    await view.user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Producto actualizado exitosamente.')).toBeVisible();
    expect((view.api.to('PUT /products/3')[0]!.body as FormData).get('brandId')).toBe('1150');
  });

  it('names an inactive brand of the edited product and keeps it on save', async () => {
    const view = setup({
      'GET /brands/options': brandOptions,
      'GET /products/3': okEnvelope({ ...mango, brandId: 99, brandName: 'Jumex Clásico' }),
      'PUT /products/3': okEnvelope({ ...mango, brandId: 99 }),
    });
    await view.user.click(
      await screen.findByRole('button', { name: 'Editar Néctar de mango 1 L' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar producto' });
    await waitFor(() => expect(select(dialog, 'Marca')).toHaveValue('Jumex Clásico (inactivo)'));
    expect(view.api.to('GET /brands/options').some((r) => r.query.get('Ids') === '99')).toBe(true);
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();

    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await view.user.clear(name);
    await view.user.type(name, 'Néctar de mango 2 L');
    await waitFor(() => expect(save).toBeEnabled());
    await view.user.click(save);
    expect(await screen.findByText('Producto actualizado exitosamente.')).toBeVisible();
    expect((view.api.to('PUT /products/3')[0]!.body as FormData).get('brandId')).toBe('99');
  });
});
