import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, permissions, profiles } from '../../src/db/schema/index.ts';
import { importZipCodeFile } from '../../src/zipcodes/import.ts';
import { SAMPLE_ZIP_FILE } from '../../src/seed/master-data.ts';
import {
  createTestApp,
  createUser,
  accessTokenFor,
  bearer,
  expectFailure,
  expectSuccess,
  type TestApp,
} from '../helpers.ts';
import { apiAs, create, multipart, type Api } from './fixtures.ts';

// The spec's rules enforced by the server (spec 2 §5) with the spec's Spanish messages, and the
// conflicts (409) the database guards.

let t: TestApp;
let api: Api;
let categoryId: number;
let subcategoryId: number;
let otherCategoryId: number;
let brandId: number;
let clientId: number;
let promoterProfileId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
  await importZipCodeFile(t.db, SAMPLE_ZIP_FILE);
  categoryId = await create(api, 'categories', 'createCategory', {
    name: 'Bebidas',
    isActive: true,
  });
  otherCategoryId = await create(api, 'categories', 'createCategory', {
    name: 'Botanas',
    isActive: true,
  });
  subcategoryId = await create(api, 'subcategories', 'createSubcategory', {
    categoryId,
    name: 'Jugos',
    isActive: true,
  });
  brandId = await create(api, 'brands', 'createBrand', { name: 'La Huerta', isActive: true });
  clientId = await create(api, 'clients', 'createClient', {
    code: 'CLI-1',
    commercialName: 'Abarrotes Uno',
    taxId: 'AUN010101AAA',
    isActive: true,
  });
  const [promoter] = await t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.name, 'promotor'));
  promoterProfileId = promoter!.id;
});

afterAll(async () => {
  await t?.close();
});

const messagesOf = (failure: { validationErrors: { field: string; message: string }[] }) =>
  failure.validationErrors.map((issue) => `${issue.field}: ${issue.message}`);

describe('common rules', () => {
  it('requires a name of at least 3 characters, trimmed', async () => {
    const empty = expectFailure(
      await api.post('brands', { name: '   ', isActive: true }),
      'createBrand',
      400,
      'VALIDATION_ERROR',
    );
    expect(messagesOf(empty)).toEqual(['name: El nombre es obligatorio']);
    expect(empty.errorMessage).toBe('El nombre es obligatorio');
    const short = expectFailure(
      await api.post('categories', { name: ' ab ', isActive: true }),
      'createCategory',
      400,
    );
    expect(messagesOf(short)).toEqual(['name: El nombre debe tener al menos 3 caracteres']);
  });

  it('limits descriptions to 255 characters', async () => {
    const failure = expectFailure(
      await api.post('regions', {
        name: 'Norte',
        description: 'x'.repeat(256),
        stateIds: [19],
        isActive: true,
      }),
      'createRegion',
      400,
    );
    expect(messagesOf(failure)).toEqual([
      'description: La descripción no puede exceder 255 caracteres',
    ]);
    await create(api, 'regions', 'createRegion', {
      name: 'Norte',
      description: 'ñ'.repeat(255),
      stateIds: [19],
      isActive: true,
    });
  });

  it('refuses unknown properties and a missing isActive with the contract messages', async () => {
    const failure = expectFailure(
      await api.post('brands', { name: 'Marca', color: 'rojo' }),
      'createBrand',
      400,
    );
    expect(messagesOf(failure)).toEqual(
      expect.arrayContaining([
        'isActive: El campo es obligatorio.',
        'color: No se permite el campo "color".',
      ]),
    );
  });
});

