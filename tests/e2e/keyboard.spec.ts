// A keyboard-only journey: no mouse from the sign-in form to a saved relation. The person signs
// in, opens a list from the side menu, creates a record with the list's form, finds it, and
// links records in a relation editor, with Tab, Shift+Tab, arrows, typing, Enter and Escape.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { toast } from '../support/app.ts';

const run = Date.now().toString(36).slice(-6);

/** Presses Tab until `target` has the focus (as a keyboard user would), failing after `max`. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a keyboard-only journey: sign-in, a list with its form, a relation editor', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Two points of sale and a campaign (prepared through the API).
  const api = await apiAs(request, admin);
  const place = (n: number) => ({ name: `Tienda teclado ${n} ${run}`, code: `TEC${n}-${run}` });
  const option = (n: number) => `${place(n).name} (${place(n).code})`;
  const places: { id: number }[] = [];
  for (const n of [1, 2]) {
    places.push(
      await api.post<{ id: number }>('/pointofsales', {
        ...place(n),
        stateId: 9,
        zipCode: '99999',
        city: null,
        municipality: 'Coyoacán',
        settlement: 'Del Carmen',
        street: 'Calle del Teclado',
        externalNumber: String(n),
        internalNumber: null,
        latitude: null,
        longitude: null,
        isActive: true,
      }),
    );
  }
  const client = await api.post<{ id: number }>('/clients', {
    code: `TEC-${run}`,
    commercialName: `Cliente teclado ${run}`,
    legalName: null,
    taxId: 'TEC010101AA1',
    isActive: true,
  });
  const campaign = `Campaña teclado ${run}`;
  const created = await api.post<{ id: number }>('/campaigns', {
    name: campaign,
    description: null,
    startDate: new Date().toISOString().slice(0, 10),
    endDate: null,
    clientIds: [client.id],
    isActive: true,
  });

  // Sign-in.
  await page.goto('/login');
  await tabTo(page, page.getByRole('textbox', { name: 'Correo electrónico' }));
  await page.keyboard.type(admin.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Contraseña', exact: true }));
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Inicio de sesión exitoso.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de control' })).toBeVisible();

  // A list from the side menu: Productos > Marcas.
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await tabTo(page, menu.getByRole('button', { name: 'Productos' }));
  await page.keyboard.press('Enter');
  await tabTo(page, menu.getByRole('link', { name: 'Marcas' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de marcas' })).toBeVisible();

  // Its create form.
  const brand = `Marca teclado ${run}`;
  const add = page.getByRole('button', { name: 'Agregar marca' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Agregar marca' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('textbox', { name: 'Nombre' }));
  await page.keyboard.type(brand);
  await tabTo(page, dialog.getByRole('button', { name: 'Guardar' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Marca creada exitosamente.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Found in the list with the search box.
  await tabTo(page, page.getByRole('searchbox', { name: 'Buscar' }));
  await page.keyboard.type(brand);
  await expect(page.getByRole('cell', { name: brand, exact: true })).toBeVisible();

  // A relation editor: Administración > Campañas, the campaign's clients.
  await tabTo(page, menu.getByRole('button', { name: 'Administración' }));
  await page.keyboard.press('Enter');
  await tabTo(page, menu.getByRole('link', { name: 'Campañas' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de campañas' })).toBeVisible();
  await tabTo(page, page.getByRole('searchbox', { name: 'Buscar' }));
  await page.keyboard.type(campaign);
  await tabTo(page, page.getByRole('link', { name: `Puntos de venta de ${campaign}` }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/campaigns/${created.id}/points-of-sales$`));
  const main = page.getByRole('main');
  const chosen = main.getByRole('grid', { name: 'Puntos de venta seleccionados' });
  // Both points of sale, one after the other, from the keyboard.
  for (const n of [1, 2]) {
    await tabTo(page, main.getByRole('combobox', { name: 'Puntos de venta' }));
    await page.keyboard.type(place(n).name.slice(0, 16));
    const wanted = page.getByRole('option', { name: option(n), exact: true });
    await expect(wanted).toBeVisible();
    // Arrow down to the option and choose it with Enter; Escape closes the list.
    for (let i = 0; i < 10 && (await wanted.getAttribute('data-focused')) === null; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(wanted).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(chosen.getByRole('row', { name: option(n) })).toBeVisible();
  }
  await tabTo(page, main.getByRole('button', { name: 'Guardar' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Campaña actualizada exitosamente.')).toBeVisible();

  // Stored: both points of sale are linked.
  const relation = await api.get<{ relatedIds: number[] }>(`/campaigns/${created.id}/pointofsales`);
  expect([...relation.relatedIds].sort((x, y) => x - y)).toEqual(
    places.map((p) => p.id).sort((x, y) => x - y),
  );
});
