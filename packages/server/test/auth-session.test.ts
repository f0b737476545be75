import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { authThrottles, refreshTokens, users } from '../src/db/schema/index.ts';
import { accountSubject } from '../src/auth/service.ts';
import { PRINCIPAL_CACHE_MS } from '../src/auth/principal.ts';
import { REFRESH_GRACE_MS } from '../src/auth/sessions.ts';
import { throttleKey } from '../src/auth/throttle.ts';
import { sha256Hex, signAccessToken } from '../src/auth/tokens.ts';
import { contract } from '../src/http/contract.ts';
import {
  bearer,
  createTestApp,
  createUser,
  expectFailure,
  expectSuccess,
  refreshCookie,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (body: object, url = '/api/v1/auth/login') =>
  t.app.inject({ method: 'POST', url, payload: body });

const refreshWith = (token: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token',
    ...(token ? { cookies: { anaquel_refresh: token } } : {}),
  });

describe('login', () => {
  it('answers the access token and the session user, and sets a persistent cookie with rememberMe', async () => {
    const response = await login({
      username: t.config.adminEmail,
      password: t.config.adminPassword,
      rememberMe: true,
    });
    const data = expectSuccess(response, 'login');
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(data.user).toMatchObject({
      completeName: 'Administrador General',
      email: 'admin@anaquel.mx',
      profileImageUrl: null,
    });
    expect(data.user.permissions).toContain('VIEW_USERS');
    expect(data.user.permissions).toContain('CHANGE_PASSWORD_USERS');
    // Every code of the contract's permission catalogue, once.
    const contractCodes = (contract.components as { schemas: Record<string, { enum: string[] }> })
      .schemas.PermissionCode!.enum;
    expect([...data.user.permissions].sort()).toEqual([...contractCodes].sort());

    const cookie = refreshCookie(response);
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Strict');
    expect(cookie!.path).toBe('/api/v1/auth');
    expect(cookie!.maxAge).toBe(30 * 24 * 60 * 60);

    // The refresh token is stored only as its SHA-256.
    const stored = await t.db.select().from(refreshTokens);
    expect(stored.some((r) => r.tokenHash === cookie!.value)).toBe(false);
  });

  it('sets a browser-session cookie (no Max-Age) without rememberMe; the session lasts 12 hours', async () => {
    const before = Date.now();
    const response = await login({
      username: 'ADMIN@anaquel.mx',
      password: t.config.adminPassword,
    });
    expectSuccess(response, 'login');
    const cookie = refreshCookie(response)!;
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.expires).toBeUndefined();
    const header = String(response.headers['set-cookie']);
    expect(header).not.toMatch(/Max-Age|Expires/i);

    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.persistent, false));
    const latest = rows.at(-1)!;
    const hours = (latest.expiresAt.getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThan(12.1);
  });

  it('refuses a wrong password or an unknown e-mail with the same 401', async () => {
    const wrong = expectFailure(
      await login({ username: t.config.adminEmail, password: 'Incorrecta#1' }),
      'login',
      401,
      'INVALID_CREDENTIALS',
    );
    const unknown = expectFailure(
      await login({ username: 'nadie@anaquel.mx', password: 'Incorrecta#1' }),
      'login',
      401,
      'INVALID_CREDENTIALS',
    );
    expect(wrong.errorMessage).toBe(unknown.errorMessage);
    expect(wrong.errorMessage).toBe('Credenciales inválidas.');
  });

  it('refuses an inactive user even with the right password', async () => {
    const user = await createUser(t.db, t.config, ['VIEW_USERS'], { isActive: false });
    expectFailure(
      await login({ username: user.email, password: user.password }),
      'login',
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('locks the account for 15 minutes after 5 consecutive failures', async () => {
    const user = await createUser(t.db, t.config, []);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expectFailure(
        await login({ username: user.email, password: 'Incorrecta#1' }),
        'login',
        401,
        'INVALID_CREDENTIALS',
      );
    }
    const fifth = expectFailure(
      await login({ username: user.email, password: 'Incorrecta#1' }),
      'login',
      401,
      'ACCOUNT_LOCKED',
    );
    expect(fifth.errorMessage).toBe('La cuenta está bloqueada. Intenta de nuevo en 15 minuto(s).');

    // Still locked with the right password.
    const locked = expectFailure(
      await login({ username: user.email, password: user.password }),
      'login',
      401,
      'ACCOUNT_LOCKED',
    );
    expect(locked.errorMessage).toBe('La cuenta está bloqueada. Intenta de nuevo en 15 minuto(s).');

    // The minutes left are rounded up.
    await t.db
      .update(authThrottles)
      .set({ lockedUntil: new Date(Date.now() + 3.5 * 60_000) })
      .where(eq(authThrottles.subject, accountSubject(user.email)));
    const later = expectFailure(
      await login({ username: user.email, password: user.password }),
      'login',
      401,
      'ACCOUNT_LOCKED',
    );
    expect(later.errorMessage).toBe('La cuenta está bloqueada. Intenta de nuevo en 4 minuto(s).');

    // Once the lock has expired the right password works again and resets the counter.
    await t.db
      .update(authThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(authThrottles.subject, accountSubject(user.email)));
    expectSuccess(await login({ username: user.email, password: user.password }), 'login');
    const [row] = await t.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, throttleKey('login', user.email.toLowerCase(), '127.0.0.1')));
    expect(row!.failures).toBe(0);
    expect(row!.lockedUntil).toBeNull();
  });

  it('a success in between resets the failure count', async () => {
    const user = await createUser(t.db, t.config, []);
    for (let i = 0; i < 4; i++) await login({ username: user.email, password: 'Mala#2026' });
    expectSuccess(await login({ username: user.email, password: user.password }), 'login');
    for (let i = 0; i < 4; i++) {
      expectFailure(
        await login({ username: user.email, password: 'Mala#2026' }),
        'login',
        401,
        'INVALID_CREDENTIALS',
      );
    }
  });

  it('matches paths case-insensitively', async () => {
    const response = await login(
      { username: t.config.adminEmail, password: t.config.adminPassword },
      '/API/V1/Auth/Login',
    );
    expectSuccess(response, 'login');
  });
});

