// Issue 13, master data at real scale: dropdowns and relation editors with more records than one
// page of options, against the real server. Every name carries this run's tag, so re-runs and the
// other journeys (one shared server and database) never meet these records.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs, optionId } from '../support/api.ts';
import { signIn, toast } from '../support/app.ts';

const tag = `E${Date.now().toString(36).slice(-6).toUpperCase()}`;
/** '0007' for 7: names sort in creation order and none is a prefix of another. */
const nth = (n: number) => String(n).padStart(4, '0');

/** Runs `make(1)`..`make(count)` through the API, `batch` requests at a time, in order. */
async function createMany<T>(
  count: number,
  make: (n: number) => Promise<T>,
  batch = 50,
): Promise<T[]> {
  const made: T[] = [];
  for (let start = 1; start <= count; start += batch) {
    const numbers = Array.from({ length: Math.min(batch, count - start + 1) }, (_, i) => start + i);
    made.push(...(await Promise.all(numbers.map(make))));
  }
  return made;
}

/** The product dialog's single-choice field `label`: types the whole name, picks the option. */
async function pick(dialog: Locator, label: string, name: string): Promise<void> {
  // A dropdown of records searches the server from the third character (spec 2 §9); the option
  // shows once the search has answered, wherever the record sorts.
  await dialog.getByRole('combobox', { name: label, exact: true }).fill(name);
  await dialog.page().getByRole('option', { name, exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: label, exact: true })).toHaveValue(name);
}

/** Opens the products list filtered by `sku` and answers the row of `name`. */
async function productRow(page: Page, sku: string, name: string): Promise<Locator> {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de productos' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(sku);
  const found = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(found).toHaveCount(1);
  return found;
}

