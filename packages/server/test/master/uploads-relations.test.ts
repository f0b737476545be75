import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, pointOfSaleProducts, profiles } from '../../src/db/schema/index.ts';
import { bearer, createTestApp, expectFailure, expectSuccess, type TestApp } from '../helpers.ts';
import { apiAs, create, multipart, tinyPng, type Api } from './fixtures.ts';

// Multipart forms with images (products, users) and the relation editors.

let t: TestApp;
let api: Api;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
  ids.category = await create(api, 'categories', 'createCategory', {
    name: 'Lácteos',
    isActive: true,
  });
  ids.subcategory = await create(api, 'subcategories', 'createSubcategory', {
    categoryId: ids.category,
    name: 'Yogur',
    isActive: true,
  });
  ids.brand = await create(api, 'brands', 'createBrand', { name: 'Los Altos', isActive: true });
  ids.client = await create(api, 'clients', 'createClient', {
    code: 'C-1',
    commercialName: 'Cliente Uno',
    taxId: 'CUN010101AAA',
    isActive: true,
  });
  ids.client2 = await create(api, 'clients', 'createClient', {
    code: 'C-2',
    commercialName: 'Cliente Dos',
    taxId: 'CDO010101AAA',
    isActive: true,
  });
  const pos = {
    stateId: 9,
    zipCode: '01000',
    municipality: 'Álvaro Obregón',
    settlement: 'San Ángel',
    street: 'Av. Revolución',
    externalNumber: '1',
    isActive: true,
  };
  ids.pos1 = await create(api, 'pointofsales', 'createPointOfSale', {
    ...pos,
    code: 'PV-1',
    name: 'Tienda Uno',
  });
  ids.pos2 = await create(api, 'pointofsales', 'createPointOfSale', {
    ...pos,
    code: 'PV-2',
    name: 'Tienda Dos',
  });
});

afterAll(async () => {
  await t?.close();
});

function productForm(
  method: 'POST' | 'PUT',
  url: string,
  extra: Record<string, unknown>,
  image?: { value: Buffer; filename: string; contentType: string },
) {
  const form = multipart(
    {
      clientIds: [ids.client!],
      categoryId: ids.category!,
      subcategoryId: ids.subcategory!,
      brandId: ids.brand!,
      sku: 'YOG-1',
      name: 'Yogur natural',
      isActive: true,
      ...extra,
    } as Parameters<typeof multipart>[0],
    image ? [{ name: 'productImage', ...image }] : [],
  );
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(api.token), ...form.headers },
    payload: form.payload,
  });
}

