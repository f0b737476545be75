// Spec 2 §2 (list pages, relation editors), §4 (forms), §5 (rules), §6 (permissions), §8 (messages):
// the master-data screens against the real server.
//
// Layout of this file: shared helpers first (API as a given account, list and form helpers), then
// one `test.describe` per journey. Points of sale, products and users add their own describe
// blocks at the end and reuse the helpers.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, type Account } from '../support/accounts.ts';
import { apiAs, optionId, type ApiSession } from '../support/api.ts';
import { passwordField, signIn, submitLogin, toast } from '../support/app.ts';

/** A suffix that keeps this run's names apart from anything else in the database. */
const run = Date.now().toString(36).slice(-6);
export const unique = (name: string) => `${name} ${run}`;

export { apiAs, optionId, type ApiSession };

// ---------------------------------------------------------------------------------------------
// Screens.

/** Opens a list page and waits for its title ('Gestión de marcas'). */
export async function openList(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The table row holding this exact text. */
export function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** Searches the list (the search box waits 500 ms before asking the server). */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
}

/** Presses 'Guardar' in the form dialog and waits for the success toast and the dialog to close. */
export async function saveForm(dialog: Locator, success: string): Promise<void> {
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(dialog.page(), success)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Chooses the option `option` of the single-choice field `label`. */
export async function choose(scope: Locator, label: string, option: string): Promise<void> {
  const combobox = scope.getByRole('combobox', { name: label, exact: true });
  const isCombobox = (await combobox.count()) > 0;
  if (isCombobox) {
    // A dropdown of records searches the server from the third character (spec 2 §9).
    await combobox.fill(option);
  } else {
    // A select's button is named by its value, then its label ('Seleccione una opción Estado').
    await scope.getByRole('button', { name: new RegExp(`(^| )${label}$`) }).click();
  }
  await scope.page().getByRole('option', { name: option, exact: true }).click();
  // The choice is made once the field shows it.
  if (isCombobox) await expect(combobox).toHaveValue(option);
}

/** Adds `option` to the multiple-choice field `label`, typing `typed` (3+ characters) first. */
export async function addChoice(
  scope: Locator,
  label: string,
  typed: string,
  option: string,
): Promise<void> {
  const input = scope.getByRole('combobox', { name: label });
  await input.fill(typed);
  const choice = scope.page().getByRole('option', { name: option, exact: true });
  await choice.click();
  await expect(choice).toHaveAttribute('aria-selected', 'true');
  // The list stays open for more choices; Escape closes it (and only it). The list may already
  // have closed by itself (it closes when the page scrolls): then there is nothing to close.
  if ((await input.getAttribute('aria-expanded')) === 'true') await input.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(scope.page().getByRole('listbox')).toBeHidden();
  // The chip of the choice shows under the field.
  await expect(
    scope.getByRole('grid', { name: `${label} seleccionados` }).getByRole('row', { name: option }),
  ).toBeVisible();
}

// ---------------------------------------------------------------------------------------------

// Each journey fills several forms against a shared server: on a loaded 2-core machine one takes
// over the default 60 s without anything being wrong.
const JOURNEY_TIMEOUT_MS = 180_000;

test.describe('the administrator maintains the master data', () => {
  test.describe.configure({ mode: 'serial', timeout: JOURNEY_TIMEOUT_MS });

  const brand = unique('Refrescos del Norte');
  const category = unique('Bebidas');
  const subcategory = unique('Refrescos de cola');
  const client = {
    code: `CLI-${run}`,
    name: unique('Abarrotes La Esperanza'),
    taxId: 'AES0102031A1',
  };
  const region = unique('Occidente');
  const campaign = unique('Regreso a clases');

  test('creates a brand, a category and a subcategory of it', async ({ page }) => {
    await signIn(page, admin);

    // The menu leads to the brands.
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Productos' }).click();
    await menu.getByRole('link', { name: 'Marcas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gestión de marcas' })).toBeVisible();

    await page.getByRole('button', { name: 'Agregar marca' }).click();
    let dialog = page.getByRole('dialog', { name: 'Agregar marca' });
    // spec 2 §4: saving waits for a valid and changed form; errors show once a field is touched.
    await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Re');
    await dialog.getByRole('textbox', { name: 'Descripción' }).focus();
    await expect(dialog.getByText('El nombre debe tener al menos 3 caracteres')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(brand);
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Marca de las pruebas');
    await saveForm(dialog, 'Marca creada exitosamente.');
    await search(page, brand);
    await expect(row(page, brand)).toBeVisible();
    await expect(
      row(page, brand).getByRole('cell', { name: 'Marca de las pruebas' }),
    ).toBeVisible();

    await openList(page, '/categories', 'Gestión de categorías');
    await page.getByRole('button', { name: 'Agregar categoría' }).click();
    dialog = page.getByRole('dialog', { name: 'Agregar categoría' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(category);
    await saveForm(dialog, 'Categoría creada exitosamente.');
    await search(page, category);
    // An empty description shows the placeholder.
    await expect(row(page, category).getByText('Sin descripción')).toBeVisible();

    await openList(page, '/subcategories', 'Gestión de subcategorías');
    await page.getByRole('button', { name: 'Agregar subcategoría' }).click();
    dialog = page.getByRole('dialog', { name: 'Agregar subcategoría' });
    await choose(dialog, 'Categoría', category);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(subcategory);
    await saveForm(dialog, 'Subcategoría creada exitosamente.');
    await search(page, subcategory);
    await expect(row(page, subcategory).getByRole('cell', { name: category })).toBeVisible();
  });

  test('creates a client and a region, and a duplicate client code is refused', async ({
    page,
  }) => {
    await signIn(page, admin);
    await openList(page, '/clients', 'Gestión de clientes');
    const addClient = async () => {
      await page.getByRole('button', { name: 'Agregar cliente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agregar cliente' });
      await dialog.getByRole('textbox', { name: 'Código' }).fill(client.code);
      await dialog.getByRole('textbox', { name: 'RFC' }).fill(client.taxId);
      await dialog.getByRole('textbox', { name: 'Nombre comercial' }).fill(client.name);
      return dialog;
    };
    await saveForm(await addClient(), 'Cliente creado exitosamente.');
    await search(page, client.code);
    await expect(row(page, client.name)).toBeVisible();
    await expect(page.getByRole('link', { name: `Productos de ${client.name}` })).toBeVisible();

    // The same code again: the server's 409 lands on the field, with the spec's failure toast.
    const dialog = await addClient();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Error al crear el cliente.')).toBeVisible();
    await expect(dialog.getByText('Ya existe un cliente con ese código.').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await openList(page, '/regions', 'Gestión de regiones');
    await page.getByRole('button', { name: 'Agregar región' }).click();
    const regionDialog = page.getByRole('dialog', { name: 'Agregar región' });
    await regionDialog.getByRole('textbox', { name: 'Nombre' }).fill(region);
    await addChoice(regionDialog, 'Estados', 'Jalis', 'Jalisco');
    await addChoice(regionDialog, 'Estados', 'Nayar', 'Nayarit');
    await saveForm(regionDialog, 'Región creada exitosamente.');
    await search(page, region);
    await expect(row(page, region).getByRole('cell', { name: 'Jalisco, Nayarit' })).toBeVisible();
  });

  test('creates a campaign for the client and links a product with the relation editor', async ({
    page,
    request,
  }) => {
    // Products have their own screen; here one is made through the API for the editor to offer.
    const api = await apiAs(request, admin);
    const product = { sku: `SKU-${run}`, name: unique('Refresco de cola 600 ml') };
    const clientId = await optionId(api, '/clients', client.name);
    const categoryId = await optionId(api, '/categories', category);
    await api.postMultipart('/products', {
      'clientIds[0]': clientId,
      categoryId,
      subcategoryId: await optionId(api, `/subcategories`, subcategory),
      brandId: await optionId(api, '/brands', brand),
      sku: product.sku,
      name: product.name,
      isActive: true,
    });

    await signIn(page, admin);
    await openList(page, '/campaigns', 'Gestión de campañas');
    await page.getByRole('button', { name: 'Agregar campaña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar campaña' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(campaign);
    await addChoice(dialog, 'Clientes', client.name.slice(0, 9), client.name);
    await saveForm(dialog, 'Campaña creada exitosamente.');
    await search(page, campaign);
    const campaignRow = row(page, campaign);
    await expect(campaignRow.getByRole('cell', { name: client.name })).toBeVisible();
    // spec 2 §2: an open-ended campaign shows the placeholder.
    await expect(campaignRow.getByText('Sin fecha')).toBeVisible();

    await campaignRow.getByRole('link', { name: `Productos de ${campaign}` }).click();
    await expect(page).toHaveURL(/\/campaigns\/\d+\/products$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Productos de la campaña ${campaign}` }),
    ).toBeVisible();
    const productOption = `${product.name} (${product.sku})`;
    const main = page.getByRole('main');
    await addChoice(main, 'Productos', product.name.slice(0, 12), productOption);
    await main.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Campaña actualizada exitosamente.')).toBeVisible();

    // Stored: the editor shows it again after a reload, and the API agrees.
    const campaignId = Number(/\/campaigns\/(\d+)\//.exec(page.url())![1]);
    await page.reload();
    await expect(
      main.getByRole('grid', { name: 'Productos seleccionados' }).getByRole('row', {
        name: productOption,
      }),
    ).toBeVisible();
    const relation = await api.get<{ relatedIds: number[] }>(`/campaigns/${campaignId}/products`);
    expect(relation.relatedIds).toHaveLength(1);

    await main.getByRole('link', { name: 'Volver a campañas' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gestión de campañas' }),
    ).toBeVisible();
  });
});

test.describe('a user who may only view brands', () => {
  test('sees the brands without add, edit or delete, and is sent to /dashboard from /users and the other screens', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const permissions = await api.get<{ id: number; code: string }[]>('/permissions');
    const viewBrands = permissions.find((p) => p.code === 'VIEW_BRANDS');
    expect(viewBrands).toBeDefined();
    const profile = await api.post<{ id: number }>('/profiles', {
      name: unique('Consulta de marcas'),
      description: 'Solo ve las marcas',
      permissionIds: [viewBrands!.id],
      isActive: true,
    });
    const viewer: Account = {
      email: `marcas.${run}@e2e.anaquel.mx`,
      password: 'Marcas#Solo2026',
      completeName: 'Mara Marcas',
    };
    await api.postMultipart('/users', {
      name: 'Mara',
      lastName: 'Marcas',
      dateOfBirth: '1992-03-14',
      email: viewer.email,
      password: viewer.password,
      profileId: profile.id,
      isActive: true,
    });
    const brand = unique('Marca visible');
    await api.post('/brands', { name: brand, description: null, isActive: true });

    await signIn(page, viewer);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Productos' }).click();
    await expect(menu.getByRole('link', { name: 'Marcas' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Categorías' })).toHaveCount(0);

    await openList(page, '/brands', 'Gestión de marcas');
    await search(page, brand);
    await expect(row(page, brand)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agregar marca' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Editar ${brand}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Eliminar ${brand}` })).toHaveCount(0);

    // spec 1 §6: a screen without its VIEW_ code sends the user to the dashboard.
    for (const path of ['/users', '/profiles', '/campaigns/1/products']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Points of sale, products and users (spec 2 §2-§5, §8).

/** A 1×1 PNG, for the image uploads. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('the administrator maintains points of sale, products and users', () => {
  test.describe.configure({ mode: 'serial', timeout: JOURNEY_TIMEOUT_MS });

  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const brand = unique('Lácteos del Valle');
  const category = unique('Lácteos');
  const subcategory = unique('Yogures');
  const client = { code: `CLP-${suffix}`, name: unique('Súper Mercados Centro') };
  const region = unique('Centro Histórico');
  const pointOfSale = { code: `PV-${suffix}`, name: unique('Tienda Centro') };
  const product = { sku: `SKU-IMG-${suffix}`, name: unique('Yogur natural 1 kg') };
  const promoter = {
    name: 'Paula',
    lastName: `Promotora ${suffix}`,
    email: `paula.${suffix.toLowerCase()}@e2e.anaquel.mx`,
    password: 'Promotora#2026',
    newPassword: 'Campo#Nuevo2027',
  };

  test.beforeAll(async ({ request }) => {
    // What the three forms choose from, made through the API.
    const api = await apiAs(request, admin);
    await api.post('/brands', { name: brand, description: null, isActive: true });
    const { id: categoryId } = await api.post<{ id: number }>('/categories', {
      name: category,
      description: null,
      isActive: true,
    });
    await api.post('/subcategories', {
      categoryId,
      name: subcategory,
      description: null,
      isActive: true,
    });
    await api.post('/clients', {
      code: client.code,
      commercialName: client.name,
      legalName: null,
      taxId: 'SMC0102031A1',
      isActive: true,
    });
    const states = await api.get<{ id: number; name: string }[]>('/states/options');
    const cdmx = states.find((state) => state.name === 'Ciudad de México')!.id;
    await api.post('/regions', {
      name: region,
      description: null,
      stateIds: [cdmx],
      isActive: true,
    });
  });

  test('creates a point of sale through the zip-code look-up', async ({ page, request }) => {
    await signIn(page, admin);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Administración' }).click();
    await menu.getByRole('link', { name: 'Puntos de venta' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gestión de puntos de venta' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Agregar punto de venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar punto de venta' });
    const municipality = dialog.getByRole('textbox', { name: 'Municipio' });
    // spec 2 §5: the address waits for a 5-digit zip code.
    await expect(municipality).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Código', exact: true }).fill(pointOfSale.code);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(pointOfSale.name);
    const zipCode = dialog.getByRole('textbox', { name: 'Código postal' });
    await zipCode.fill('0604');
    await expect(municipality).toBeDisabled();
    // 06045 in the synthetic SEPOMEX sample: four settlements of Cuauhtémoc, Ciudad de México.
    await zipCode.fill('06045');
    await expect(municipality).toBeEnabled();
    await expect(municipality).toHaveValue('Cuauhtémoc');
    await expect(dialog.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Ciudad de México');
    await expect(dialog.getByRole('button', { name: /Estado$/ })).toHaveText('Ciudad de México');
    await choose(dialog, 'Asentamiento', 'Bugambilias Sur');
    await dialog.getByRole('textbox', { name: 'Calle' }).fill('Av. 5 de Mayo');
    await dialog.getByRole('textbox', { name: 'Número exterior' }).fill('32');
    await dialog.getByRole('textbox', { name: 'Latitud' }).fill('norte');
    await dialog.getByRole('textbox', { name: 'Longitud' }).fill('-99.1332');
    await expect(dialog.getByText('La latitud debe ser un número válido')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Latitud' }).fill('19.4326');
    await saveForm(dialog, 'Punto de venta creado exitosamente.');

    await search(page, pointOfSale.code);
    const created = row(page, pointOfSale.name);
    await expect(created.getByRole('cell', { name: 'Ciudad de México' })).toBeVisible();
    await expect(created.getByRole('cell', { name: '06045' })).toBeVisible();

    // Stored as the look-up filled it.
    const api = await apiAs(request, admin);
    const { rows } = await api.get<{ rows: Record<string, unknown>[] }>(
      `/pointofsales/paged?Filter=${pointOfSale.code}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      stateName: 'Ciudad de México',
      municipality: 'Cuauhtémoc',
      settlement: 'Bugambilias Sur',
      city: 'Ciudad de México',
      latitude: 19.4326,
      longitude: -99.1332,
    });

    // Its products editor.
    await created.getByRole('link', { name: `Productos de ${pointOfSale.name}` }).click();
    await expect(page).toHaveURL(/\/points-of-sales\/\d+\/products$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: `Productos del punto de venta ${pointOfSale.name}`,
      }),
    ).toBeVisible();
  });

  test('creates a product with an image', async ({ page, request }) => {
    await signIn(page, admin);
    await openList(page, '/products', 'Gestión de productos');
    await page.getByRole('button', { name: 'Agregar producto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar producto' });
    await addChoice(dialog, 'Clientes', client.name.slice(0, 10), client.name);
    await choose(dialog, 'Categoría', category);
    await choose(dialog, 'Subcategoría', subcategory);
    await choose(dialog, 'Marca', brand);
    await dialog.getByRole('textbox', { name: 'SKU' }).fill(product.sku);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(product.name);
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Con imagen de prueba');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'yogur.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(
      dialog.getByRole('img', { name: 'Vista previa de Imagen del producto' }),
    ).toBeVisible();
    await saveForm(dialog, 'Producto creado exitosamente.');

    await search(page, product.sku);
    const created = row(page, product.name);
    await expect(created.getByRole('cell', { name: client.name })).toBeVisible();
    await expect(created.getByRole('cell', { name: subcategory })).toBeVisible();
    await expect(created.getByRole('cell', { name: brand })).toBeVisible();

    // The image was stored and is served; the edit form shows it.
    const api = await apiAs(request, admin);
    const { rows } = await api.get<{ rows: { productImageUrl: string | null }[] }>(
      `/products/paged?Filter=${product.sku}`,
    );
    const fileId = rows[0]?.productImageUrl;
    expect(fileId).toBeTruthy();
    const image = await request.get(`/api/v1/files/${fileId}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toContain('image/png');

    await created.getByRole('button', { name: `Editar ${product.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar producto' });
    await expect(
      edit.getByRole('img', { name: 'Vista previa de Imagen del producto' }),
    ).toHaveAttribute('src', `/api/v1/files/${fileId}`);
    await edit.getByRole('button', { name: 'Cancelar' }).click();
  });

  test('creates a promoter with a region, and changes its password', async ({ page, browser }) => {
    await signIn(page, admin);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('button', { name: 'Seguridad' }).click();
    await menu.getByRole('link', { name: 'Usuarios' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gestión de usuarios' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Agregar usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar usuario' });
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(promoter.name);
    await dialog.getByRole('textbox', { name: 'Apellidos' }).fill(promoter.lastName);
    await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill(promoter.email);
    // spec 2 §5: at least 15 years old.
    const born = new Date().getFullYear() - 14;
    await dialog.getByRole('spinbutton', { name: /^día/ }).click();
    await page.keyboard.type(`1503${born}`);
    await dialog.getByRole('textbox', { name: 'Apellidos' }).focus();
    await expect(dialog.getByText('El usuario debe tener al menos 15 años')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: /^año/ }).click();
    await page.keyboard.type('1996');
    await expect(dialog.getByText('El usuario debe tener al menos 15 años')).toBeHidden();
    await passwordField(dialog, 'Contraseña').fill(promoter.password);
    await expect(dialog.getByRole('meter')).toBeVisible();

    const regions = dialog.getByRole('combobox', { name: 'Regiones' });
    await expect(regions).toBeDisabled();
    await choose(dialog, 'Perfil', 'promotor');
    await expect(regions).toBeEnabled();
    await addChoice(dialog, 'Regiones', region.slice(0, 10), region);
    await saveForm(dialog, 'Usuario creado exitosamente.');

    await search(page, promoter.email);
    const fullName = `${promoter.name} ${promoter.lastName}`;
    const created = row(page, fullName);
    await expect(created.getByRole('cell', { name: region })).toBeVisible();
    await expect(created.getByRole('cell', { name: 'promotor', exact: true })).toBeVisible();
    await expect(created.getByRole('cell', { name: '15/03/1996' })).toBeVisible();

    // 'Cambiar Contraseña' (the admin holds CHANGE_PASSWORD_USERS).
    await created.getByRole('button', { name: `Cambiar Contraseña de ${fullName}` }).click();
    const modal = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
    await passwordField(modal, 'Nueva Contraseña').fill(promoter.newPassword);
    await passwordField(modal, 'Confirmar Contraseña').fill(`${promoter.newPassword}x`);
    // The confirmation's error shows once the field is left.
    await passwordField(modal, 'Confirmar Contraseña').blur();
    await expect(modal.getByText('Las contraseñas deben coincidir.')).toBeVisible();
    await passwordField(modal, 'Confirmar Contraseña').fill(promoter.newPassword);
    await modal.getByRole('button', { name: 'Cambiar Contraseña' }).click();
    await expect(toast(page, 'La contraseña del usuario se cambió exitosamente.')).toBeVisible();
    await expect(modal).toBeHidden();

    // The promoter signs in with the new password, to the field app (issue #22).
    const context = await browser.newContext();
    try {
      const phone = await context.newPage();
      await phone.goto('/login');
      await submitLogin(phone, promoter.email, promoter.newPassword);
      await expect(phone).toHaveURL(/\/campo$/);
      await expect(phone.getByRole('heading', { level: 1, name: 'Visitas de hoy' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
