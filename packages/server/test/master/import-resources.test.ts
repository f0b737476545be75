import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importables } from '../../src/resources/import/registry.ts';
import type { PermissionCode } from '../../src/auth/permission-catalogue.ts';
import {
  brands,
  clients,
  productClients,
  products,
  regions,
  userRegions,
  users,
} from '../../src/db/schema/index.ts';
import {
  bearer,
  createTestApp,
  expectFailure,
  expectSuccess,
  tokenFor,
  type TestApp,
} from '../helpers.ts';
import { apiAs, create, multipart, type Api } from './fixtures.ts';

// issue 23: the imports of products, clients, users and the catalogues, on the one mechanism:
// Windows-1252 CSVs with semicolons, one row of every kind of error with the forms' messages,
// the users' reset e-mails, the report with an 'Errores' column and the permissions.

let t: TestApp;
let admin: Api;

async function send(
  resource: string,
  step: 'check' | '' | 'report',
  file: Buffer,
  options: { token?: string; mapping?: Record<string, string>; filename?: string } = {},
) {
  const fields = options.mapping ? { mapping: JSON.stringify(options.mapping) } : {};
  const body = multipart(fields, [
    {
      name: 'file',
      filename: options.filename ?? 'datos.csv',
      contentType: 'text/csv',
      value: file,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/${resource}${step ? `/${step}` : ''}`,
    headers: { ...bearer(options.token ?? admin.token), ...body.headers },
    payload: body.payload,
  });
}

/** A CSV as Excel saves it in Mexico: Windows-1252, semicolons, CRLF. */
const latinCsv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

beforeAll(async () => {
  t = await createTestApp();
  admin = await apiAs(t.app, t.db);
  const bebidas = await create(admin, 'categories', 'createCategory', {
    name: 'Bebidas',
    isActive: true,
  });
  const botanas = await create(admin, 'categories', 'createCategory', {
    name: 'Botanas',
    isActive: true,
  });
  await create(admin, 'subcategories', 'createSubcategory', {
    name: 'Refrescos',
    categoryId: bebidas,
    isActive: true,
  });
  await create(admin, 'subcategories', 'createSubcategory', {
    name: 'Papas',
    categoryId: botanas,
    isActive: true,
  });
  await create(admin, 'brands', 'createBrand', { name: 'Marca Norte', isActive: true });
  await create(admin, 'clients', 'createClient', {
    code: 'CL-001',
    commercialName: 'Abarrotes del Norte',
    taxId: 'ANO010101AB1',
    isActive: true,
  });
  await create(admin, 'regions', 'createRegion', {
    name: 'Región Centro',
    stateIds: [9],
    isActive: true,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('products import', () => {
  const header = 'SKU;Nombre;Descripción;Categoría;Subcategoría;Marca;Clientes;Activo';

  it('reports one row of every kind of error with the form messages, and writes nothing', async () => {
    const file = latinCsv([
      header,
      'SKU-001;Refresco de cola;;Bebidas;Refrescos;Marca Norte;CL-001;Sí',
      'AB;Refresco dos;;Bebidas;Refrescos;Marca Norte;CL-001;',
      'SKU-003;;;Bebidas;Refrescos;Marca Norte;CL-001;',
      'SKU-004;Producto cuatro;;Lácteos;Refrescos;Marca Norte;CL-001;',
      'SKU-005;Producto cinco;;Bebidas;Papas;Marca Norte;CL-001;',
      'SKU-006;Producto seis;;Bebidas;Refrescos;Marca Sur;CL-001;',
      'SKU-007;Producto siete;;Bebidas;Refrescos;Marca Norte;CL-999;',
      'SKU-008;Producto ocho;;Bebidas;Refrescos;Marca Norte;;',
      'sku-001;Producto nueve;;Bebidas;Refrescos;Marca Norte;CL-001;',
      'SKU-010;Producto diez;;Bebidas;Refrescos;Marca Norte;Abarrotes del Norte;quizá',
      'SKU-011;Producto once;;;Refrescos;Marca Norte;CL-001;',
    ]);
    const data = expectSuccess(await send('products', 'check', file), 'checkImport');
    expect(data.errors).toEqual([
      { row: 3, column: 'SKU', message: 'El SKU debe tener al menos 3 caracteres' },
      { row: 4, column: 'Nombre', message: 'El nombre es obligatorio' },
      { row: 5, column: 'Categoría', message: 'La categoría "Lácteos" no existe.' },
      {
        row: 6,
        column: 'Subcategoría',
        message: 'La subcategoría no pertenece a la categoría seleccionada.',
      },
      { row: 7, column: 'Marca', message: 'La marca "Marca Sur" no existe.' },
      { row: 8, column: 'Clientes', message: 'El cliente "CL-999" no existe.' },
      { row: 9, column: 'Clientes', message: 'Debe seleccionar al menos un cliente' },
      { row: 10, column: 'SKU', message: 'El SKU se repite en la fila 2.' },
      { row: 11, column: 'Activo', message: 'El valor debe ser Sí o No.' },
      { row: 12, column: 'Categoría', message: 'La categoría es obligatoria' },
    ]);
    expect(data).toMatchObject({ rows: 11, created: 1, errorCount: 10 });
    const confirm = expectSuccess(await send('products', '', file), 'runImport');
    expect(confirm.written).toBe(false);
    expect(await t.db.select().from(products)).toHaveLength(0);
  });

  it('imports a Windows-1252 CSV, clients by code or name, then updates by SKU ignoring case', async () => {
    const file = latinCsv([
      header,
      'SKU-101;Jugo de mango;Néctar;bebidas;REFRESCOS;marca norte;CL-001;Sí',
      'SKU-102;Papas con chile;;Botanas;Papas;Marca Norte;Abarrotes del Norte;No',
    ]);
    const done = expectSuccess(await send('products', '', file), 'runImport');
    expect(done).toMatchObject({ created: 2, written: true });
    const [mango] = await t.db.select().from(products).where(eq(products.sku, 'SKU-101'));
    expect(mango).toMatchObject({ name: 'Jugo de mango', description: 'Néctar', isActive: true });
    const links = await t.db
      .select()
      .from(productClients)
      .where(eq(productClients.productId, mango!.id));
    expect(links).toHaveLength(1);
    const again = expectSuccess(await send('products', 'check', file), 'checkImport');
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const changed = latinCsv([
      header,
      'sku-101;Jugo de mango natural;Néctar;Bebidas;Refrescos;Marca Norte;CL-001;',
    ]);
    const update = expectSuccess(await send('products', '', changed), 'runImport');
    expect(update).toMatchObject({ created: 0, updated: 1, written: true });
    const [renamed] = await t.db.select().from(products).where(eq(products.id, mango!.id));
    expect(renamed).toMatchObject({ sku: 'SKU-101', name: 'Jugo de mango natural' });
  });

  it('maps a header by hand: the dry run names the unmatched headers', async () => {
    const file = Buffer.from(
      'SKU,Producto,Categoría,Subcategoría,Marca,Clientes\nSKU-201,Agua mineral,Bebidas,Refrescos,Marca Norte,CL-001\n',
    );
    const first = expectSuccess(await send('products', 'check', file), 'checkImport');
    expect(first.unmatchedHeaders).toEqual(['Producto']);
    expect(first.errors).toEqual([
      { row: 1, column: 'Nombre', message: 'Falta la columna "Nombre".' },
    ]);
    const mapped = expectSuccess(
      await send('products', 'check', file, { mapping: { Producto: 'name' } }),
      'checkImport',
    );
    expect(mapped).toMatchObject({ created: 1, errorCount: 0, unmatchedHeaders: [] });
    const bad = await send('products', 'check', file, { mapping: { Producto: 'nada' } });
    expect(bad.json()).toMatchObject({ errorMessage: 'La asignación de columnas no es válida.' });
  });
});

describe('clients, catalogues and their reports', () => {
  it('imports clients (RFC in upper case) and reports a missing RFC with the form message', async () => {
    const file = latinCsv([
      'Código;Nombre comercial;Razón social;RFC;Activo',
      'CL-101;Tiendas Peña;Tiendas Peña, S.A.;peña010101ab1;Sí',
      'CL-102;Ferretería Ñandú;;;',
    ]);
    const check = expectSuccess(await send('clients', 'check', file), 'checkImport');
    expect(check.errors).toEqual([{ row: 3, column: 'RFC', message: 'El RFC es obligatorio' }]);
    const fixed = latinCsv([
      'Código;Nombre comercial;Razón social;RFC;Activo',
      'CL-101;Tiendas Peña;Tiendas Peña, S.A.;pen010101ab1;Sí',
      'CL-102;=Ferretería Ñandú;;FNA010101AB1;No',
    ]);
    expect(expectSuccess(await send('clients', '', fixed), 'runImport')).toMatchObject({
      created: 2,
      written: true,
    });
    const [client] = await t.db.select().from(clients).where(eq(clients.code, 'CL-102'));
    expect(client).toMatchObject({ commercialName: '=Ferretería Ñandú', taxId: 'FNA010101AB1' });
  });

  it('imports brands, categories, subcategories and regions by name', async () => {
    const brand = latinCsv([
      'Nombre;Descripción;Activo',
      'Marca Peñón;Del sur;Sí',
      'Marca Norte;;No',
    ]);
    expect(expectSuccess(await send('brands', '', brand), 'runImport')).toMatchObject({
      created: 1,
      updated: 1,
    });
    const [norte] = await t.db.select().from(brands).where(eq(brands.name, 'Marca Norte'));
    expect(norte!.isActive).toBe(false);
    const short = latinCsv(['Nombre', 'AB']);
    expect(expectSuccess(await send('categories', 'check', short), 'checkImport').errors).toEqual([
      { row: 2, column: 'Nombre', message: 'El nombre debe tener al menos 3 caracteres' },
    ]);
    const sub = latinCsv([
      'Nombre;Categoría',
      'Galletas;Botanas',
      'Jugos;Lácteos',
      'Refrescos;Botanas',
      'Refrescos;Bebidas',
      'refrescos;Botanas',
    ]);
    const subCheck = expectSuccess(await send('subcategories', 'check', sub), 'checkImport');
    expect(subCheck.errors).toEqual([
      { row: 3, column: 'Categoría', message: 'La categoría "Lácteos" no existe.' },
      { row: 6, column: 'Nombre', message: 'El nombre se repite en la fila 4.' },
    ]);
    // A name is unique within its category: Refrescos of Botanas is new, of Bebidas unchanged.
    expect(subCheck).toMatchObject({ created: 2, unchanged: 1 });
    const region = latinCsv([
      'Nombre;Estados',
      'Región Bajío;Guanajuato, Querétaro',
      'Región Vacía;',
      'Región Rara;Narnia',
    ]);
    const regionCheck = expectSuccess(await send('regions', 'check', region), 'checkImport');
    expect(regionCheck.errors).toEqual([
      { row: 3, column: 'Estados', message: 'Debe seleccionar al menos un estado' },
      { row: 4, column: 'Estados', message: 'El estado "Narnia" no existe.' },
    ]);
  });

  it('leaves the database as it was when the write fails halfway', async () => {
    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(clients))[0]!.n;
    const before = await count();
    const lines = Array.from({ length: 700 }, (_, i) => `CL-9${i};Cliente ${i};ABC010101AB1`);
    const file = latinCsv(['Código;Nombre comercial;RFC', ...lines]);
    const { resource } = importables.clients!;
    const original = resource.writeBatch.bind(resource);
    let calls = 0;
    const spy = vi.spyOn(resource, 'writeBatch').mockImplementation(async (db, rows, context) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      await original(db, rows, context);
    });
    try {
      expectFailure(await send('clients', '', file), 'runImport', 500);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(2);
    expect(await count()).toBe(before);
  });

  it('answers the dry run as an .xlsx with an Errores column', async () => {
    const file = latinCsv([
      'Código;Nombre comercial;RFC',
      'CL-301;=HYPERLINK("http://x");ABC010101AB1',
      'CL-302;;',
    ]);
    const response = await send('clients', 'report', file);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('errores_clientes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Código',
      'Nombre comercial',
      'RFC',
      'Errores',
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe('=HYPERLINK("http://x")');
    expect(sheet.getRow(2).getCell(4).value ?? '').toBe('');
    expect(sheet.getRow(3).getCell(4).value).toBe(
      'Nombre comercial: El nombre comercial es obligatorio\nRFC: El RFC es obligatorio',
    );
  });
});

describe('users import', () => {
  const header = 'Correo;Nombre;Apellido;Fecha de nacimiento;Perfil;Regiones;Activo';

  it('reports one row of every kind of error with the form messages', async () => {
    const file = latinCsv([
      header,
      'ana@ejemplo.mx;Ana;Peña;1990-05-31;Administrador;;Sí',
      'beto@ejemplo.mx;Beto;Ruiz;31/02/1990;Administrador;;',
      'caro@ejemplo.mx;Caro;Soto;2020-01-01;Administrador;;',
      'dani@ejemplo.mx;Dani;Ortiz;1990-01-01;Gerente;;',
      'eva@ejemplo.mx;Eva;Luna;1990-01-01;Promotor;;',
      'fer@ejemplo.mx;Fer;Paz;1990-01-01;Promotor;Región Sur;',
      'ANA@ejemplo.mx;Ana;Otra;1990-01-01;Administrador;;',
      'gil@ejemplo.mx;;Mora;1990-01-01;Administrador;;',
    ]);
    const data = expectSuccess(await send('users', 'check', file), 'checkImport');
    expect(data.errors).toEqual([
      { row: 3, column: 'Fecha de nacimiento', message: 'La fecha de nacimiento no es válida.' },
      { row: 4, column: 'Fecha de nacimiento', message: 'El usuario debe tener al menos 15 años' },
      { row: 5, column: 'Perfil', message: 'El perfil "Gerente" no existe.' },
      {
        row: 6,
        column: 'Regiones',
        message: 'Debe seleccionar al menos una región para el perfil Promotor.',
      },
      { row: 7, column: 'Regiones', message: 'La región "Región Sur" no existe.' },
      { row: 8, column: 'Correo', message: 'El correo se repite en la fila 2.' },
      { row: 9, column: 'Nombre', message: 'El nombre es obligatorio' },
    ]);
  });

  it('creates users without a password and writes their reset e-mail to the outbox', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const before: string[] = await readdir(outbox).catch(() => []);
    const file = latinCsv([
      header,
      'maria.pena@ejemplo.mx;María;Peña;31/05/1990;Promotor;Región Centro;Sí',
      'jose@ejemplo.mx;José;Núñez;1985-01-02;Administrador;;',
    ]);
    const done = expectSuccess(await send('users', '', file), 'runImport');
    expect(done).toMatchObject({ created: 2, written: true });
    const [maria] = await t.db.select().from(users).where(eq(users.email, 'maria.pena@ejemplo.mx'));
    expect(maria).toMatchObject({ name: 'María', dateOfBirth: '1990-05-31' });
    expect(maria!.passwordHash).toMatch(/^\$argon2id\$/);
    const regionLinks = await t.db
      .select({ name: regions.name })
      .from(userRegions)
      .innerJoin(regions, eq(regions.id, userRegions.regionId))
      .where(eq(userRegions.userId, maria!.id));
    expect(regionLinks).toEqual([{ name: 'Región Centro' }]);
    await t.app.services.mailer.flush();
    const after = await readdir(outbox);
    const added = after.filter((name) => !before.includes(name));
    expect(added.some((name) => name.endsWith('maria.pena@ejemplo.mx.eml'))).toBe(true);
    expect(added.some((name) => name.endsWith('jose@ejemplo.mx.eml'))).toBe(true);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'jose@ejemplo.mx', password: 'Importado#2026', rememberMe: false },
    });
    expect(signIn.statusCode).not.toBe(200);
  });
});

describe('import permissions', () => {
  const cases: [string, string][] = [
    ['products', 'PRODUCTS'],
    ['clients', 'CLIENTS'],
    ['users', 'USERS'],
    ['regions', 'REGIONS'],
    ['brands', 'BRANDS'],
    ['categories', 'CATEGORIES'],
    ['subcategories', 'SUBCATEGORIES'],
  ];
  it.each(cases)('%s: each operation needs both CREATE_ and UPDATE_', async (resource, code) => {
    const file = Buffer.from('Nombre\n');
    for (const codes of [[`CREATE_${code}`], [`UPDATE_${code}`]]) {
      const token = await tokenFor(t.app, t.db, codes as PermissionCode[]);
      expectFailure(await send(resource, 'check', file, { token }), 'checkImport', 403);
      expectFailure(await send(resource, '', file, { token }), 'runImport', 403);
      expectFailure(await send(resource, 'report', file, { token }), 'getImportErrorReport', 403);
      const template = await t.app.inject({
        method: 'GET',
        url: `/api/v1/imports/${resource}/template`,
        headers: bearer(token),
      });
      expectFailure(template, 'getImportTemplate', 403);
      const progress = await t.app.inject({
        method: 'GET',
        url: `/api/v1/imports/${resource}/progress`,
        headers: bearer(token),
      });
      expectFailure(progress, 'getImportProgress', 403);
    }
    const both = await tokenFor(t.app, t.db, [
      `CREATE_${code}`,
      `UPDATE_${code}`,
    ] as PermissionCode[]);
    const template = await t.app.inject({
      method: 'GET',
      url: `/api/v1/imports/${resource}/template`,
      headers: bearer(both),
    });
    expect(template.statusCode).toBe(200);
    const count = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(count[0]!.n).toBeGreaterThan(0);
  });
});
