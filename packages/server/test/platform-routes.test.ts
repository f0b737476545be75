import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { profiles, states, users } from '../src/db/schema/index.ts';
import { PERMISSION_CATALOGUE } from '../src/auth/permission-catalogue.ts';
import { contract } from '../src/http/contract.ts';
import { saveImage } from '../src/files/images.ts';
import { seed } from '../src/seed/index.ts';
import {
  bearer,
  createTestApp,
  createUser,
  expectContract,
  expectFailure,
  expectSuccess,
  someUuid,
  tokenFor,
  type TestApp,
} from './helpers.ts';
import sharp from 'sharp';
import { PNG_1X1 } from './fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /permissions', () => {
  it('lists the whole catalogue to any signed-in user', async () => {
    const token = await tokenFor(t.app, t.db, []);
    const data = expectSuccess(
      await t.app.inject({ method: 'GET', url: '/api/v1/permissions', headers: bearer(token) }),
      'listPermissions',
    );
    // Exactly the contract's codes (four per x-crud-resources line, and the others), once each.
    const contractCodes = (contract.components as { schemas: Record<string, { enum: string[] }> })
      .schemas.PermissionCode!.enum;
    expect(data.map((p) => p.code).sort()).toEqual([...contractCodes].sort());
    expect(data.map((p) => p.code)).toEqual(PERMISSION_CATALOGUE.map((p) => p.code));
    expect(data.find((p) => p.code === 'VIEW_BRANDS')).toMatchObject({
      group: 'Productos/Marcas',
      clientPolicy: 'VIEW',
      description: 'Ver marcas',
    });
    expect(data.find((p) => p.code === 'DELETE_QUESTIONS')).toMatchObject({
      group: 'Cuestionarios/Preguntas',
      clientPolicy: 'DELETE',
      description: 'Eliminar preguntas',
    });
    expect(data.find((p) => p.code === 'CHANGE_PASSWORD_USERS')).toMatchObject({
      group: 'Seguridad/Usuarios',
      clientPolicy: 'CHANGE_PASSWORD',
    });
    expect(data.find((p) => p.code === 'VIEW_CHECKINS')).toMatchObject({
      group: 'Operación/Visitas',
      clientPolicy: 'VIEW',
    });
    for (const permission of data) expect(permission.group).toMatch(/^[^/]+\/[^/]+$/);
  });
});

describe('GET /users/promoters', () => {
  it("lists active users of the 'promotor' profile as options, by name", async () => {
    const [promoter] = await t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(sql`lower(${profiles.name})`, 'promotor'));
    const other = await createUser(t.db, t.config, []);
    const zoe = await createUser(t.db, t.config, [], {
      name: 'Zoé',
      lastName: 'Ramírez',
      profileId: promoter!.id,
    });
    const ana = await createUser(t.db, t.config, [], {
      name: 'Ana',
      lastName: 'López',
      profileId: promoter!.id,
    });
    await createUser(t.db, t.config, [], {
      name: 'Inactivo',
      lastName: 'Pérez',
      profileId: promoter!.id,
      isActive: false,
    });
    const token = await tokenFor(t.app, t.db, ['VIEW_USERS']);
    const data = expectSuccess(
      await t.app.inject({ method: 'GET', url: '/api/v1/users/promoters', headers: bearer(token) }),
      'listPromoters',
    );
    expect(data).toEqual([
      { id: ana.id, name: 'Ana López' },
      { id: zoe.id, name: 'Zoé Ramírez' },
    ]);
    expect(data.some((o) => o.id === other.id)).toBe(false);
  });

  it('needs VIEW_USERS', async () => {
    const token = await tokenFor(t.app, t.db, ['VIEW_CHECKINS']);
    expectFailure(
      await t.app.inject({ method: 'GET', url: '/api/v1/users/promoters', headers: bearer(token) }),
      'listPromoters',
      403,
      'FORBIDDEN',
    );
    expectFailure(
      await t.app.inject({ method: 'GET', url: '/api/v1/users/promoters' }),
      'listPromoters',
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('GET /files/{fileId}', () => {
  it('answers the image without a token, with its type, caching and nosniff', async () => {
    const id = await saveImage(t.db, t.app.services.storage, PNG_1X1);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/files/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded at upload: the same pixel, not necessarily the same bytes.
    const [sent, served] = await Promise.all(
      [PNG_1X1, response.rawPayload].map((b) => sharp(b).raw().toBuffer()),
    );
    expect(served!.equals(sent!)).toBe(true);
    // The contract declares the status and the media type.
    expectContract(response, 'getFile');
  });

  it('answers 404 for an unknown id', async () => {
    const error = expectFailure(
      await t.app.inject({ method: 'GET', url: `/api/v1/files/${someUuid()}` }),
      'getFile',
      404,
      'NOT_FOUND',
    );
    expect(error.errorMessage).toBe('El archivo no existe.');
  });
});

describe('GET /health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(expectSuccess(response, 'getHealth')).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not', async () => {
    const brokenDb = {
      execute: () => Promise.reject(new Error('connection refused')),
    } as unknown as Db;
    const app = await buildApp({ config: t.config, db: brokenDb });
    try {
      const error = expectFailure(
        await app.inject({ method: 'GET', url: '/api/v1/health' }),
        'getHealth',
        503,
        'SERVICE_UNAVAILABLE',
      );
      expect(error.errorMessage).toBe('El servicio no está disponible. Intenta más tarde.');
    } finally {
      await app.close();
    }
  });
});

describe('seed', () => {
  it('has the 32 states with their INEGI keys', async () => {
    const rows = await t.db.select().from(states).orderBy(states.id);
    expect(rows).toHaveLength(32);
    expect(rows[0]).toMatchObject({ id: 1, inegiKey: '01', name: 'Aguascalientes' });
    expect(rows[8]).toMatchObject({ id: 9, inegiKey: '09', name: 'Ciudad de México' });
    expect(rows[31]).toMatchObject({ id: 32, inegiKey: '32', name: 'Zacatecas' });
  });

  it('is idempotent and keeps a changed admin password', async () => {
    const [before] = await t.db.select().from(users).where(eq(users.email, t.config.adminEmail));
    await t.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, before!.id));
    await seed(t.db, t.config, { demo: false });
    const all = await t.db.select().from(users).where(eq(users.email, t.config.adminEmail));
    expect(all).toHaveLength(1);
    expect(all[0]!.passwordHash).toBe('changed');
    await t.db
      .update(users)
      .set({ passwordHash: before!.passwordHash })
      .where(eq(users.id, before!.id));
    const profileRows = await t.db.select().from(profiles);
    expect(
      profileRows.filter((p) => ['administrador', 'promotor'].includes(p.name.toLowerCase())),
    ).toHaveLength(2);
  });
});
