import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignPointsOfSale, productClients } from '../../src/db/schema/index.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { reportProgress, reportTotal, withImportLock } from '../../src/resources/import/lock.ts';
import { apiAs, create, multipart, type Api } from './fixtures.ts';

// issue 23: a relation editor's import: a file of codes links those records to a campaign or a
// client; unknown codes are listed by row; the records already linked stay.

let t: TestApp;
let admin: Api;
let campaignId: number;
let clientId: number;
let stateId: number;

function send(relation: string, id: number, step: 'check' | '', csv: string, token = admin.token) {
  const body = multipart({}, [
    {
      name: 'file',
      filename: 'codigos.csv',
      contentType: 'text/csv',
      value: Buffer.from(csv, 'latin1'),
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/relations/${relation}/${id}${step ? `/${step}` : ''}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function pointOfSale(code: string): Promise<number> {
  return create(admin, 'pointofsales', 'createPointOfSale', {
    code,
    name: `Tienda ${code}`,
    stateId,
    zipCode: '04100',
    municipality: 'Coyoacán',
    settlement: 'Del Carmen',
    street: 'Calle',
    externalNumber: '1',
    isActive: true,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await apiAs(t.app, t.db);
  stateId = 9;
  clientId = await create(admin, 'clients', 'createClient', {
    code: 'CL-001',
    commercialName: 'Abarrotes del Norte',
    taxId: 'ANO010101AB1',
    isActive: true,
  });
  campaignId = await create(admin, 'campaigns', 'createCampaign', {
    name: 'Campaña de verano',
    startDate: '2026-06-01',
    endDate: '2026-08-31',
    clientIds: [clientId],
    isActive: true,
  });
  for (const code of ['PV-001', 'PV-002', 'PV-003']) await pointOfSale(code);
});

afterAll(async () => {
  await t?.close();
});

describe('relation imports', () => {
  it('lists unknown and repeated codes by row, then links the file all or nothing', async () => {
    const bad = 'Código\r\nPV-001\r\nPV-404\r\npv-001\r\n';
    const check = expectSuccess(
      await send('campaign-pointofsales', campaignId, 'check', bad),
      'checkRelationImport',
    );
    expect(check.errors).toEqual([
      { row: 3, column: 'Código', message: 'El punto de venta "PV-404" no existe.' },
      { row: 4, column: 'Código', message: 'El código se repite en la fila 2.' },
    ]);
    const refused = expectSuccess(
      await send('campaign-pointofsales', campaignId, '', bad),
      'runRelationImport',
    );
    expect(refused.written).toBe(false);
    const good = 'codigo\nPV-001\npv-002\n';
    const done = expectSuccess(
      await send('campaign-pointofsales', campaignId, '', good),
      'runRelationImport',
    );
    expect(done).toMatchObject({ created: 2, written: true });
    const again = expectSuccess(
      await send('campaign-pointofsales', campaignId, 'check', 'Código\nPV-001\nPV-003\n'),
      'checkRelationImport',
    );
    expect(again).toMatchObject({ created: 1, unchanged: 1, errorCount: 0 });
    const links = await t.db
      .select()
      .from(campaignPointsOfSale)
      .where(eq(campaignPointsOfSale.campaignId, campaignId));
    expect(links).toHaveLength(2);
  });

  it("links a client's products by SKU", async () => {
    const categoryId = await create(admin, 'categories', 'createCategory', {
      name: 'Bebidas',
      isActive: true,
    });
    const subcategoryId = await create(admin, 'subcategories', 'createSubcategory', {
      name: 'Refrescos',
      categoryId,
      isActive: true,
    });
    const brandId = await create(admin, 'brands', 'createBrand', {
      name: 'Marca Norte',
      isActive: true,
    });
    const otherClient = await create(admin, 'clients', 'createClient', {
      code: 'CL-002',
      commercialName: 'Otro cliente',
      taxId: 'OCL010101AB1',
      isActive: true,
    });
    const product = multipart(
      {
        sku: 'SKU-001',
        name: 'Refresco',
        categoryId: String(categoryId),
        subcategoryId: String(subcategoryId),
        brandId: String(brandId),
        'clientIds[0]': String(otherClient),
        isActive: 'true',
      },
      [],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { ...bearer(admin.token), ...product.headers },
      payload: product.payload,
    });
    expect(created.statusCode).toBe(201);
    const done = expectSuccess(
      await send('client-products', clientId, '', 'SKU\nsku-001\n'),
      'runRelationImport',
    );
    expect(done).toMatchObject({ created: 1, written: true });
    const links = await t.db
      .select()
      .from(productClients)
      .where(eq(productClients.clientId, clientId));
    expect(links).toHaveLength(1);
  });

  it("needs the owner's UPDATE_ permission, and the owner", async () => {
    const viewer = await tokenFor(t.app, t.db, ['VIEW_CAMPAIGNS', 'CREATE_CAMPAIGNS']);
    const csv = 'Código\nPV-001\n';
    expectFailure(
      await send('campaign-pointofsales', campaignId, 'check', csv, viewer),
      'checkRelationImport',
      403,
    );
    expectFailure(
      await send('campaign-pointofsales', campaignId, '', csv, viewer),
      'runRelationImport',
      403,
    );
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/v1/imports/relations/campaign-products/template',
      headers: bearer(viewer),
    });
    expectFailure(template, 'getRelationImportTemplate', 403);
    expectFailure(
      await send('client-pointofsales', 999_999, 'check', csv),
      'checkRelationImport',
      404,
    );
  });

  it("tells how far a relation's running import has got, to the owner's editors only", async () => {
    const progress = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/imports/relations/campaign-pointofsales/${campaignId}/progress`,
        headers: bearer(token),
      });
    const name = `relation:campaign-pointofsales:${campaignId}`;
    await withImportLock(name, 'ocupado', async () => {
      reportTotal(name, 800);
      reportProgress(name, 500);
      expect(expectSuccess(await progress(admin.token), 'getRelationImportProgress')).toEqual({
        running: true,
        rows: 500,
        total: 800,
      });
    });
    expect(expectSuccess(await progress(admin.token), 'getRelationImportProgress')).toEqual({
      running: false,
      rows: 0,
      total: null,
    });
    const viewer = await tokenFor(t.app, t.db, ['VIEW_CAMPAIGNS']);
    expectFailure(await progress(viewer), 'getRelationImportProgress', 403);
  });
});
