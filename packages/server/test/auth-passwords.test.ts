import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword, needsRehash, verifyPassword } from '../src/auth/passwords.ts';
import { passwordResetTokens, users } from '../src/db/schema/index.ts';
import {
  accessTokenFor,
  bearer,
  createTestApp,
  createUser,
  expectFailure,
  expectSuccess,
  refreshCookie,
  tokenFor,
  type TestApp,
  type TestUser,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });

async function signIn(user: { email: string; password: string }) {
  const response = await post('login', { username: user.email, password: user.password });
  const data = expectSuccess(response, 'login');
  return { accessToken: data.accessToken, refresh: refreshCookie(response)!.value };
}

const refreshWith = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token',
    cookies: { anaquel_refresh: token },
  });

const outboxDir = () => path.join(t.config.dataDir, 'outbox');
async function outboxFiles(): Promise<string[]> {
  await t.app.services.mailer.flush();
  try {
    return (await readdir(outboxDir())).sort();
  } catch {
    return [];
  }
}

/** Undoes quoted-printable (soft line breaks and =XX bytes, UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The reset link of an .eml. */
function resetLinkIn(eml: string): URL {
  const decoded = decodeQuotedPrintable(eml);
  const match = /http:\/\/localhost:5173\/reset-password\?[^\s"<]+/.exec(decoded);
  expect(match, 'the e-mail carries the reset link').not.toBeNull();
  return new URL(match![0].replace(/&amp;/g, '&'));
}

async function requestReset(
  email: string,
): Promise<{ token: string; email: string; file: string }> {
  const before = await outboxFiles();
  expectSuccess(await post('send-reset-email', { email }), 'sendResetEmail');
  const after = await outboxFiles();
  const added = after.filter((f) => !before.includes(f));
  expect(added).toHaveLength(1);
  const eml = await readFile(path.join(outboxDir(), added[0]!), 'utf8');
  const link = resetLinkIn(eml);
  return {
    token: link.searchParams.get('token')!,
    email: link.searchParams.get('email')!,
    file: added[0]!,
  };
}

describe('send-reset-email', () => {
  it('answers the same for known and unknown e-mails and writes an .eml only for the known one', async () => {
    const user = await createUser(t.db, t.config, []);
    const before = await outboxFiles();

    const known = await post('send-reset-email', { email: user.email.toUpperCase() });
    const unknown = await post('send-reset-email', { email: 'nadie@anaquel.mx' });
    const knownData = expectSuccess(known, 'sendResetEmail');
    const unknownData = expectSuccess(unknown, 'sendResetEmail');
    expect(knownData).toEqual({
      message: 'Si el correo está registrado, recibirás un enlace de restablecimiento.',
    });
    expect(unknown.body).toBe(known.body);

    const added = (await outboxFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(new RegExp(`${user.email.replace(/[.]/g, '\\.')}\\.eml$`));
    const eml = await readFile(path.join(outboxDir(), added[0]!), 'utf8');
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toMatch(/^Subject: \S/m);
    const text = decodeQuotedPrintable(eml);
    expect(text).toContain('Recibimos una solicitud para restablecer la contraseña');
    expect(text).toContain('El enlace vence en 30 minutos y solo puede usarse una vez.');
    const link = resetLinkIn(eml);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('email')).toBe(user.email);

    // Stored hashed, valid 30 minutes.
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(link.searchParams.get('token'));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(unknownData).toEqual(knownData);
  });

  it('sends nothing to an inactive user, with the same answer', async () => {
    const user = await createUser(t.db, t.config, [], { isActive: false });
    const before = await outboxFiles();
    expectSuccess(await post('send-reset-email', { email: user.email }), 'sendResetEmail');
    expect(await outboxFiles()).toEqual(before);
  });

  it('validates the e-mail', async () => {
    const error = expectFailure(
      await post('send-reset-email', { email: 'no-es-correo' }),
      'sendResetEmail',
      400,
      'VALIDATION_ERROR',
    );
    expect(error.validationErrors).toEqual([
      { field: 'email', message: 'Debe ser un correo electrónico válido.' },
    ]);
  });
});

describe('reset-password', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t.db, t.config, []);
  });

  it('sets the new password once; the token cannot be used again; sessions are revoked', async () => {
    const session = await signIn(user);
    const { token, email } = await requestReset(user.email);

    const done = await post('reset-password', { token, email, newPassword: 'Nueva#2026' });
    expect(expectSuccess(done, 'resetPassword').message).toBe(
      'Contraseña restablecida exitosamente.',
    );

    const again = expectFailure(
      await post('reset-password', { token, email, newPassword: 'Otra#20260' }),
      'resetPassword',
      400,
      'INVALID_RESET_TOKEN',
    );
    expect(again.errorMessage).toBe(
      'El enlace para restablecer la contraseña no es válido o ya expiró.',
    );
    expect(again.validationErrors[0]!.field).toBe('token');

    expectFailure(await refreshWith(session.refresh), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
    expectFailure(
      await post('login', { username: user.email, password: user.password }),
      'login',
      401,
      'INVALID_CREDENTIALS',
    );
    user.password = 'Nueva#2026';
    await signIn(user);
  });

  it('refuses an expired token', async () => {
    const { token, email } = await requestReset(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expectFailure(
      await post('reset-password', { token, email, newPassword: 'Nueva#2027' }),
      'resetPassword',
      400,
      'INVALID_RESET_TOKEN',
    );
  });

  it('refuses a token with another e-mail or an unknown token', async () => {
    const { token } = await requestReset(user.email);
    expectFailure(
      await post('reset-password', { token, email: 'otro@anaquel.mx', newPassword: 'Nueva#2027' }),
      'resetPassword',
      400,
      'INVALID_RESET_TOKEN',
    );
    expectFailure(
      await post('reset-password', {
        token: 'x'.repeat(43),
        email: user.email,
        newPassword: 'Nueva#2027',
      }),
      'resetPassword',
      400,
      'INVALID_RESET_TOKEN',
    );
  });

  it('applies the password policy of spec 2 §5 (uppercase, digit and one of @$!%*?&#)', async () => {
    const { token, email } = await requestReset(user.email);
    const weak = expectFailure(
      await post('reset-password', { token, email, newPassword: 'nuevaclave' }),
      'resetPassword',
      400,
      'VALIDATION_ERROR',
    );
    expect(weak.validationErrors).toEqual([
      { field: 'newPassword', message: 'Debe contener al menos una letra mayúscula.' },
      { field: 'newPassword', message: 'Debe contener al menos un dígito.' },
      { field: 'newPassword', message: 'Debe contener al menos un carácter especial (@$!%*?&#).' },
    ]);
    const short = expectFailure(
      await post('reset-password', { token, email, newPassword: 'Ab1#' }),
      'resetPassword',
      400,
      'VALIDATION_ERROR',
    );
    expect(short.validationErrors).toEqual([
      { field: 'newPassword', message: 'Debe tener al menos 8 caracteres.' },
    ]);
    // The token was not spent by the refused attempts.
    expectSuccess(
      await post('reset-password', { token, email, newPassword: 'Valida#2028' }),
      'resetPassword',
    );
  });

  it('also lifts a lockout', async () => {
    const locked = await createUser(t.db, t.config, []);
    for (let i = 0; i < 5; i++) {
      await post('login', { username: locked.email, password: 'Incorrecta#1' });
    }
    expectFailure(
      await post('login', { username: locked.email, password: locked.password }),
      'login',
      401,
      'ACCOUNT_LOCKED',
    );
    const { token, email } = await requestReset(locked.email);
    expectSuccess(
      await post('reset-password', { token, email, newPassword: 'Libre#2026' }),
      'resetPassword',
    );
    await signIn({ email: locked.email, password: 'Libre#2026' });
  });
});