describe('conflicts', () => {
  it('answers 409 for a duplicate name, code, SKU or e-mail, case-insensitively', async () => {
    const brand = expectFailure(
      await api.post('brands', { name: 'LA HUERTA', isActive: true }),
      'createBrand',
      409,
      'CONFLICT',
    );
    expect(brand.errorMessage).toBe('Ya existe una marca con ese nombre.');
    expect(brand.validationErrors).toEqual([
      { field: 'name', message: 'Ya existe una marca con ese nombre.' },
    ]);
    const client = expectFailure(
      await api.post('clients', {
        code: 'cli-1',
        commercialName: 'Otro',
        taxId: 'OTR010101AAA',
        isActive: true,
      }),
      'createClient',
      409,
    );
    expect(client.errorMessage).toBe('Ya existe un cliente con ese código.');
    const profile = expectFailure(
      await api.post('profiles', { name: 'PROMOTOR', permissionIds: [1], isActive: true }),
      'createProfile',
      409,
    );
    expect(profile.errorMessage).toBe('Ya existe un perfil con ese nombre.');
    // The same subcategory name is fine under another category, not twice under one.
    await create(api, 'subcategories', 'createSubcategory', {
      categoryId: otherCategoryId,
      name: 'Jugos',
      isActive: true,
    });
    const subcategory = expectFailure(
      await api.post('subcategories', { categoryId, name: 'jugos', isActive: true }),
      'createSubcategory',
      409,
    );
    expect(subcategory.errorMessage).toBe('Ya existe una subcategoría con ese nombre.');
  });

  it('answers 409 on update into an existing name and keeps the record', async () => {
    const id = await create(api, 'brands', 'createBrand', { name: 'Otra Marca', isActive: true });
    const failure = expectFailure(
      await api.put(`brands/${id}`, { name: 'la huerta', isActive: true }),
      'updateBrand',
      409,
    );
    expect(failure.errorMessage).toBe('Ya existe una marca con ese nombre.');
    expect(expectSuccess(await api.get(`brands/${id}`), 'getBrand').name).toBe('Otra Marca');
  });

  it('refuses to delete a record in use (409) and keeps it', async () => {
    const failure = expectFailure(
      await api.delete(`categories/${categoryId}`),
      'deleteCategory',
      409,
      'CONFLICT',
    );
    expect(failure.errorMessage).toBe('No se puede eliminar la categoría porque está en uso.');
    expectSuccess(await api.get(`categories/${categoryId}`), 'getCategory');
    const region = await create(api, 'regions', 'createRegion', {
      name: 'Golfo',
      stateIds: [30],
      isActive: true,
    });
    await createPromoter('golfo@prueba.mx', [region]);
    const regionFailure = expectFailure(await api.delete(`regions/${region}`), 'deleteRegion', 409);
    expect(regionFailure.errorMessage).toBe('No se puede eliminar la región porque está en uso.');
    const profileFailure = expectFailure(
      await api.delete(`profiles/${promoterProfileId}`),
      'deleteProfile',
      409,
    );
    expect(profileFailure.errorMessage).toBe('No se puede eliminar el perfil porque está en uso.');
  });

  it('answers 400 on the field for a reference to a missing record', async () => {
    const failure = expectFailure(
      await api.post('subcategories', { categoryId: 9999, name: 'Fantasma', isActive: true }),
      'createSubcategory',
      400,
    );
    expect(failure.validationErrors).toEqual([
      { field: 'categoryId', message: 'La categoría seleccionada no existe.' },
    ]);
  });
});

describe('profiles', () => {
  it('requires a permission and adds the VIEW permission of each group it touches', async () => {
    const none = expectFailure(
      await api.post('profiles', { name: 'Vacío', permissionIds: [], isActive: true }),
      'createProfile',
      400,
    );
    expect(messagesOf(none)).toEqual(['permissionIds: Debe seleccionar al menos un permiso']);
    const catalogue = await t.db.select().from(permissions);
    const byCode = new Map(catalogue.map((p) => [p.code, p.id]));
    const created = expectSuccess(
      await api.post('profiles', {
        name: 'Capturista',
        permissionIds: [
          byCode.get('CREATE_BRANDS'),
          byCode.get('DELETE_PRODUCTS'),
          byCode.get('VIEW_CHECKINS'),
        ],
        isActive: true,
      }),
      'createProfile',
      201,
    );
    expect(created.permissionIds).toEqual(
      ['CREATE_BRANDS', 'DELETE_PRODUCTS', 'VIEW_BRANDS', 'VIEW_CHECKINS', 'VIEW_PRODUCTS']
        .map((code) => byCode.get(code))
        .sort((a, b) => a! - b!),
    );
    const unknown = expectFailure(
      await api.post('profiles', { name: 'Raro', permissionIds: [99999], isActive: true }),
      'createProfile',
      400,
    );
    expect(messagesOf(unknown)).toEqual(['permissionIds: El permiso 99999 no existe.']);
  });
});

