import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from '../src/auth/limits.ts';
import { REFRESH_GRACE_MS } from '../src/auth/sessions.ts';
import { throttleKey } from '../src/auth/throttle.ts';
import { sha256Hex } from '../src/auth/tokens.ts';
import { buildApp } from '../src/app.ts';
import { authThrottles, passwordResetTokens, refreshTokens } from '../src/db/schema/index.ts';
import {
  accessTokenFor,
  bearer,
  createTestApp,
  createUser,
  expectFailure,
  expectSuccess,
  refreshCookie,
  type TestApp,
} from './helpers.ts';

// Sign-in limits (docs/decisions.md): the lockout counted atomically per e-mail and address, the
// same for unknown e-mails, the account-wide ceiling, the change-password attempt limit, the
// request rate limits (429 in the envelope, counted in the database so a second process shares
// them) and the refresh grace window for several tabs. This file runs with the real limits.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { authRateLimits: DEFAULT_AUTH_RATE_LIMITS } });
});
afterAll(async () => {
  await t?.close();
});

const LOCKED = 'La cuenta está bloqueada. Intenta de nuevo en 15 minuto(s).';
const TOO_MANY = 'Demasiados intentos. Intenta de nuevo en 15 minuto(s).';

let address = 0;
/** A fresh client address per test, so that the per-address limits do not add up. */
const newAddress = () => `10.20.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress,
  });

function codes(responses: { statusCode: number; json(): unknown }[]) {
  return responses.map((response) =>
    response.statusCode === 200 ? 'OK' : (response.json() as { errorCode: string }).errorCode,
  );
}

const count = (list: string[], code: string) => list.filter((c) => c === code).length;

async function sessionsOf(userId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId));
  return row!.n;
}

describe('lockout', () => {
  it('counts 20 parallel wrong passwords as 20 failures: 4 refused, then locked', async () => {
    const user = await createUser(t.db, t.config, []);
    const from = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(user.email, 'Incorrecta#1', from)),
    );
    for (const answer of answers) expectFailure(answer, 'login', 401);
    const seen = codes(answers);
    expect(count(seen, 'INVALID_CREDENTIALS')).toBe(4);
    expect(count(seen, 'ACCOUNT_LOCKED')).toBe(16);
    const [row] = await t.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, throttleKey('login', user.email.toLowerCase(), from)));
    expect(row!.failures).toBe(20);
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('never signs in once locked, even with the right password among 19 wrong in parallel', async () => {
    const user = await createUser(t.db, t.config, []);
    const from = newAddress();
    for (let i = 0; i < 5; i++) await login(user.email, 'Incorrecta#1', from);
    const answers = await Promise.all([
      ...Array.from({ length: 19 }, () => login(user.email, 'Incorrecta#1', from)),
      login(user.email, user.password, from),
    ]);
    expect(codes(answers)).toEqual(Array.from({ length: 20 }, () => 'ACCOUNT_LOCKED'));
    for (const answer of answers) {
      expect(expectFailure(answer, 'login', 401).errorMessage).toBe(LOCKED);
    }
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('checks at most five passwords of 19 wrong and 1 right sent at once', async () => {
    const user = await createUser(t.db, t.config, []);
    const from = newAddress();
    const seen = codes(
      await Promise.all([
        ...Array.from({ length: 19 }, () => login(user.email, 'Incorrecta#1', from)),
        login(user.email, user.password, from),
      ]),
    );
    expect(count(seen, 'OK')).toBeLessThanOrEqual(1);
    // Only attempts within the first five are checked; the rest are locked unchecked.
    expect(count(seen, 'OK') + count(seen, 'INVALID_CREDENTIALS')).toBeLessThanOrEqual(5);
    expect(count(seen, 'ACCOUNT_LOCKED')).toBeGreaterThanOrEqual(15);
    expect(await sessionsOf(user.id)).toBe(count(seen, 'OK'));
  });

  it('answers an unknown e-mail exactly like a registered one, lock included', async () => {
    const user = await createUser(t.db, t.config, []);
    const from = newAddress();
    const unknown = `nadie.${Date.now()}@prueba.mx`;
    for (let i = 1; i <= 5; i++) {
      const known = await login(user.email, 'Incorrecta#1', from);
      const stranger = await login(unknown, 'Incorrecta#1', from);
      expect(stranger.statusCode).toBe(known.statusCode);
      expect(stranger.json()).toEqual(known.json());
      expect((known.json() as { errorCode: string }).errorCode).toBe(
        i < 5 ? 'INVALID_CREDENTIALS' : 'ACCOUNT_LOCKED',
      );
    }
    const lockedKnown = await login(user.email, user.password, from);
    const lockedStranger = await login(unknown, 'Cualquiera#1', from);
    expect(lockedStranger.json()).toEqual(lockedKnown.json());
    expect(expectFailure(lockedKnown, 'login', 401, 'ACCOUNT_LOCKED').errorMessage).toBe(LOCKED);
  });

  it('locks the e-mail only for the address the failures came from', async () => {
    const user = await createUser(t.db, t.config, []);
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) await login(user.email, 'Incorrecta#1', attacker);
    expectFailure(await login(user.email, user.password, attacker), 'login', 401, 'ACCOUNT_LOCKED');
    // The owner, elsewhere, still signs in.
    expectSuccess(await login(user.email, user.password, newAddress()), 'login');
  });

  it('closes an e-mail for everyone after 50 checked failures from many addresses', async () => {
    const user = await createUser(t.db, t.config, []);
    for (let a = 0; a < 11; a++) {
      const from = newAddress();
      for (let i = 0; i < 5; i++) await login(user.email, 'Incorrecta#1', from);
    }
    const fresh = expectFailure(
      await login(user.email, user.password, newAddress()),
      'login',
      429,
      'TOO_MANY_ATTEMPTS',
    );
    expect(fresh.errorMessage).toBe(TOO_MANY);
  }, 120_000);

  it('lifts every lock of the e-mail when the password is reset', async () => {
    const user = await createUser(t.db, t.config, []);
    const from = newAddress();
    for (let i = 0; i < 5; i++) await login(user.email, 'Incorrecta#1', from);
    const admin = await createUser(t.db, t.config, ['CHANGE_PASSWORD_USERS']);
    expectSuccess(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/admin-change-password',
        headers: bearer(await accessTokenFor(t.app, t.db, admin.id)),
        payload: { userId: user.id, newPassword: 'Nueva#2026' },
      }),
      'adminChangePassword',
    );
    expectSuccess(await login(user.email, 'Nueva#2026', from), 'login');
  });
});

describe('change-password attempt limit', () => {
  it('answers 429 after 5 wrong current passwords, even to the right one', async () => {
    const user = await createUser(t.db, t.config, []);
    const headers = bearer(await accessTokenFor(t.app, t.db, user.id));
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        headers,
        payload: { currentPassword, newPassword: 'Cambiada2026' },
      });
    for (let i = 1; i <= 4; i++) {
      const wrong = expectFailure(await change('Incorrecta#1'), 'changePassword', 400);
      expect(wrong.errorMessage).toBe('La contraseña actual es incorrecta.');
    }
    expect(
      expectFailure(await change('Incorrecta#1'), 'changePassword', 429, 'TOO_MANY_ATTEMPTS')
        .errorMessage,
    ).toBe(TOO_MANY);
    expectFailure(await change(user.password), 'changePassword', 429, 'TOO_MANY_ATTEMPTS');
  });
});

describe('rate limits', () => {
  const resetRequest = (email: string, remoteAddress: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-reset-email',
      payload: { email },
      remoteAddress,
    });

  it('answers 429 in the envelope after 3 reset requests for one e-mail, known or not', async () => {
    const user = await createUser(t.db, t.config, []);
    for (const email of [user.email, `nadie.${Date.now()}@prueba.mx`]) {
      for (let i = 0; i < 3; i++) {
        expect(
          expectSuccess(await resetRequest(email, newAddress()), 'sendResetEmail').message,
        ).toBe('Si el correo está registrado, recibirás un enlace de restablecimiento.');
      }
      const refused = expectFailure(
        await resetRequest(email.toUpperCase(), newAddress()),
        'sendResetEmail',
        429,
        'TOO_MANY_ATTEMPTS',
      );
      expect(refused.errorMessage).toBe(TOO_MANY);
    }
    await t.app.services.mailer.flush();
    const tokens = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(tokens).toHaveLength(3);
  });

  it('limits sign-ins per address (100 per 15 minutes), whatever the e-mails', async () => {
    const from = newAddress();
    for (let i = 0; i < 100; i++) {
      expectFailure(await login(`otro${i}@prueba.mx`, 'Incorrecta#1', from), 'login', 401);
    }
    expect(
      expectFailure(await login('uno.mas@prueba.mx', 'Incorrecta#1', from), 'login', 429)
        .errorMessage,
    ).toBe(TOO_MANY);
    // Another address is not affected.
    expectFailure(await login('uno.mas@prueba.mx', 'Incorrecta#1', newAddress()), 'login', 401);
  }, 120_000);

  it('shares the counts with a second server process on the same database', async () => {
    const second = await buildApp({ config: t.config, db: t.db });
    try {
      const email = `compartido.${Date.now()}@prueba.mx`;
      for (let i = 0; i < 3; i++) {
        expectSuccess(await resetRequest(email, newAddress()), 'sendResetEmail');
      }
      expectFailure(
        await resetRequest(email, newAddress(), second),
        'sendResetEmail',
        429,
        'TOO_MANY_ATTEMPTS',
      );
    } finally {
      await second.close();
    }
  });
});

describe('refresh grace window (several tabs)', () => {
  it('answers 20 concurrent refreshes with the same cookie with the same new token', async () => {
    const user = await createUser(t.db, t.config, []);
    const cookie = (await login(user.email, user.password, newAddress())).cookies.find(
      (c) => c.name === 'anaquel_refresh',
    )!.value;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh-token',
          cookies: { anaquel_refresh: cookie },
        }),
      ),
    );
    for (const answer of answers) expectSuccess(answer, 'refreshToken');
    const next = new Set(answers.map((answer) => refreshCookie(answer)!.value));
    expect(next.size).toBe(1);
    // The new token keeps working: the family was not revoked.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      cookies: { anaquel_refresh: [...next][0]! },
    });
    expectSuccess(after, 'refreshToken');
    // A second cycle: the token of the first presented again, still within the window, is
    // followed along the chain to the live one.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      cookies: { anaquel_refresh: cookie },
    });
    expectSuccess(again, 'refreshToken');
    expect(refreshCookie(again)!.value).toBe(refreshCookie(after)!.value);
  });

  it('still revokes the family on a replay after the window', async () => {
    const user = await createUser(t.db, t.config, []);
    const cookie = refreshCookie(await login(user.email, user.password, newAddress()))!.value;
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      cookies: { anaquel_refresh: cookie },
    });
    const live = refreshCookie(rotated)!.value;
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1) })
      .where(eq(refreshTokens.tokenHash, sha256Hex(cookie)));
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token',
        cookies: { anaquel_refresh: cookie },
      }),
      'refreshToken',
      401,
      'REFRESH_TOKEN_ERROR',
    );
    // The whole family is revoked: the live token is refused too.
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token',
        cookies: { anaquel_refresh: live },
      }),
      'refreshToken',
      401,
      'REFRESH_TOKEN_ERROR',
    );
  });
});
