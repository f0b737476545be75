import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, type OperationId } from '../../src/http/contract.ts';
import { createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, create, multipart, type Api } from './fixtures.ts';

// Every master-data resource through its full life: create, read, list, update, delete; each
// answer checked against the contract.

let t: TestApp;
let api: Api;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
  ids.category = await create(api, 'categories', 'createCategory', {
    name: 'Bebidas',
    description: 'Refrescos y jugos',
    isActive: true,
  });
  ids.subcategory = await create(api, 'subcategories', 'createSubcategory', {
    categoryId: ids.category,
    name: 'Jugos',
    isActive: true,
  });
  ids.brand = await create(api, 'brands', 'createBrand', { name: 'La Huerta', isActive: true });
  ids.client = await create(api, 'clients', 'createClient', {
    code: 'CLI-100',
    commercialName: 'Abarrotes Ñandú',
    taxId: 'ANA010101AAA',
    isActive: true,
  });
  ids.region = await create(api, 'regions', 'createRegion', {
    name: 'Bajío',
    stateIds: [11, 22],
    isActive: true,
  });
});

afterAll(async () => {
  await t?.close();
});

interface Case {
  resource: string;
  ops: {
    list: OperationId;
    get: OperationId;
    create: OperationId;
    update: OperationId;
    del: OperationId;
  };
  create: () => Record<string, unknown>;
  update: () => Record<string, unknown>;
  /** What the record must show after create and after update. */
  created: Record<string, unknown>;
  updated: Record<string, unknown>;
  multipart?: boolean;
}

/**
 * The plain name/description/isActive resources: every path whose list answers the contract's
 * NamedRecordPageEnvelope (brands, categories, and any new one without editing this file).
 */
function namedCases(): Case[] {
  const operationId = (method: string, path: string) => {
    const found = listOperations().find((op) => op.method === method && op.path === path);
    if (!found) throw new Error(`${method} ${path} is not in the contract`);
    return found.operationId as OperationId;
  };
  const named = listOperations().filter(
    (op) =>
      op.method === 'GET' &&
      op.path.endsWith('/paged') &&
      JSON.stringify(op.operation.responses['200']).includes(
        '#/components/schemas/NamedRecordPageEnvelope',
      ),
  );
  return named.map(({ path }) => {
    const base = path.slice(0, -'/paged'.length);
    return {
      resource: base.slice(1),
      ops: {
        list: operationId('GET', path),
        get: operationId('GET', `${base}/{id}`),
        create: operationId('POST', base),
        update: operationId('PUT', `${base}/{id}`),
        del: operationId('DELETE', `${base}/{id}`),
      },
      create: () => ({ name: '  Lácteos Los Altos  ', description: '', isActive: true }),
      update: () => ({ name: 'Lácteos Altos', description: 'Leche de Jalisco', isActive: false }),
      created: { name: 'Lácteos Los Altos', description: null, isActive: true },
      updated: { name: 'Lácteos Altos', description: 'Leche de Jalisco', isActive: false },
    };
  });
}