describe('points of sale', () => {
  const base = {
    code: 'PV-9',
    name: 'Tienda Centro',
    stateId: 9,
    zipCode: '06045',
    municipality: 'Cuauhtémoc',
    settlement: 'Centro',
    street: 'Madero',
    externalNumber: '10',
    isActive: true,
  };

  it('gives the spec messages for code, zip code, state, address and coordinates', async () => {
    const failure = expectFailure(
      await api.post('pointofsales', {
        ...base,
        code: 'PV',
        name: '',
        zipCode: '6045',
        stateId: 0,
        municipality: ' ',
        settlement: '',
        street: '',
        externalNumber: '',
        latitude: 91,
        longitude: -181,
      }),
      'createPointOfSale',
      400,
    );
    expect(messagesOf(failure)).toEqual([
      'code: El código debe tener al menos 3 caracteres',
      'name: El nombre es obligatorio',
      'zipCode: El código postal debe tener 5 dígitos',
      'stateId: El estado es obligatorio',
      'municipality: El municipio es obligatorio',
      'settlement: El asentamiento es obligatorio',
      'street: La calle es obligatoria',
      'externalNumber: El número exterior es obligatorio',
      'latitude: La latitud debe ser un número válido',
      'longitude: La longitud debe ser un número válido',
    ]);
  });

  it('refuses a state that is not the zip code’s, accepts a code missing from the catalogue', async () => {
    const wrong = expectFailure(
      await api.post('pointofsales', { ...base, stateId: 14 }),
      'createPointOfSale',
      400,
    );
    expect(messagesOf(wrong)).toEqual(['stateId: El estado no corresponde al código postal.']);
    const created = expectSuccess(await api.post('pointofsales', base), 'createPointOfSale', 201);
    expect(created.stateName).toBe('Ciudad de México');
    expectSuccess(
      await api.post('pointofsales', { ...base, code: 'PV-10', zipCode: '99999', stateId: 32 }),
      'createPointOfSale',
      201,
    );
    const duplicate = expectFailure(
      await api.post('pointofsales', { ...base, code: 'pv-9' }),
      'createPointOfSale',
      409,
    );
    expect(duplicate.errorMessage).toBe('Ya existe un punto de venta con ese código.');
  });
});

describe('products', () => {
  const form = (fields: Record<string, unknown>) => {
    const body = multipart({
      clientIds: [clientId],
      categoryId,
      subcategoryId,
      brandId,
      sku: 'SKU-1',
      name: 'Néctar',
      isActive: true,
      ...fields,
    } as Parameters<typeof multipart>[0]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { ...bearer(api.token), ...body.headers },
      payload: body.payload,
    });
  };

  it('requires a client, a 3-character SKU and a subcategory of the chosen category', async () => {
    const failure = expectFailure(
      await form({ clientIds: [], sku: 'AB', name: 'x', description: 'y'.repeat(1001) }),
      'createProduct',
      400,
    );
    expect(messagesOf(failure)).toEqual([
      'clientIds: Debe seleccionar al menos un cliente',
      'sku: El SKU debe tener al menos 3 caracteres',
      'name: El nombre debe tener al menos 3 caracteres',
      'description: La descripción no puede exceder 1000 caracteres',
    ]);
    const mismatch = expectFailure(
      await form({ categoryId: otherCategoryId }),
      'createProduct',
      400,
    );
    expect(messagesOf(mismatch)).toEqual([
      'subcategoryId: La subcategoría no pertenece a la categoría seleccionada.',
    ]);
    const unknownClient = expectFailure(
      await form({ clientIds: [clientId, 777] }),
      'createProduct',
      400,
    );
    expect(messagesOf(unknownClient)).toEqual(['clientIds: El id 777 no existe.']);
    expectSuccess(await form({}), 'createProduct', 201);
    const duplicate = expectFailure(await form({ sku: 'sku-1' }), 'createProduct', 409);
    expect(duplicate.errorMessage).toBe('Ya existe un producto con ese SKU.');
    const missingBrand = expectFailure(
      await form({ sku: 'SKU-2', brandId: 4321 }),
      'createProduct',
      400,
    );
    expect(messagesOf(missingBrand)).toEqual(['brandId: La marca seleccionada no existe.']);
  });
});

