import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, create, type Api } from './fixtures.ts';

// Paged lists and dropdown options (spec 2 §7): paging fields, trimmed case- and
// accent-insensitive Filter, whitelisted Sort, extra filters, active-only options.

let t: TestApp;
let api: Api;
const BRAND_NAMES = [
  'Álamo Verde',
  'Botanas El Güero',
  'Conservas Doña Chela',
  'Peñafiel del Norte',
  'zapote rojo',
  ...Array.from({ length: 20 }, (_, i) => `Marca ${String(i + 1).padStart(2, '0')}`),
];

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
  for (const [index, name] of BRAND_NAMES.entries()) {
    await create(api, 'brands', 'createBrand', {
      name,
      description: index === 3 ? 'Aguas minerales' : null,
      isActive: index !== 1,
    });
  }
});

afterAll(async () => {
  await t?.close();
});

type Page = {
  rows: { id: number; name: string }[];
  page: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  hasNext: boolean;
  hasPrev: boolean;
};

const page = async (query: string) =>
  expectSuccess(await api.get(`brands/paged?${query}`), 'listBrands') as Page;

describe('paged list', () => {
  it('pages with totalPages, hasNext and hasPrev', async () => {
    const first = await page('Page=1&PageSize=10');
    expect(first).toMatchObject({
      page: 1,
      pageSize: 10,
      totalPages: 3,
      totalCount: 25,
      hasNext: true,
      hasPrev: false,
    });
    expect(first.rows).toHaveLength(10);
    const last = await page('Page=3&PageSize=10');
    expect(last).toMatchObject({ page: 3, totalPages: 3, hasNext: false, hasPrev: true });
    expect(last.rows).toHaveLength(5);
    const beyond = await page('Page=4&PageSize=10');
    expect(beyond).toMatchObject({ rows: [], totalCount: 25, hasNext: false, hasPrev: true });
    const ids = new Set(
      [...first.rows, ...(await page('Page=2&PageSize=10')).rows, ...last.rows].map((r) => r.id),
    );
    expect(ids.size).toBe(25);
  });

  it('defaults to page 1 of 10 rows sorted by name', async () => {
    const result = await page('');
    expect(result).toMatchObject({ page: 1, pageSize: 10 });
    expect(result.rows[0]!.name).toBe('Álamo Verde');
  });

  it('refuses a page size over 100 and a page under 1', async () => {
    expectFailure(
      await api.get('brands/paged?PageSize=101'),
      'listBrands',
      400,
      'VALIDATION_ERROR',
    );
    expectFailure(await api.get('brands/paged?Page=0'), 'listBrands', 400, 'VALIDATION_ERROR');
  });

  it('filters by trimmed text, ignoring case and accents, in name and description', async () => {
    expect((await page('Filter=%20%20PENAFIEL%20')).rows.map((r) => r.name)).toEqual([
      'Peñafiel del Norte',
    ]);
    expect((await page('Filter=güero')).rows.map((r) => r.name)).toEqual(['Botanas El Güero']);
    expect((await page('Filter=guero')).rows.map((r) => r.name)).toEqual(['Botanas El Güero']);
    expect((await page('Filter=minerales')).rows.map((r) => r.name)).toEqual([
      'Peñafiel del Norte',
    ]);
    expect((await page('Filter=marca&PageSize=5')).totalCount).toBe(20);
    // LIKE wildcards are literal text.
    expect((await page('Filter=%25')).totalCount).toBe(0);
    expect((await page('Filter=%20%20%20')).totalCount).toBe(25);
  });

  it('sorts ascending and descending, accents and case folded', async () => {
    const ascending = (await page('Sort=name&PageSize=100')).rows.map((r) => r.name);
    expect(ascending.slice(0, 4)).toEqual([
      'Álamo Verde',
      'Botanas El Güero',
      'Conservas Doña Chela',
      'Marca 01',
    ]);
    expect(ascending.at(-1)).toBe('zapote rojo');
    const descending = (await page('Sort=-name&PageSize=100')).rows.map((r) => r.name);
    expect(descending).toEqual([...ascending].reverse());
    const byActive = (await page('Sort=isActive&Sort=name&PageSize=3')).rows.map((r) => r.name);
    expect(byActive[0]).toBe('Botanas El Güero');
  });

  it('answers 400 in Spanish for a column that cannot be sorted', async () => {
    const failure = expectFailure(
      await api.get('brands/paged?Sort=-password'),
      'listBrands',
      400,
      'VALIDATION_ERROR',
    );
    expect(failure.errorMessage).toBe(
      'No se puede ordenar por "password". Columnas permitidas: id, name, description, isActive.',
    );
    expect(failure.validationErrors).toEqual([{ field: 'Sort', message: failure.errorMessage }]);
    expectFailure(
      await api.get('brands/paged?Sort=name;drop'),
      'listBrands',
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('options', () => {
  it('lists active records only, as { id, name }, limited by Take and sorted', async () => {
    const options = expectSuccess(await api.get('brands/options?Take=3'), 'listBrandOptions');
    expect(options.map((o) => o.name)).toEqual(['Álamo Verde', 'Conservas Doña Chela', 'Marca 01']);
    expect(Object.keys(options[0]!).sort()).toEqual(['id', 'name']);
    const all = expectSuccess(await api.get('brands/options?Take=100'), 'listBrandOptions');
    expect(all).toHaveLength(24);
    expect(all.map((o) => o.name)).not.toContain('Botanas El Güero');
    const descending = expectSuccess(
      await api.get('brands/options?Take=1&Sort=-name'),
      'listBrandOptions',
    );
    expect(descending.map((o) => o.name)).toEqual(['zapote rojo']);
    const filtered = expectSuccess(await api.get('brands/options?Filter=dona'), 'listBrandOptions');
    expect(filtered.map((o) => o.name)).toEqual(['Conservas Doña Chela']);
  });

  it('refuses Take over 100 and an unknown sort', async () => {
    expectFailure(await api.get('brands/options?Take=101'), 'listBrandOptions', 400);
    expectFailure(await api.get('brands/options?Sort=description'), 'listBrandOptions', 400);
  });

  it('filters subcategories by category in the list and in the options', async () => {
    const bebidas = await create(api, 'categories', 'createCategory', {
      name: 'Bebidas',
      isActive: true,
    });
    const lacteos = await create(api, 'categories', 'createCategory', {
      name: 'Lácteos',
      isActive: true,
    });
    await create(api, 'subcategories', 'createSubcategory', {
      categoryId: bebidas,
      name: 'Jugos',
      isActive: true,
    });
    await create(api, 'subcategories', 'createSubcategory', {
      categoryId: lacteos,
      name: 'Yogur',
      isActive: true,
    });
    await create(api, 'subcategories', 'createSubcategory', {
      categoryId: lacteos,
      name: 'Leche',
      isActive: false,
    });
    const list = expectSuccess(
      await api.get(`subcategories/paged?categoryId=${lacteos}&Sort=-name`),
      'listSubcategories',
    );
    expect(list.rows.map((r) => [r.name, r.categoryName])).toEqual([
      ['Yogur', 'Lácteos'],
      ['Leche', 'Lácteos'],
    ]);
    const byCategoryName = expectSuccess(
      await api.get('subcategories/paged?Filter=lacteos'),
      'listSubcategories',
    );
    expect(byCategoryName.totalCount).toBe(2);
    const options = expectSuccess(
      await api.get(`subcategories/options?categoryId=${lacteos}`),
      'listSubcategoryOptions',
    );
    expect(options.map((o) => o.name)).toEqual(['Yogur']);
    const sorted = expectSuccess(
      await api.get('subcategories/paged?Sort=categoryName&Sort=-name'),
      'listSubcategories',
    );
    expect(sorted.rows.map((r) => r.name)).toEqual(['Jugos', 'Yogur', 'Leche']);
  });

  it('lists the 32 states, filterable without accents', async () => {
    const states = expectSuccess(await api.get('states/options'), 'listStateOptions');
    expect(states).toHaveLength(32);
    expect(states[0]).toEqual({ id: 1, name: 'Aguascalientes' });
    const mexico = expectSuccess(await api.get('states/options?Filter=mexico'), 'listStateOptions');
    expect(mexico.map((s) => s.name)).toEqual(['Ciudad de México', 'México']);
  });
});

describe('points of sale list', () => {
  it('filters by zip code or settlement and sorts by state name', async () => {
    const base = {
      municipality: 'Centro',
      settlement: 'Centro',
      street: 'Av. Juárez',
      externalNumber: '1',
      isActive: true,
    };
    await create(api, 'pointofsales', 'createPointOfSale', {
      ...base,
      code: 'PV-1',
      name: 'Tienda Mérida',
      stateId: 31,
      zipCode: '97000',
      settlement: 'García Ginerés',
    });
    await create(api, 'pointofsales', 'createPointOfSale', {
      ...base,
      code: 'PV-2',
      name: 'Tienda Aguascalientes',
      stateId: 1,
      zipCode: '20000',
    });
    await create(api, 'pointofsales', 'createPointOfSale', {
      ...base,
      code: 'PV-3',
      name: 'Tienda Monterrey',
      stateId: 19,
      zipCode: '64000',
    });
    const byZip = expectSuccess(
      await api.get('pointofsales/paged?Filter=64000'),
      'listPointsOfSale',
    );
    expect(byZip.rows.map((r) => r.name)).toEqual(['Tienda Monterrey']);
    const bySettlement = expectSuccess(
      await api.get('pointofsales/paged?Filter=GINERES'),
      'listPointsOfSale',
    );
    expect(bySettlement.rows.map((r) => r.code)).toEqual(['PV-1']);
    const byState = expectSuccess(
      await api.get('pointofsales/paged?Sort=-stateName'),
      'listPointsOfSale',
    );
    expect(byState.rows.map((r) => r.stateName)).toEqual([
      'Yucatán',
      'Nuevo León',
      'Aguascalientes',
    ]);
    const inState = expectSuccess(
      await api.get('pointofsales/paged?stateId=19'),
      'listPointsOfSale',
    );
    expect(inState.totalCount).toBe(1);
    const options = expectSuccess(
      await api.get('pointofsales/options?Filter=merida'),
      'listPointOfSaleOptions',
    );
    expect(options.map((o) => o.name)).toEqual(['Tienda Mérida (PV-1)']);
  });
});