const cases: Case[] = [
  ...namedCases(),
  {
    resource: 'subcategories',
    ops: {
      list: 'listSubcategories',
      get: 'getSubcategory',
      create: 'createSubcategory',
      update: 'updateSubcategory',
      del: 'deleteSubcategory',
    },
    create: () => ({ categoryId: ids.category, name: 'Aguas frescas', isActive: true }),
    update: () => ({
      categoryId: ids.category,
      name: 'Aguas de sabor',
      description: 'Jamaica',
      isActive: true,
    }),
    created: { name: 'Aguas frescas', categoryName: 'Bebidas' },
    updated: { name: 'Aguas de sabor', description: 'Jamaica', categoryName: 'Bebidas' },
  },
  {
    resource: 'clients',
    ops: {
      list: 'listClients',
      get: 'getClient',
      create: 'createClient',
      update: 'updateClient',
      del: 'deleteClient',
    },
    create: () => ({
      code: 'CLI-200',
      commercialName: 'Súper del Río',
      legalName: null,
      taxId: 'sdr010101ab1',
      isActive: true,
    }),
    update: () => ({
      code: 'CLI-201',
      commercialName: 'Súper del Río Bravo',
      legalName: 'Súper del Río, S.A. de C.V.',
      taxId: 'SDR010101AB1',
      isActive: true,
    }),
    created: {
      code: 'CLI-200',
      taxId: 'SDR010101AB1',
      legalName: null,
      pointOfSaleIds: [],
      productIds: [],
    },
    updated: {
      code: 'CLI-201',
      commercialName: 'Súper del Río Bravo',
      legalName: 'Súper del Río, S.A. de C.V.',
    },
  },
  {
    resource: 'pointofsales',
    ops: {
      list: 'listPointsOfSale',
      get: 'getPointOfSale',
      create: 'createPointOfSale',
      update: 'updatePointOfSale',
      del: 'deletePointOfSale',
    },
    create: () => ({
      code: 'PV-0100',
      name: 'Tienda Coyoacán',
      stateId: 9,
      zipCode: '04000',
      municipality: 'Coyoacán',
      settlement: 'Del Carmen',
      street: 'Av. Hidalgo',
      externalNumber: '12',
      isActive: true,
    }),
    update: () => ({
      code: 'PV-0100',
      name: 'Tienda Coyoacán Centro',
      stateId: 9,
      zipCode: '04000',
      city: 'Ciudad de México',
      municipality: 'Coyoacán',
      settlement: 'Del Carmen',
      street: 'Av. Hidalgo',
      externalNumber: '12',
      internalNumber: 'B',
      latitude: 19.3467,
      longitude: -99.1617,
      isActive: true,
    }),
    created: {
      stateName: 'Ciudad de México',
      latitude: null,
      longitude: null,
      city: null,
      productIds: [],
    },
    updated: {
      name: 'Tienda Coyoacán Centro',
      latitude: 19.3467,
      longitude: -99.1617,
      internalNumber: 'B',
    },
  },
  {
    resource: 'products',
    multipart: true,
    ops: {
      list: 'listProducts',
      get: 'getProduct',
      create: 'createProduct',
      update: 'updateProduct',
      del: 'deleteProduct',
    },
    create: () => ({
      clientIds: [ids.client!],
      categoryId: ids.category!,
      subcategoryId: ids.subcategory!,
      brandId: ids.brand!,
      sku: 'SKU-001',
      name: 'Néctar de mango',
      description: '',
      isActive: true,
    }),
    update: () => ({
      clientIds: [ids.client!],
      categoryId: ids.category!,
      subcategoryId: ids.subcategory!,
      brandId: ids.brand!,
      sku: 'SKU-001',
      name: 'Néctar de mango 1 L',
      description: 'Cartón',
      isActive: true,
    }),
    created: {
      brandName: 'La Huerta',
      categoryName: 'Bebidas',
      subcategoryName: 'Jugos',
      clientNames: ['Abarrotes Ñandú'],
      description: null,
      productImageUrl: null,
    },
    updated: { name: 'Néctar de mango 1 L', description: 'Cartón' },
  },
  {
    resource: 'regions',
    ops: {
      list: 'listRegions',
      get: 'getRegion',
      create: 'createRegion',
      update: 'updateRegion',
      del: 'deleteRegion',
    },
    create: () => ({ name: 'Sureste', stateIds: [31, 20, 31], isActive: true }),
    update: () => ({ name: 'Sureste', description: 'Península', stateIds: [4], isActive: true }),
    created: { stateIds: [20, 31], stateNames: ['Oaxaca', 'Yucatán'] },
    updated: { stateIds: [4], stateNames: ['Campeche'], description: 'Península' },
  },
  {
    resource: 'profiles',
    ops: {
      list: 'listProfiles',
      get: 'getProfile',
      create: 'createProfile',
      update: 'updateProfile',
      del: 'deleteProfile',
    },
    create: () => ({ name: 'Capturista', permissionIds: [], isActive: true }),
    update: () => ({
      name: 'Capturista de marcas',
      description: 'Solo marcas',
      permissionIds: [],
      isActive: true,
    }),
    created: { name: 'Capturista', description: null },
    updated: { name: 'Capturista de marcas', description: 'Solo marcas' },
  },
  {
    resource: 'users',
    multipart: true,
    ops: {
      list: 'listUsers',
      get: 'getUser',
      create: 'createUser',
      update: 'updateUser',
      del: 'deleteUser',
    },
    create: () => ({
      name: 'Juan',
      lastName: 'Pérez Gómez',
      dateOfBirth: '1990-02-03',
      email: 'Juan.Perez@Prueba.mx',
      password: 'Secreta#2026',
      profileId: 1,
      isActive: true,
    }),
    update: () => ({
      name: 'Juan Carlos',
      lastName: 'Pérez Gómez',
      dateOfBirth: '1990-02-03',
      email: 'juan.perez@prueba.mx',
      profileId: 1,
      isActive: true,
    }),
    created: {
      completeName: 'Juan Pérez Gómez',
      profileName: 'Administrador',
      regionIds: [],
      regionNames: [],
      profileImageUrl: null,
    },
    updated: { completeName: 'Juan Carlos Pérez Gómez', email: 'juan.perez@prueba.mx' },
  },
  {
    resource: 'campaigns',
    ops: {
      list: 'listCampaigns',
      get: 'getCampaign',
      create: 'createCampaign',
      update: 'updateCampaign',
      del: 'deleteCampaign',
    },
    create: () => ({
      name: 'Verano 2026',
      startDate: '2026-06-01',
      endDate: null,
      clientIds: [ids.client!],
      isActive: true,
    }),
    update: () => ({
      name: 'Verano 2026',
      startDate: '2026-06-01',
      endDate: '2026-06-01',
      clientIds: [ids.client!],
      isActive: true,
    }),
    created: {
      endDate: null,
      clientNames: ['Abarrotes Ñandú'],
      pointOfSaleIds: [],
      productIds: [],
    },
    updated: { endDate: '2026-06-01' },
  },
];