describe('campaigns', () => {
  it('requires a client and an end date not before the start', async () => {
    const failure = expectFailure(
      await api.post('campaigns', {
        name: 'Invierno',
        startDate: '2026-12-10',
        endDate: '2026-12-09',
        clientIds: [],
        isActive: true,
      }),
      'createCampaign',
      400,
    );
    expect(messagesOf(failure)).toEqual([
      'clientIds: Debe seleccionar al menos un cliente',
      'endDate: La fecha de fin debe ser posterior a la fecha de inicio',
    ]);
    const sameDay = expectSuccess(
      await api.post('campaigns', {
        name: 'Un día',
        startDate: '2026-12-10',
        endDate: '2026-12-10',
        clientIds: [clientId],
        isActive: true,
      }),
      'createCampaign',
      201,
    );
    expect(sameDay.clientIds).toEqual([clientId]);
    const badDate = expectFailure(
      await api.post('campaigns', {
        name: 'Mala',
        startDate: '2026-13-01',
        clientIds: [clientId],
        isActive: true,
      }),
      'createCampaign',
      400,
    );
    expect(messagesOf(badDate)).toEqual([
      'startDate: Debe ser una fecha válida con el formato AAAA-MM-DD.',
    ]);
  });
});

async function createPromoter(email: string, regionIds: number[]) {
  const body = multipart({
    name: 'Ana',
    lastName: 'Ruiz',
    dateOfBirth: '2000-01-01',
    email,
    password: 'Promotora#1',
    profileId: promoterProfileId,
    regionIds,
    isActive: true,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: { ...bearer(api.token), ...body.headers },
    payload: body.payload,
  });
  return response;
}

