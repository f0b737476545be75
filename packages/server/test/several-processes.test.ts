import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { PRINCIPAL_CACHE_MS } from '../src/auth/principal.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { tryHoldLock } from '../src/db/held-locks.ts';
import { permissions } from '../src/db/schema/index.ts';
import { COUNT_TTL_MS } from '../src/lists/counts.ts';
import { readTestDatabaseUrl } from '../src/env.ts';
import {
  bearer,
  createTestApp,
  createUser,
  expectFailure,
  expectSuccess,
  refreshCookie,
  type TestApp,
} from './helpers.ts';
import { apiAs, create, multipart, type Api } from './master/fixtures.ts';

// Two server processes on one PostgreSQL database, as behind a load balancer (docs/deployment.md,
// "Several processes"): two apps built by the app factory, each with its own database handle,
// pool and listening connection, so each has its own caches. What one changes, the other sees
// within 1 s: a removed permission, a signed-out session, and a master-data write in its list
// page and count. Only on PostgreSQL (PGlite is one process).

const onPostgres = readTestDatabaseUrl() !== undefined;
const SEEN_WITHIN_MS = 1_000;

let a: TestApp;
let bDatabase: Database;
let b: FastifyInstance;
let adminOnA: Api;

beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp();
  bDatabase = await createDatabase(a.config);
  b = await buildApp({ config: a.config, db: bDatabase.db });
  adminOnA = await apiAs(a.app, a.db);
});

afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

/** Milliseconds until `check` holds, asking every 20 ms; fails past `limitMs`. */
async function msUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    const elapsed = performance.now() - started;
    if (elapsed > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function permissionIds(codes: string[]): Promise<number[]> {
  const rows = await a.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.code, codes));
  return rows.map((row) => row.id);
}