describe('refresh token', () => {
  it('rotates the token at every use; the old one then fails and revokes the whole family', async () => {
    const user = await createUser(t.db, t.config, ['VIEW_USERS']);
    const first = await login({ username: user.email, password: user.password, rememberMe: true });
    expectSuccess(first, 'login');
    const tokenA = refreshCookie(first)!.value;

    const second = await refreshWith(tokenA);
    const data = expectSuccess(second, 'refreshToken');
    expect(data.user.id).toBe(user.id);
    expect(data.user.permissions).toEqual(['VIEW_USERS']);
    const cookieB = refreshCookie(second)!;
    expect(cookieB.value).not.toBe(tokenA);
    // The rotated cookie keeps the persistence of the sign-in.
    expect(cookieB.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookieB.httpOnly).toBe(true);
    expect(cookieB.path).toBe('/api/v1/auth');

    // The new access token works.
    const permissions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/permissions',
      headers: bearer(data.accessToken),
    });
    expectSuccess(permissions, 'listPermissions');

    // Presented again within the grace window (another tab): the same successor, no revocation.
    const again = await refreshWith(tokenA);
    expectSuccess(again, 'refreshToken');
    expect(refreshCookie(again)!.value).toBe(cookieB.value);

    // After the window, replaying the rotated token: 401, and the family is revoked (B fails too).
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256Hex(tokenA)));
    const replay = expectFailure(
      await refreshWith(tokenA),
      'refreshToken',
      401,
      'REFRESH_TOKEN_ERROR',
    );
    expect(replay.errorMessage).toBe('Tu sesión ha expirado. Por favor, inicia sesión nuevamente.');
    expectFailure(await refreshWith(cookieB.value), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');

    // ...and so does the access token of that session.
    expectFailure(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/permissions',
        headers: bearer(data.accessToken),
      }),
      'listPermissions',
      401,
      'UNAUTHORIZED',
    );
  });

  it('keeps a browser-session cookie without Max-Age when rotating', async () => {
    const response = await login({
      username: t.config.adminEmail,
      password: t.config.adminPassword,
    });
    const next = await refreshWith(refreshCookie(response)!.value);
    expectSuccess(next, 'refreshToken');
    expect(refreshCookie(next)!.maxAge).toBeUndefined();
  });

  it('answers REFRESH_TOKEN_ERROR without a cookie, with an unknown or expired token, and clears the cookie', async () => {
    const none = await refreshWith(undefined);
    expectFailure(none, 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
    expect(refreshCookie(none)?.value).toBe('');

    expectFailure(await refreshWith('desconocido'), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');

    const response = await login({
      username: t.config.adminEmail,
      password: t.config.adminPassword,
    });
    const token = refreshCookie(response)!.value;
    await t.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expectFailure(await refreshWith(token), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
  });

  it('refuses the refresh of a user who was deactivated', async () => {
    const user = await createUser(t.db, t.config, []);
    const response = await login({ username: user.email, password: user.password });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectFailure(
      await refreshWith(refreshCookie(response)!.value),
      'refreshToken',
      401,
      'REFRESH_TOKEN_ERROR',
    );
  });

  it('accepts an empty JSON body (the client sends the content type with no body)', async () => {
    const response = await login({
      username: t.config.adminEmail,
      password: t.config.adminPassword,
    });
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      headers: { 'content-type': 'application/json' },
      cookies: { anaquel_refresh: refreshCookie(response)!.value },
    });
    expectSuccess(next, 'refreshToken');
  });
});