test.describe('product form with more brands than a page of options', () => {
  // Serial: the second journey uses the first one's brands. Generous: each step asks the server
  // to search among this run's records and the machine may be shared.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  const brandName = (n: number) => `Marca ${tag} ${nth(n)}`;
  const category = `Categoría ${tag}`;
  const subcategory = `Subcategoría ${tag}`;
  const client = `Cliente escala ${tag}`;
  let brandIds: number[] = [];

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    const api = await apiAs(request, admin);
    // 150 brands of this run on top of the demo ones: far more than the first page of options.
    brandIds = await createMany(150, async (n) => {
      const brand = await api.post<{ id: number }>('/brands', {
        name: brandName(n),
        description: null,
        isActive: true,
      });
      return brand.id;
    });
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
      code: `CL-${tag}`,
      commercialName: client,
      legalName: null,
      taxId: 'CES0102031A1',
      isActive: true,
    });
  });

  test('chooses the 150th brand by typing part of its name, and the list shows it', async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const product = { sku: `SKU-${tag}-150`, name: `Producto marca 150 ${tag}` };
    await signIn(page, admin);
    await page.goto('/products');
    await page.getByRole('button', { name: 'Agregar producto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar producto' });

    const clients = dialog.getByRole('combobox', { name: 'Clientes' });
    await clients.fill(client);
    await page.getByRole('option', { name: client, exact: true }).click();
    await clients.press('Escape');
    await expect(
      dialog.getByRole('grid', { name: 'Clientes seleccionados' }).getByRole('row', {
        name: client,
      }),
    ).toBeVisible();
    await pick(dialog, 'Categoría', category);
    await pick(dialog, 'Subcategoría', subcategory);
    await pick(dialog, 'Marca', brandName(150));
    await dialog.getByRole('textbox', { name: 'SKU' }).fill(product.sku);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(product.name);
    const save = dialog.getByRole('button', { name: 'Guardar' });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, 'Producto creado exitosamente.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const created = await productRow(page, product.sku, product.name);
    await expect(created.getByRole('cell', { name: brandName(150), exact: true })).toBeVisible();
    // Stored with that brand.
    const { rows } = await api.get<{ rows: { id: number }[] }>(
      `/products/paged?Filter=${product.sku}`,
    );
    const detail = await api.get<{ brandId: number }>(`/products/${rows[0]!.id}`);
    expect(detail.brandId).toBe(brandIds[149]);
  });

  test("edits a product whose brand is inactive: the brand shows, marked '(inactivo)', and stays", async ({
    page,
    request,
  }) => {
    const api = await apiAs(request, admin);
    const brand = brandName(149);
    const product = { sku: `SKU-${tag}-INA`, name: `Producto marca inactiva ${tag}` };
    const { id } = await api.postMultipart<{ id: number }>('/products', {
      'clientIds[0]': await optionId(api, '/clients', client),
      categoryId: await optionId(api, '/categories', category),
      subcategoryId: await optionId(api, '/subcategories', subcategory),
      brandId: brandIds[148]!,
      sku: product.sku,
      name: product.name,
      isActive: true,
    });
    await api.put(`/brands/${brandIds[148]}`, { name: brand, description: null, isActive: false });

    await signIn(page, admin);
    const found = await productRow(page, product.sku, product.name);
    await found.getByRole('button', { name: `Editar ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar producto' });
    const brandField = dialog.getByRole('combobox', { name: 'Marca', exact: true });
    await expect(brandField).toHaveValue(`${brand} (inactivo)`);
    await expect(dialog.getByRole('combobox', { name: 'Categoría', exact: true })).toHaveValue(
      category,
    );
    // Nothing changed: nothing to save, and nothing looks missing.
    await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await expect(dialog.getByText('La marca es obligatoria')).toHaveCount(0);

    // Another change saves without touching the brand.
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(`${product.name} editado`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Producto actualizado exitosamente.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const detail = await api.get<{ brandId: number; name: string }>(`/products/${id}`);
    expect(detail).toMatchObject({ brandId: brandIds[148], name: `${product.name} editado` });
  });
});

test.describe('a relation editor with 2 000 candidates and 300 linked', () => {
  const clientName = (n: number) => `Cliente ${tag} ${nth(n)}`;
  const campaign = `Campaña escala ${tag}`;

  test('counts and names what is linked, finds and adds candidates beyond the first page, and saves', async ({
    page,
    request,
  }) => {
    // Seeding 2 000 records through the API (no bulk path) takes most of this test: nearly 2
    // minutes when other work shares the two cores, 3 when they are overloaded.
    test.setTimeout(360_000);
    const api = await apiAs(request, admin);
    const t0 = Date.now();
    // No bulk path in the API: 2 000 clients, 50 requests at a time.
    const clientIds = await createMany(2000, async (n) => {
      const created = await api.post<{ id: number }>('/clients', {
        code: `${tag}-${nth(n)}`,
        commercialName: clientName(n),
        legalName: null,
        taxId: 'CES0102031A1',
        isActive: true,
      });
      return created.id;
    });
    const { id: campaignId } = await api.post<{ id: number }>('/campaigns', {
      name: campaign,
      description: null,
      startDate: '2026-07-01',
      endDate: null,
      clientIds: [clientIds[0]],
      isActive: true,
    });
    // The first 300 linked in one request; the 300th then made inactive.
    const linked = clientIds.slice(0, 300);
    await api.put(`/campaigns/${campaignId}/clients`, { relatedIds: linked });
    await api.put(`/clients/${clientIds[299]}`, {
      code: `${tag}-${nth(300)}`,
      commercialName: clientName(300),
      legalName: null,
      taxId: 'CES0102031A1',
      isActive: false,
    });

    test.info().annotations.push({ type: 'seeded in (ms)', description: String(Date.now() - t0) });
    await signIn(page, admin);
    await page.goto(`/campaigns/${campaignId}/clients`);
    const main = page.getByRole('main');
    // The campaign and its 300 linked clients load together (slow on two busy cores).
    await expect(
      main.getByRole('heading', { level: 1, name: `Clientes de la campaña ${campaign}` }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(main.getByRole('progressbar', { name: 'Cargando' })).toBeHidden({
      timeout: 30_000,
    });
    const status = main.getByRole('status').filter({ hasText: /^Vinculados: / });
    await expect(status).toHaveText('Vinculados: 300');
    // Every linked record by name (none as a bare id), the inactive one marked.
    const chips = main.getByRole('grid', { name: 'Clientes seleccionados' });
    await expect(chips.getByRole('row')).toHaveCount(300);
    await expect(chips.getByRole('row', { name: clientName(1), exact: true })).toBeVisible();
    await expect(chips.getByRole('row', { name: clientName(150), exact: true })).toBeVisible();
    await expect(
      chips.getByRole('row', { name: `${clientName(300)} (inactivo)`, exact: true }),
    ).toBeVisible();
    await expect(chips.getByRole('row', { name: String(clientIds[150]), exact: true })).toHaveCount(
      0,
    );

    // One candidate far beyond the first page of options, found by the server search.
    const input = main.getByRole('combobox', { name: 'Clientes' });
    await input.fill(clientName(1999));
    await page.getByRole('option', { name: clientName(1999), exact: true }).click();
    await input.press('Escape');
    await expect(chips.getByRole('row', { name: clientName(1999), exact: true })).toBeVisible();
    await expect(status).toHaveText('Vinculados: 301');

    // The results of a search at once: 'Cliente {tag} 18' matches the 100 clients 1800-1899.
    const search = `Cliente ${tag} 18`;
    await input.fill(search);
    // Not on the unfiltered first page: the search has reached the server (which searches 2 000
    // more clients than usual on a busy machine).
    await expect(page.getByRole('option', { name: clientName(1800), exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await input.press('Escape');
    await main.getByRole('button', { name: `Agregar todos los resultados de "${search}"` }).click();
    // Two pages of 100 read with the search: allow for a busy server.
    await expect(
      toast(page, `Se agregaron 100 resultados de la búsqueda "${search}".`),
    ).toBeVisible({ timeout: 30_000 });
    await expect(status).toHaveText('Vinculados: 401');
    await expect(chips.getByRole('row', { name: clientName(1899), exact: true })).toBeVisible();

    // Saved: the PUT, the toast the person sees, the API and the reloaded count. (Under a load
    // average of 25-30 the toast was once missed while 'Error al cargar los clientes' showed; on
    // a quieter machine both the toast and the clean field were seen, so it stays asserted.)
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/campaigns/${campaignId}/clients`),
      { timeout: 60_000 },
    );
    await main.getByRole('button', { name: 'Guardar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, 'Campaña actualizada exitosamente.')).toBeVisible();
    const relation = await api.get<{ relatedIds: number[] }>(`/campaigns/${campaignId}/clients`);
    expect(relation.relatedIds).toHaveLength(401);
    expect(relation.relatedIds).toEqual(
      expect.arrayContaining([
        clientIds[0],
        clientIds[299],
        clientIds[1799],
        clientIds[1898],
        clientIds[1998],
      ]),
    );

    expect(relation.relatedIds).not.toContain(clientIds[1798]);
    expect(relation.relatedIds).not.toContain(clientIds[1900]);

    // Stored: a reload shows the new count.
    await page.reload();
    await expect(status).toHaveText('Vinculados: 401', { timeout: 30_000 });
  });
});