describe.skipIf(!onPostgres)('two processes on one PostgreSQL', () => {
  // Both caches are longer than the promise: passing needs the notice, not the expiry.
  it('keeps principals and counts longer than 1 s without a notice', () => {
    expect(PRINCIPAL_CACHE_MS).toBeGreaterThan(SEEN_WITHIN_MS);
    expect(COUNT_TTL_MS).toBeGreaterThan(SEEN_WITHIN_MS);
  });

  it('refuses on B, within 1 s, a permission removed through A', async () => {
    const user = await createUser(a.db, a.config, ['VIEW_BRANDS', 'VIEW_CLIENTS']);
    const login = await b.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: user.email, password: user.password },
    });
    const { accessToken } = expectSuccess(login, 'login');
    const listOnB = () =>
      b.inject({ method: 'GET', url: '/api/v1/brands/paged', headers: bearer(accessToken) });
    expectSuccess(await listOnB(), 'listBrands'); // B now holds the principal

    const update = await adminOnA.put(`profiles/${user.profileId}`, {
      name: `Perfil ${user.profileId}`,
      description: null,
      permissionIds: await permissionIds(['VIEW_CLIENTS']),
      isActive: true,
    });
    expectSuccess(update, 'updateProfile');
    await msUntil(async () => (await listOnB()).statusCode === 403, SEEN_WITHIN_MS);
    expectFailure(await listOnB(), 'listBrands', 403);
  });

  it('refuses on B, within 1 s, the access token of a session signed out through A', async () => {
    const user = await createUser(a.db, a.config, ['VIEW_BRANDS']);
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: user.email, password: user.password },
    });
    const { accessToken } = expectSuccess(login, 'login');
    const listOnB = () =>
      b.inject({ method: 'GET', url: '/api/v1/brands/paged', headers: bearer(accessToken) });
    expectSuccess(await listOnB(), 'listBrands');

    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { anaquel_refresh: refreshCookie(login)!.value },
    });
    expect(logout.statusCode).toBeLessThan(300);
    await msUntil(async () => (await listOnB()).statusCode === 401, SEEN_WITHIN_MS);
  });

  /** A user signed in on B who may list brands there; the listing, asked again on B. */
  async function signedInOnB() {
    const user = await createUser(a.db, a.config, ['VIEW_BRANDS']);
    const login = await b.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: user.email, password: user.password },
    });
    const { accessToken } = expectSuccess(login, 'login');
    const listOnB = () =>
      b.inject({ method: 'GET', url: '/api/v1/brands/paged', headers: bearer(accessToken) });
    expectSuccess(await listOnB(), 'listBrands');
    return { user, listOnB };
  }

  it('refuses on B, within 1 s, the sessions of a user whose password was changed through A', async () => {
    const { user, listOnB } = await signedInOnB();
    const change = await adminOnA.post('auth/admin-change-password', {
      userId: user.id,
      newPassword: 'Cambiada#2026',
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    await msUntil(async () => (await listOnB()).statusCode === 401, SEEN_WITHIN_MS);
  });

  it('refuses on B, within 1 s, a user deactivated through A', async () => {
    const { user, listOnB } = await signedInOnB();
    const form = multipart({
      name: 'Usuario',
      lastName: 'Desactivado',
      dateOfBirth: '1995-05-15',
      email: user.email,
      profileId: user.profileId,
      isActive: false,
    });
    const update = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      headers: { ...bearer(adminOnA.token), ...form.headers },
      payload: form.payload,
    });
    expectSuccess(update, 'updateUser');
    await msUntil(async () => (await listOnB()).statusCode === 401, SEEN_WITHIN_MS);
  });

  it('shows on B the page and count of a brand written through A', async () => {
    const prefix = `Multi ${Date.now().toString(36)}`;
    for (let index = 0; index < 12; index++) {
      await create(adminOnA, 'brands', 'createBrand', {
        name: `${prefix} ${String(index + 10)}`,
        isActive: true,
      });
    }
    const adminOnB = await apiAs(b, bDatabase.db);
    const query = `brands/paged?Filter=${encodeURIComponent(prefix)}&PageSize=5&Sort=name`;
    const pageOnB = async (page: number) =>
      expectSuccess(await adminOnB.get(`${query}&Page=${page}`), 'listBrands');
    expect((await pageOnB(1)).totalCount).toBe(12);
    expect((await pageOnB(3)).rows.map((row) => row.name)).toEqual([
      `${prefix} 20`,
      `${prefix} 21`,
    ]);

    await create(adminOnA, 'brands', 'createBrand', { name: `${prefix} 00`, isActive: true });
    await msUntil(async () => (await pageOnB(1)).totalCount === 13, SEEN_WITHIN_MS);
    expect((await pageOnB(1)).rows[0]!.name).toBe(`${prefix} 00`);
    expect((await pageOnB(3)).rows.map((row) => row.name)).toEqual([
      `${prefix} 19`,
      `${prefix} 20`,
      `${prefix} 21`,
    ]);
  });

  it('listens again after its listening connection is cut, and sees the next write within 1 s', async () => {
    const prefix = `Sin aviso ${Date.now().toString(36)}`;
    const adminOnB = await apiAs(b, bDatabase.db);
    const query = `brands/paged?Filter=${encodeURIComponent(prefix)}&PageSize=1`;
    await create(adminOnA, 'brands', 'createBrand', { name: `${prefix} 1`, isActive: true });
    await create(adminOnA, 'brands', 'createBrand', { name: `${prefix} 2`, isActive: true });
    const countOnB = async () => expectSuccess(await adminOnB.get(query), 'listBrands').totalCount;
    expect(await countOnB()).toBe(2);

    // Every listening connection of this database is cut (A's and B's).
    const cut = await a.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = 'anaquel-change-feed'`);
    expect((cut as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    await msUntil(async () => !bDatabase.changeFeed!.listening, 2_000);
    await msUntil(async () => bDatabase.changeFeed!.listening, 5_000);

    await create(adminOnA, 'brands', 'createBrand', { name: `${prefix} 3`, isActive: true });
    await msUntil(async () => (await countOnB()) === 3, SEEN_WITHIN_MS);
  });
});

describe.skipIf(!onPostgres)('a lock held for a long answer', () => {
  it('is refused on B while A holds it, and free again once released', async () => {
    const name = `photos-zip:${Date.now()}`;
    const releaseOnA = await tryHoldLock(a.db, name);
    expect(releaseOnA).not.toBeNull();
    expect(await tryHoldLock(bDatabase.db, name)).toBeNull();
    expect(await tryHoldLock(a.db, name)).toBeNull();
    expect(await tryHoldLock(a.db, `${name}-other`)).not.toBeNull();
    await releaseOnA!();
    const releaseOnB = await tryHoldLock(bDatabase.db, name);
    expect(releaseOnB).not.toBeNull();
    await releaseOnB!();
  });

  it('is given back by PostgreSQL when the process holding it dies', async () => {
    const name = `photos-zip:dies:${Date.now()}`;
    const third = await createDatabase(a.config);
    expect(await tryHoldLock(third.db, name)).not.toBeNull();
    expect(await tryHoldLock(b.services.db, name)).toBeNull();
    await third.close(); // its connections end, as with kill -9
    await msUntil(async () => {
      const release = await tryHoldLock(b.services.db, name);
      await release?.();
      return release !== null;
    }, 2_000);
  });
});