describe('images', () => {
  it('stores a real PNG, serves it under files/{id}, replaces it and removes it with the product', async () => {
    const png = tinyPng();
    const created = expectSuccess(
      await productForm(
        'POST',
        'products',
        {},
        { value: png, filename: 'yogur.png', contentType: 'image/png' },
      ),
      'createProduct',
      201,
    );
    const fileId = created.productImageUrl!;
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    const download = await t.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    // Decoded and re-encoded at upload (test/security/images.test.ts): the same pixels.
    const [stored, sent] = await Promise.all(
      [download.rawPayload, png].map((b) => sharp(b).raw().toBuffer({ resolveWithObject: true })),
    );
    expect(stored!.info).toMatchObject({ width: sent!.info.width, height: sent!.info.height });
    expect(stored!.data.equals(sent!.data)).toBe(true);

    // Updating without an image keeps it.
    const kept = expectSuccess(
      await productForm('PUT', `products/${created.id}`, { name: 'Yogur natural 1 kg' }),
      'updateProduct',
    );
    expect(kept.productImageUrl).toBe(fileId);
    // A new image replaces it, and the old file is gone.
    const replaced = expectSuccess(
      await productForm(
        'PUT',
        `products/${created.id}`,
        {},
        { value: png, filename: 'otra.png', contentType: 'image/png' },
      ),
      'updateProduct',
    );
    expect(replaced.productImageUrl).not.toBe(fileId);
    expect(await t.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}` })).statusCode).toBe(
      404,
    );

    expectSuccess(await api.delete(`products/${created.id}`), 'deleteProduct');
    expect(await t.db.select().from(files).where(eq(files.id, replaced.productImageUrl!))).toEqual(
      [],
    );
  });

  it('refuses a renamed non-image and stores nothing', async () => {
    const before = (await t.db.select().from(files)).length;
    const fake = Buffer.from('%PDF-1.7 esto no es una imagen');
    const failure = expectFailure(
      await productForm(
        'POST',
        'products',
        { sku: 'YOG-2' },
        { value: fake, filename: 'foto.png', contentType: 'image/png' },
      ),
      'createProduct',
      400,
      'VALIDATION_ERROR',
    );
    expect(failure.validationErrors).toEqual([
      { field: 'productImage', message: 'El archivo debe ser una imagen JPEG, PNG, WebP o GIF.' },
    ]);
    expect((await t.db.select().from(files)).length).toBe(before);
    const listed = expectSuccess(await api.get('products/paged?Filter=YOG-2'), 'listProducts');
    expect(listed.totalCount).toBe(0);
  });

  it('removes the uploaded image when the save fails afterwards', async () => {
    expectSuccess(await productForm('POST', 'products', { sku: 'DUP-1' }), 'createProduct', 201);
    const before = (await t.db.select().from(files)).length;
    const duplicate = await productForm(
      'POST',
      'products',
      { sku: 'dup-1' },
      { value: tinyPng(), filename: 'a.png', contentType: 'image/png' },
    );
    expectFailure(duplicate, 'createProduct', 409, 'CONFLICT');
    expect((await t.db.select().from(files)).length).toBe(before);
  });

  it('refuses a JSON body where the contract says multipart', async () => {
    const response = await api.post('products', { sku: 'X' });
    expectFailure(response, 'createProduct', 400);
  });

  it('takes a profile picture for a user', async () => {
    const [admin] = await t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.name, 'Administrador'));
    const form = multipart(
      {
        name: 'Rosa',
        lastName: 'Díaz',
        dateOfBirth: '1988-03-03',
        email: 'rosa@prueba.mx',
        password: 'Rosa#2026x',
        profileId: admin!.id,
        isActive: true,
      },
      [{ name: 'profileImage', value: tinyPng(), filename: 'rosa.png', contentType: 'image/png' }],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { ...bearer(api.token), ...form.headers },
      payload: form.payload,
    });
    const user = expectSuccess(response, 'createUser', 201);
    expect(user.profileImageUrl).toMatch(/^[0-9a-f-]{36}$/);
    const fake = multipart(
      {
        name: 'Rosa',
        lastName: 'Díaz',
        dateOfBirth: '1988-03-03',
        email: 'rosa@prueba.mx',
        profileId: admin!.id,
        isActive: true,
      },
      [
        {
          name: 'profileImage',
          value: Buffer.from('GIF no'),
          filename: 'rosa.gif',
          contentType: 'image/gif',
        },
      ],
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: { ...bearer(api.token), ...fake.headers },
      payload: fake.payload,
    });
    expect(expectFailure(refused, 'updateUser', 400).validationErrors[0]?.field).toBe(
      'profileImage',
    );
    expect(expectSuccess(await api.get(`users/${user.id}`), 'getUser').profileImageUrl).toBe(
      user.profileImageUrl,
    );
  });
});

describe('relation editors', () => {
  it('reads and replaces the points of sale, products and clients of a campaign', async () => {
    const product = expectSuccess(
      await productForm('POST', 'products', { sku: 'REL-1' }),
      'createProduct',
      201,
    );
    const campaign = await create(api, 'campaigns', 'createCampaign', {
      name: 'Verano',
      startDate: '2026-06-01',
      clientIds: [ids.client],
      isActive: true,
    });

    expect(
      expectSuccess(await api.get(`campaigns/${campaign}/pointofsales`), 'getCampaignPointsOfSale'),
    ).toEqual({ id: campaign, relatedIds: [], related: [] });
    const saved = expectSuccess(
      await api.put(`campaigns/${campaign}/pointofsales`, {
        relatedIds: [ids.pos2, ids.pos1, ids.pos2],
      }),
      'setCampaignPointsOfSale',
    );
    expect(saved).toEqual({
      id: campaign,
      relatedIds: [ids.pos1, ids.pos2],
      related: [
        { id: ids.pos1, name: 'Tienda Uno (PV-1)', isActive: true },
        { id: ids.pos2, name: 'Tienda Dos (PV-2)', isActive: true },
      ],
    });
    expect(
      expectSuccess(await api.get(`campaigns/${campaign}/pointofsales`), 'getCampaignPointsOfSale'),
    ).toEqual(saved);
    expectSuccess(
      await api.put(`campaigns/${campaign}/products`, { relatedIds: [product.id] }),
      'setCampaignProducts',
    );
    expectSuccess(
      await api.put(`campaigns/${campaign}/clients`, { relatedIds: [ids.client, ids.client2] }),
      'setCampaignClients',
    );

    const detail = expectSuccess(await api.get(`campaigns/${campaign}`), 'getCampaign');
    expect(detail).toMatchObject({
      clientIds: [ids.client, ids.client2],
      pointOfSaleIds: saved.relatedIds,
      productIds: [product.id],
      clientNames: ['Cliente Dos', 'Cliente Uno'],
    });

    // An empty list is allowed and clears the relation.
    expect(
      expectSuccess(
        await api.put(`campaigns/${campaign}/pointofsales`, { relatedIds: [] }),
        'setCampaignPointsOfSale',
      ).relatedIds,
    ).toEqual([]);
    expect(
      expectSuccess(await api.get(`campaigns/${campaign}`), 'getCampaign').pointOfSaleIds,
    ).toEqual([]);
  });

  it('refuses an unknown id with a 400 and changes nothing', async () => {
    await api.put(`clients/${ids.client}/pointofsales`, { relatedIds: [ids.pos1] });
    const failure = expectFailure(
      await api.put(`clients/${ids.client}/pointofsales`, { relatedIds: [ids.pos2, 9001, 9002] }),
      'setClientPointsOfSale',
      400,
      'VALIDATION_ERROR',
    );
    expect(failure.validationErrors).toEqual([
      { field: 'relatedIds', message: 'Los ids 9001, 9002 no existen.' },
    ]);
    expect(
      expectSuccess(await api.get(`clients/${ids.client}/pointofsales`), 'getClientPointsOfSale')
        .relatedIds,
    ).toEqual([ids.pos1]);
    expectFailure(
      await api.put(`clients/${ids.client}/pointofsales`, { relatedIds: [0] }),
      'setClientPointsOfSale',
      400,
    );
    expectFailure(
      await api.put(`clients/${ids.client}/pointofsales`, {}),
      'setClientPointsOfSale',
      400,
    );
  });

  it('answers 404 for a missing owner', async () => {
    expect(
      expectFailure(await api.get('campaigns/4040/products'), 'getCampaignProducts', 404)
        .errorMessage,
    ).toBe('La campaña no existe.');
    const failure = expectFailure(
      await api.put('pointofsales/4040/products', { relatedIds: [] }),
      'setPointOfSaleProducts',
      404,
    );
    expect(failure.errorMessage).toBe('El punto de venta no existe.');
  });

  it('shares the client–product links with the product form', async () => {
    const product = expectSuccess(
      await productForm('POST', 'products', { sku: 'REL-2', clientIds: [ids.client2] }),
      'createProduct',
      201,
    );
    expectSuccess(
      await api.put(`clients/${ids.client}/products`, { relatedIds: [product.id] }),
      'setClientProducts',
    );
    const read = expectSuccess(await api.get(`products/${product.id}`), 'getProduct');
    expect(read.clientIds).toEqual([ids.client, ids.client2]);
    expect(expectSuccess(await api.get(`clients/${ids.client}`), 'getClient').productIds).toContain(
      product.id,
    );
    const byClient = expectSuccess(
      await api.get(`products/paged?clientId=${ids.client2}`),
      'listProducts',
    );
    expect(byClient.rows.map((row) => row.sku)).toContain('REL-2');
  });

  it('keeps a point of sale linked to products: delete answers 409, the products of the point of sale are editable', async () => {
    const product = expectSuccess(
      await productForm('POST', 'products', { sku: 'REL-3' }),
      'createProduct',
      201,
    );
    expectSuccess(
      await api.put(`pointofsales/${ids.pos2}/products`, { relatedIds: [product.id] }),
      'setPointOfSaleProducts',
    );
    const inUse = expectFailure(await api.delete(`products/${product.id}`), 'deleteProduct', 409);
    expect(inUse.errorMessage).toBe('No se puede eliminar el producto porque está en uso.');
    expect(
      expectSuccess(await api.get(`pointofsales/${ids.pos2}`), 'getPointOfSale').productIds,
    ).toEqual([product.id]);
    // Deleting the owner removes its own join rows.
    const campaign = await create(api, 'campaigns', 'createCampaign', {
      name: 'Corta',
      startDate: '2026-01-01',
      clientIds: [ids.client],
      isActive: true,
    });
    expectSuccess(
      await api.put(`campaigns/${campaign}/products`, { relatedIds: [product.id] }),
      'setCampaignProducts',
    );
    expectSuccess(await api.delete(`campaigns/${campaign}`), 'deleteCampaign');
    await api.put(`pointofsales/${ids.pos2}/products`, { relatedIds: [] });
    expect(
      await t.db
        .select()
        .from(pointOfSaleProducts)
        .where(eq(pointOfSaleProducts.productId, product.id)),
    ).toEqual([]);
    expectSuccess(await api.delete(`products/${product.id}`), 'deleteProduct');
  });
});