describe('logout', () => {
  it('revokes the session, clears the cookie and the access token stops working', async () => {
    const response = await login({
      username: t.config.adminEmail,
      password: t.config.adminPassword,
    });
    const { accessToken } = expectSuccess(response, 'login');
    const token = refreshCookie(response)!.value;

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { anaquel_refresh: token },
    });
    expect(expectSuccess(out, 'logout').message).toBe('Sesión cerrada exitosamente.');
    const cleared = refreshCookie(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/v1/auth');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());

    expectFailure(await refreshWith(token), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
    expectFailure(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/permissions',
        headers: bearer(accessToken),
      }),
      'listPermissions',
      401,
      'UNAUTHORIZED',
    );
  });

  it('succeeds without a cookie', async () => {
    expectSuccess(await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' }), 'logout');
  });
});

describe('access token', () => {
  const permissionsWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/permissions', headers });

  it('is required (401 UNAUTHORIZED without, malformed, forged or expired)', async () => {
    expectFailure(await permissionsWith({}), 'listPermissions', 401, 'UNAUTHORIZED');
    expectFailure(
      await permissionsWith({ authorization: 'Basic YWRtaW46YWRtaW4=' }),
      'listPermissions',
      401,
      'UNAUTHORIZED',
    );
    expectFailure(
      await permissionsWith(bearer('no.es.jwt')),
      'listPermissions',
      401,
      'UNAUTHORIZED',
    );

    const response = await login({
      username: t.config.adminEmail,
      password: t.config.adminPassword,
    });
    const { accessToken, user } = expectSuccess(response, 'login');
    const forged = await signAccessToken(
      { userId: user.id, sessionId: JSON.parse(atob(accessToken.split('.')[1]!)).sid },
      'otro-secreto-de-al-menos-32-caracteres!!',
    );
    expectFailure(await permissionsWith(bearer(forged)), 'listPermissions', 401, 'UNAUTHORIZED');

    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000);
    const expired = await signAccessToken(
      { userId: user.id, sessionId: JSON.parse(atob(accessToken.split('.')[1]!)).sid },
      t.config.jwtSecret,
      sixteenMinutesAgo,
    );
    expectFailure(await permissionsWith(bearer(expired)), 'listPermissions', 401, 'UNAUTHORIZED');
    expectSuccess(await permissionsWith(bearer(accessToken)), 'listPermissions');
  });

  it('applies a change made outside this process within the principal cache bound', async () => {
    const user = await createUser(t.db, t.config, ['VIEW_USERS']);
    const { accessToken } = expectSuccess(
      await login({ username: user.email, password: user.password }),
      'login',
    );
    const promoters = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/users/promoters', headers: bearer(accessToken) });
    expectSuccess(await promoters(), 'listPromoters');
    // Directly in the database (not through this process, which would invalidate the cache).
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expectSuccess(await promoters(), 'listPromoters');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + PRINCIPAL_CACHE_MS + 1);
      expectFailure(await promoters(), 'listPromoters', 401, 'UNAUTHORIZED');
    } finally {
      vi.useRealTimers();
    }
  });
});
