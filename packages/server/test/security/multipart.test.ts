import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, type Api } from '../master/fixtures.ts';

// Multipart field names and indexes are data, never object keys or array lengths
// (issue 8: `__proto__[0]` poisoned the process, `ids[100000000]` blocked the event loop).

let t: TestApp;
let api: Api;

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
});

afterAll(async () => {
  await t?.close();
});

/** A multipart body built from raw part names (the fixture's helper expands arrays itself). */
function rawForm(parts: [name: string, value: string][]) {
  const boundary = '----anaquelraw';
  const body =
    parts
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return {
    payload: Buffer.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const postProduct = (form: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: { authorization: `Bearer ${api.token}`, ...form.headers },
    payload: form.payload,
  });

describe('multipart field names', () => {
  it.each([
    '__proto__[0]',
    '__proto__',
    'constructor[]',
    'toString[]',
    'prototype',
    'hasOwnProperty',
  ])('refuses the part "%s" with a Spanish 400 on the field', async (name) => {
    const body = expectFailure(await postProduct(rawForm([[name, 'x']])), 'createProduct', 400);
    // Names of Object.prototype are refused by @fastify/multipart itself, the others by the
    // form reader: either way a 400 envelope that names the problem.
    expect([
      [{ field: name, message: `No se permite el campo "${name}".` }],
      [{ field: '', message: 'El cuerpo de la solicitud contiene propiedades no permitidas.' }],
    ]).toContainEqual(body.validationErrors);
  });

  it('one `__proto__[0]` part does not poison the process: health, sign-in, reads and writes still work', async () => {
    expectFailure(await postProduct(rawForm([['__proto__[0]', 'x']])), 'createProduct', 400);
    expectFailure(
      await postProduct(rawForm([['constructor[prototype][polluted]', 'yes']])),
      'createProduct',
      400,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('0');

    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expectSuccess(health, 'getHealth');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: t.config.adminEmail, password: t.config.adminPassword },
    });
    expectSuccess(login, 'login');
    expectSuccess(await api.get('brands/paged'), 'listBrands');
    expectSuccess(
      await api.post('brands', { name: 'Después', isActive: true }),
      'createBrand',
      201,
    );
  });

  it('names with nesting or odd characters are refused, not interpreted', async () => {
    const body = expectFailure(
      await postProduct(
        rawForm([
          ['name[0][1]', 'x'],
          ['name.first', 'y'],
          ['', 'z'],
        ]),
      ),
      'createProduct',
      400,
    );
    expect(body.validationErrors.map((e) => e.field)).toEqual(['name[0][1]', 'name.first', '']);
  });
});

describe('multipart array indexes', () => {
  it('answers an index over the bound with a 400 at once (no sparse array is built)', async () => {
    const started = performance.now();
    const body = expectFailure(
      await postProduct(
        rawForm([
          ['clientIds[100000000]', '1'],
          ['clientIds[99999999999999999999]', '2'],
        ]),
      ),
      'createProduct',
      400,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(body.validationErrors[0]).toEqual({
      field: 'clientIds',
      message: 'El índice 100000000 excede el máximo permitido (999).',
    });
    expect(body.validationErrors[1]!.message).toBe(
      'El índice 999999999999… excede el máximo permitido (999).',
    );
  });

  it('keeps index order and compacts the list within the bound', async () => {
    // Indexes 999 and 5 arrive out of order: they order the values, they do not size the list.
    const body = expectFailure(
      await postProduct(
        rawForm([
          ['clientIds[999]', 'abc'],
          ['clientIds[5]', '7'],
        ]),
      ),
      'createProduct',
      400,
    );
    expect(body.validationErrors).toContainEqual({
      field: 'clientIds[1]',
      message: 'Debe ser de tipo número entero.',
    });
    expect(body.validationErrors.some((e) => e.field === 'clientIds[0]')).toBe(false);
  });
});

describe('malformed multipart bodies', () => {
  it('a missing boundary answers the 400 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'multipart/form-data' },
      payload: Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n',
      ),
    });
    const body = expectFailure(response, 'createProduct', 400);
    expect(body.errorMessage).toBe('El cuerpo multipart/form-data está incompleto o mal formado.');
  });

  it('a truncated body answers the 400 envelope', async () => {
    const form = rawForm([
      ['name', 'Producto'],
      ['sku', 'TR-1'],
    ]);
    const cut = form.payload.subarray(0, form.payload.length - 30);
    const response = await postProduct({ headers: form.headers, payload: cut });
    const body = expectFailure(response, 'createProduct', 400);
    expect(body.errorMessage).toBe('El cuerpo multipart/form-data está incompleto o mal formado.');
  });

  it('a part without a name or a header answers the 400 envelope', async () => {
    const boundary = 'b0undary';
    const response = await postProduct({
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`--${boundary}\r\nX: y\r\n\r\nvalue\r\n--${boundary}--\r\n`),
    });
    expect(response.statusCode).toBe(400);
    expectFailure(response, 'createProduct', 400);
  });
});