describe('change-password', () => {
  it('checks the current password, the policy of spec 1 §5 and that the new one differs', async () => {
    const user = await createUser(t.db, t.config, [], { password: 'Actual2026' });
    const { accessToken } = await signIn(user);
    const change = (body: object) => post('change-password', body, bearer(accessToken));

    const wrong = expectFailure(
      await change({ currentPassword: 'Incorrecta1', newPassword: 'Nueva2026' }),
      'changePassword',
      400,
    );
    expect(wrong.errorMessage).toBe('La contraseña actual es incorrecta.');
    expect(wrong.validationErrors).toEqual([
      { field: 'currentPassword', message: 'La contraseña actual es incorrecta.' },
    ]);

    const same = expectFailure(
      await change({ currentPassword: 'Actual2026', newPassword: 'Actual2026' }),
      'changePassword',
      400,
    );
    expect(same.validationErrors).toEqual([
      { field: 'newPassword', message: 'La nueva contraseña no puede ser igual a la actual.' },
    ]);

    const weak = expectFailure(
      await change({ currentPassword: 'Actual2026', newPassword: 'sinmayuscula1' }),
      'changePassword',
      400,
    );
    expect(weak.validationErrors).toEqual([
      { field: 'newPassword', message: 'Debe contener al menos una letra mayúscula.' },
    ]);

    const short = expectFailure(
      await change({ currentPassword: 'Actual2026', newPassword: 'Corta1' }),
      'changePassword',
      400,
    );
    expect(short.validationErrors).toEqual([
      { field: 'newPassword', message: 'Debe tener al menos 8 caracteres.' },
    ]);

    // spec 1 §5 does not ask for a special character here.
    const done = await change({ currentPassword: 'Actual2026', newPassword: 'Nueva2026' });
    expect(expectSuccess(done, 'changePassword').message).toBe(
      'La contraseña se cambió exitosamente.',
    );
    await signIn({ email: user.email, password: 'Nueva2026' });
  });

  it('keeps the current session and signs out the others', async () => {
    const user = await createUser(t.db, t.config, []);
    const here = await signIn(user);
    const elsewhere = await signIn(user);
    expectSuccess(
      await post(
        'change-password',
        { currentPassword: user.password, newPassword: 'Cambiada#1' },
        bearer(here.accessToken),
      ),
      'changePassword',
    );
    expectSuccess(await refreshWith(here.refresh), 'refreshToken');
    expectFailure(await refreshWith(elsewhere.refresh), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
  });

  it('needs a signed-in user', async () => {
    expectFailure(
      await post('change-password', { currentPassword: 'Actual2026', newPassword: 'Nueva2026' }),
      'changePassword',
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('admin-change-password', () => {
  it('needs CHANGE_PASSWORD_USERS', async () => {
    const target = await createUser(t.db, t.config, []);
    const token = await tokenFor(t.app, t.db, ['VIEW_USERS', 'UPDATE_USERS']);
    const refused = expectFailure(
      await post(
        'admin-change-password',
        { userId: target.id, newPassword: 'Admin#2026' },
        bearer(token),
      ),
      'adminChangePassword',
      403,
      'FORBIDDEN',
    );
    expect(refused.errorMessage).toBe('No tienes permiso para realizar esta acción.');
    expectFailure(
      await post('admin-change-password', { userId: target.id, newPassword: 'Admin#2026' }),
      'adminChangePassword',
      401,
      'UNAUTHORIZED',
    );
  });

  it("sets the user's password and signs that user out everywhere", async () => {
    const target = await createUser(t.db, t.config, []);
    const targetSession = await signIn(target);
    const token = await tokenFor(t.app, t.db, ['CHANGE_PASSWORD_USERS']);
    const done = await post(
      'admin-change-password',
      { userId: target.id, newPassword: 'Admin#2026' },
      bearer(token),
    );
    expect(expectSuccess(done, 'adminChangePassword').message).toBe(
      'La contraseña del usuario se cambió exitosamente.',
    );
    expectFailure(
      await refreshWith(targetSession.refresh),
      'refreshToken',
      401,
      'REFRESH_TOKEN_ERROR',
    );
    await signIn({ email: target.email, password: 'Admin#2026' });
  });

  it('answers 404 for an unknown user and 400 for a weak password', async () => {
    const admin = await createUser(t.db, t.config, ['CHANGE_PASSWORD_USERS']);
    const token = await accessTokenFor(t.app, t.db, admin.id);
    const missing = expectFailure(
      await post(
        'admin-change-password',
        { userId: 999_999, newPassword: 'Admin#2026' },
        bearer(token),
      ),
      'adminChangePassword',
      404,
      'NOT_FOUND',
    );
    expect(missing.errorMessage).toBe('El usuario no existe.');
    const weak = expectFailure(
      await post(
        'admin-change-password',
        { userId: admin.id, newPassword: 'Admin2026' },
        bearer(token),
      ),
      'adminChangePassword',
      400,
    );
    expect(weak.validationErrors).toEqual([
      { field: 'newPassword', message: 'Debe contener al menos un carácter especial (@$!%*?&#).' },
    ]);
    const badId = expectFailure(
      await post(
        'admin-change-password',
        { userId: 'doce', newPassword: 'Admin#2026' },
        bearer(token),
      ),
      'adminChangePassword',
      400,
    );
    expect(badId.validationErrors).toEqual([
      { field: 'userId', message: 'Debe ser de tipo número entero.' },
    ]);
  });
});

describe('what the auth service must do and must not do', () => {
  it('mails a text and an HTML part, the name and the link escaped in the HTML', async () => {
    const user = await createUser(t.db, t.config, [], { name: 'Ana <b>&"' });
    const { token, file } = await requestReset(user.email);
    const eml = decodeQuotedPrintable(await readFile(path.join(outboxDir(), file), 'utf8'));
    expect(eml).toMatch(/Subject: =\?UTF-8\?Q\?Restablecer_tu_contrase/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toContain('Hola, Ana <b>&":');
    expect(eml).toContain('<p>Hola, Ana &lt;b&gt;&amp;&quot;:</p>');
    expect(eml).toContain('El enlace vence en 30 minutos y solo puede usarse una vez.');
    expect(eml).toContain(
      `<a href="http://localhost:5173/reset-password?token=${encodeURIComponent(token)}&amp;email=`,
    );
  });

  it('sends nothing for an inactive user', async () => {
    const user = await createUser(t.db, t.config, [], { isActive: false });
    const before = await outboxFiles();
    expectSuccess(await post('send-reset-email', { email: user.email }), 'sendResetEmail');
    expect(await outboxFiles()).toEqual(before);
  });

  it('lets only one of two resets with the same token at once succeed', async () => {
    const user = await createUser(t.db, t.config, []);
    const { token, email } = await requestReset(user.email);
    const answers = await Promise.all([
      post('reset-password', { token, email, newPassword: 'Primera#2026' }),
      post('reset-password', { token, email, newPassword: 'Segunda#2026' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expectFailure(refused, 'resetPassword', 400, 'INVALID_RESET_TOKEN');
    const winner = answers[0]!.statusCode === 200 ? 'Primera#2026' : 'Segunda#2026';
    await signIn({ email: user.email, password: winner });
  });

  it('re-hashes a password stored with other argon2 parameters at sign-in', async () => {
    const user = await createUser(t.db, t.config, []);
    const older = await hashPassword(user.password, {
      memoryCost: 512,
      timeCost: 2,
      parallelism: 1,
    });
    await t.db.update(users).set({ passwordHash: older }).where(eq(users.id, user.id));
    await signIn(user);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).not.toBe(older);
    expect(needsRehash(row!.passwordHash, t.config.passwordHashing)).toBe(false);
    expect(await verifyPassword(row!.passwordHash, user.password)).toBe(true);
    // Already current: left as it is at the next sign-in.
    await signIn(user);
    const [again] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.passwordHash).toBe(row!.passwordHash);
  });

  it('refuses an administrator setting their own password without the current one', async () => {
    const admin = await createUser(t.db, t.config, ['CHANGE_PASSWORD_USERS']);
    const token = await accessTokenFor(t.app, t.db, admin.id);
    const refused = expectFailure(
      await post(
        'admin-change-password',
        { userId: admin.id, newPassword: 'Propia#2026' },
        bearer(token),
      ),
      'adminChangePassword',
      403,
      'FORBIDDEN',
    );
    expect(refused.errorMessage).toContain('Cambiar contraseña');
    // The password did not change.
    await signIn(admin);
  });
});