async function send(
  method: 'POST' | 'PUT',
  url: string,
  body: Record<string, unknown>,
  asMultipart: boolean,
) {
  if (!asMultipart) return method === 'POST' ? api.post(url, body) : api.put(url, body);
  const form = multipart(body as Parameters<typeof multipart>[0]);
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { authorization: `Bearer ${api.token}`, ...form.headers },
    payload: form.payload,
  });
}

it('walks the named resources of the contract', () => {
  expect(namedCases().map((c) => c.resource)).toEqual(
    expect.arrayContaining(['brands', 'categories']),
  );
});

describe.each(cases)('$resource', (c) => {
  it('creates, reads, lists, updates and deletes', async () => {
    const permissionIds = c.resource === 'profiles' ? [await firstPermissionId()] : undefined;
    const createBody = { ...c.create(), ...(permissionIds && { permissionIds }) };
    const created = expectSuccess(
      await send('POST', c.resource, createBody, Boolean(c.multipart)),
      c.ops.create,
      201,
    ) as Record<string, unknown>;
    expect(created).toMatchObject(c.created);
    const id = created.id as number;

    const read = expectSuccess(await api.get(`${c.resource}/${id}`), c.ops.get);
    expect(read).toEqual(created);

    const page = expectSuccess(await api.get(`${c.resource}/paged?PageSize=100`), c.ops.list) as {
      rows: { id: number }[];
    };
    expect(page.rows.map((row) => row.id)).toContain(id);

    const updateBody = { ...c.update(), ...(permissionIds && { permissionIds }) };
    const updated = expectSuccess(
      await send('PUT', `${c.resource}/${id}`, updateBody, Boolean(c.multipart)),
      c.ops.update,
    ) as Record<string, unknown>;
    expect(updated).toMatchObject({ id, ...c.updated });
    expect(expectSuccess(await api.get(`${c.resource}/${id}`), c.ops.get)).toEqual(updated);

    expect(expectSuccess(await api.delete(`${c.resource}/${id}`), c.ops.del)).toEqual({ id });
    expectFailure(await api.get(`${c.resource}/${id}`), c.ops.get, 404, 'NOT_FOUND');
    expectFailure(await api.delete(`${c.resource}/${id}`), c.ops.del, 404, 'NOT_FOUND');
    expectFailure(
      await send('PUT', `${c.resource}/${id}`, updateBody, Boolean(c.multipart)),
      c.ops.update,
      404,
      'NOT_FOUND',
    );
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const response = await api.get(`${c.resource}/abc`);
    const failure = expectFailure(response, c.ops.get, 400, 'VALIDATION_ERROR');
    expect(failure.validationErrors[0]?.field).toBe('id');
  });
});

async function firstPermissionId(): Promise<number> {
  const response = await api.get('permissions');
  const [first] = (response.json() as { data: { id: number; clientPolicy: string }[] }).data.filter(
    (permission) => permission.clientPolicy === 'VIEW',
  );
  return first!.id;
}

it('matches paths case-insensitively (the client writes pointOfSales)', async () => {
  const response = await api.get('pointOfSales/paged');
  expectSuccess(response, 'listPointsOfSale');
});
