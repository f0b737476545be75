// The promoters' field app (/campo, docs/field-app.md): its own page of the build, the profile
// the sign-in answers so the app can send a promoter there, and the permissions its page needs.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTER_PROFILE_NAME } from '@anaquel/api/rules';
import { profiles } from '../src/db/schema/index.ts';
import { createTestApp, createUser, expectSuccess, type TestApp } from './helpers.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'anaquel-field-dist-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Anaquel</title>');
  await writeFile(path.join(dist, 'campo.html'), '<!doctype html><title>Anaquel Campo</title>');
  t = await createTestApp({ config: { appDistDir: dist } });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password, rememberMe: false },
  });

describe('the sign-in', () => {
  it("answers the user's profile, 'promotor' for a promoter", async () => {
    const [promoterProfile] = await t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(sql`lower(${profiles.name})`, PROMOTER_PROFILE_NAME));
    const promoter = await createUser(t.db, t.config, [], { profileId: promoterProfile!.id });
    const asPromoter = expectSuccess(await login(promoter.email, promoter.password), 'login');
    expect(asPromoter.user.profileName?.toLowerCase()).toBe(PROMOTER_PROFILE_NAME);

    const staff = await createUser(t.db, t.config, ['VIEW_USERS']);
    const asStaff = expectSuccess(await login(staff.email, staff.password), 'login');
    expect(asStaff.user.profileName).toMatch(/^Perfil de prueba /);
  });
});

describe('the built field app', () => {
  it('answers campo.html for /campo and every path under it, index.html elsewhere', async () => {
    for (const url of ['/campo', '/campo/', '/CAMPO', '/campo/visita/3?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Anaquel Campo</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/login', '/campos', '/checkins/campo']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('<title>Anaquel</title>');
    }
    const page = await t.app.inject({ method: 'GET', url: '/campo.html' });
    expect(page.body).toContain('<title>Anaquel Campo</title>');
  });

  it('lets only its pages ask for the position and the camera', async () => {
    const field = await t.app.inject({ method: 'GET', url: '/campo' });
    expect(field.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(field.headers['permissions-policy']).toContain('camera=(self)');
    expect(field.headers['permissions-policy']).toContain('microphone=()');
    const backOffice = await t.app.inject({ method: 'GET', url: '/login' });
    expect(backOffice.headers['permissions-policy']).toContain('geolocation=()');
    expect(backOffice.headers['permissions-policy']).toContain('camera=()');
  });
});