describe('users', () => {
  const userForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>) => {
    const body = multipart({
      name: 'Luis',
      lastName: 'Mora',
      dateOfBirth: '1999-04-04',
      email: 'luis@prueba.mx',
      password: 'Segura#2026',
      profileId: promoterProfileId,
      isActive: true,
      ...fields,
    } as Parameters<typeof multipart>[0]);
    return t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...bearer(api.token), ...body.headers },
      payload: body.payload,
    });
  };

  it('requires regions for the promotor profile and clears them for others', async () => {
    const failure = expectFailure(await userForm('POST', 'users', {}), 'createUser', 400);
    expect(messagesOf(failure)).toEqual([
      'regionIds: Debe seleccionar al menos una región para el perfil Promotor.',
    ]);
    const region = await create(api, 'regions', 'createRegion', {
      name: 'Centro',
      stateIds: [9],
      isActive: true,
    });
    const promoter = expectSuccess(
      await userForm('POST', 'users', { regionIds: [region] }),
      'createUser',
      201,
    );
    expect(promoter).toMatchObject({
      regionIds: [region],
      regionNames: ['Centro'],
      profileName: 'promotor',
    });
    const adminProfile = expectSuccess(
      await api.get('profiles/options?Filter=administrador'),
      'listProfileOptions',
    )[0]!.id;
    const moved = expectSuccess(
      await userForm('PUT', `users/${promoter.id}`, {
        password: undefined,
        profileId: adminProfile,
        regionIds: [region],
      }),
      'updateUser',
    );
    expect(moved.regionIds).toEqual([]);
    const promoters = expectSuccess(await api.get(`users/paged?regionId=${region}`), 'listUsers');
    expect(promoters.totalCount).toBe(0);
  });

  it('checks age, e-mail, password strength and duplicates', async () => {
    const today = new Date();
    const fourteen = `${today.getUTCFullYear() - 14}-01-01`;
    const failure = expectFailure(
      await userForm('POST', 'users', {
        name: ' ',
        dateOfBirth: fourteen,
        email: 'no-es-correo',
        password: 'corta',
      }),
      'createUser',
      400,
    );
    expect(messagesOf(failure)).toEqual(['email: Debe ser un correo electrónico válido.']);
    const rules = expectFailure(
      await userForm('POST', 'users', { name: ' ', dateOfBirth: fourteen, password: 'corta' }),
      'createUser',
      400,
    );
    expect(messagesOf(rules)).toEqual([
      'name: El nombre es obligatorio',
      'dateOfBirth: El usuario debe tener al menos 15 años',
      'password: Debe tener al menos 8 caracteres.',
      'password: Debe contener al menos una letra mayúscula.',
      'password: Debe contener al menos un dígito.',
      'password: Debe contener al menos un carácter especial (@$!%*?&#).',
      'regionIds: Debe seleccionar al menos una región para el perfil Promotor.',
    ]);
    const missingPassword = expectFailure(
      await userForm('POST', 'users', { password: undefined }),
      'createUser',
      400,
    );
    expect(messagesOf(missingPassword)).toContain('password: El campo es obligatorio.');
    const duplicate = expectFailure(
      await userForm('POST', 'users', { email: t.config.adminEmail.toUpperCase(), profileId: 1 }),
      'createUser',
      409,
    );
    expect(duplicate.errorMessage).toBe('Ya existe un usuario con ese correo.');
    const passwordOnUpdate = expectFailure(
      await userForm('PUT', 'users/1', { profileId: 1 }),
      'updateUser',
      400,
    );
    expect(messagesOf(passwordOnUpdate)).toEqual(['password: No se permite el campo "password".']);
  });

  it('stores the password as argon2id and lets the new user sign in', async () => {
    const created = expectSuccess(
      await userForm('POST', 'users', { email: 'nueva@prueba.mx', profileId: 1 }),
      'createUser',
      201,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'nueva@prueba.mx', password: 'Segura#2026' },
    });
    expect(login.statusCode).toBe(200);
    expect((login.json() as { data: { user: { id: number } } }).data.user.id).toBe(created.id);
  });

  it('does not let a user delete or deactivate themselves', async () => {
    const me = await createUser(t.db, t.config, ['DELETE_USERS', 'UPDATE_USERS', 'VIEW_USERS'], {
      profileId: 1,
    });
    const token = await accessTokenFor(t.app, t.db, me.id);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${me.id}`,
      headers: bearer(token),
    });
    expect(expectFailure(response, 'deleteUser', 422, 'BUSINESS_RULE').errorMessage).toBe(
      'No puedes eliminar tu propio usuario.',
    );
    const body = multipart({
      name: 'Yo',
      lastName: 'Mismo',
      dateOfBirth: '1990-01-01',
      email: me.email,
      profileId: 1,
      isActive: false,
    });
    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${me.id}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(messagesOf(expectFailure(deactivate, 'updateUser', 400))).toEqual([
      'isActive: No puedes desactivar tu propio usuario.',
    ]);
  });
});

it('keeps brands untouched when a request is refused', async () => {
  const count = (await t.db.select().from(brands)).length;
  expectFailure(await api.post('brands', { name: 'x', isActive: true }), 'createBrand', 400);
  expect((await t.db.select().from(brands)).length).toBe(count);
});
