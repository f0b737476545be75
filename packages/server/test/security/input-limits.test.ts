import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, multipart, type Api } from '../master/fixtures.ts';

// The limits every value obeys, from the contract, before any query (issue 8): int32 integers,
// finite numbers and no NUL character in text, in paths, queries, JSON and multipart bodies.

let t: TestApp;
let api: Api;

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
});

afterAll(async () => {
  await t?.close();
});

const rawJson = (method: 'POST' | 'PUT', url: string, body: string) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
    payload: body,
  });

describe('int32 integers', () => {
  it('refuses a path id of 2^31 with a Spanish message, and accepts 2^31 - 1', async () => {
    const body = expectFailure(await api.get('brands/2147483648'), 'getBrand', 400);
    expect(body.validationErrors).toEqual([
      { field: 'id', message: 'Debe ser menor o igual a 2147483647.' },
    ]);
    expectFailure(await api.get('brands/2147483647'), 'getBrand', 404);
    expectFailure(await api.get('brands/99999999999999999999999'), 'getBrand', 400);
    expectFailure(await api.delete('clients/4294967296'), 'deleteClient', 400);
  });

  it('refuses 2^31 in a JSON body, also inside arrays', async () => {
    const brand = expectSuccess(
      await api.post('brands', { name: 'Marca int32', isActive: true }),
      'createBrand',
      201,
    ) as { id: number };
    expect(brand.id).toBeGreaterThan(0);
    const client = expectSuccess(
      await api.post('clients', {
        code: 'INT-1',
        commercialName: 'Cliente int32',
        taxId: 'INT010101AAA',
        isActive: true,
      }),
      'createClient',
      201,
    ) as { id: number };
    const body = expectFailure(
      await api.put(`clients/${client.id}/products`, { relatedIds: [1, 2147483648] }),
      'setClientProducts',
      400,
    );
    expect(body.validationErrors).toEqual([
      { field: 'relatedIds[1]', message: 'Debe ser menor o igual a 2147483647.' },
    ]);
  });

  it('refuses 2^31 in a query and in a multipart field', async () => {
    const list = expectFailure(await api.get('brands/paged?Page=2147483648'), 'listBrands', 400);
    expect(list.validationErrors).toEqual([
      { field: 'Page', message: 'Debe ser menor o igual a 2147483647.' },
    ]);
    const form = multipart({
      name: 'P',
      sku: 'S',
      categoryId: 2147483648,
      clientIds: [2147483648],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { authorization: `Bearer ${api.token}`, ...form.headers },
      payload: form.payload,
    });
    const body = expectFailure(response, 'createProduct', 400);
    expect(body.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'categoryId', message: 'Debe ser menor o igual a 2147483647.' },
        { field: 'clientIds[0]', message: 'Debe ser menor o igual a 2147483647.' },
      ]),
    );
  });
});

describe('finite numbers', () => {
  it.each(['Page=1e309', 'PageSize=1e309', 'Page=Infinity', 'Page=-1e309'])(
    'refuses %s in a list query',
    async (query) => {
      const body = expectFailure(await api.get(`brands/paged?${query}`), 'listBrands', 400);
      expect(body.validationErrors.length).toBeGreaterThan(0);
    },
  );

  it('refuses Take=1e309 in an options query', async () => {
    expectFailure(await api.get('brands/options?Take=1e309'), 'listBrandOptions', 400);
  });

  it('refuses 1e309 in a JSON body (integer and decimal fields)', async () => {
    const id = expectFailure(
      await rawJson('POST', 'categories', '{"name":"x","isActive":true,"id":1e309}'),
      'createCategory',
      400,
    );
    expect(id.validationErrors.length).toBeGreaterThan(0);
    const pos = expectFailure(
      await rawJson(
        'POST',
        'pointofsales',
        '{"code":"PV-X","name":"T","stateId":9,"zipCode":"01000","municipality":"M","settlement":"S","street":"C","externalNumber":"1","isActive":true,"latitude":1e309,"longitude":-1e309}',
      ),
      'createPointOfSale',
      400,
    );
    expect(pos.validationErrors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['latitude', 'longitude']),
    );
  });
});

describe('no NUL character in text', () => {
  it('refuses NUL in Filter with a Spanish message', async () => {
    const body = expectFailure(await api.get('brands/paged?Filter=a%00b'), 'listBrands', 400);
    expect(body.validationErrors).toEqual([
      { field: 'Filter', message: 'No puede contener el carácter nulo (U+0000).' },
    ]);
    expectFailure(await api.get('clients/options?Filter=%00'), 'listClientOptions', 400);
  });

  it('refuses NUL in a JSON body and a multipart field', async () => {
    const body = expectFailure(
      await api.post('brands', { name: 'Marca\u0000', isActive: true }),
      'createBrand',
      400,
    );
    expect(body.validationErrors).toEqual([
      { field: 'name', message: 'No puede contener el carácter nulo (U+0000).' },
    ]);
    const form = multipart({ name: 'Pro\u0000ducto', sku: 'NUL-1' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { authorization: `Bearer ${api.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(expectFailure(response, 'createProduct', 400).validationErrors).toContainEqual({
      field: 'name',
      message: 'No puede contener el carácter nulo (U+0000).',
    });
  });

  it('refuses NUL in the sign-in e-mail and password without a 5xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin@anaquel.mx\u0000', password: 'x\u0000' },
    });
    expectFailure(response, 'login', 400);
  });
});

describe('echoed values', () => {
  it('a refused Sort key is echoed without NUL and at most 50 characters', async () => {
    for (const sort of ['a%00b', 'x'.repeat(300)]) {
      const body = expectFailure(await api.get(`brands/paged?Sort=${sort}`), 'listBrands', 400);
      const message = body.validationErrors.find((e) => e.field === 'Sort')!.message;
      expect(message).not.toContain('\u0000');
      expect(message.length).toBeLessThan(150);
    }
  });
});
