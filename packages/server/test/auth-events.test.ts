import { Writable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as auth from '../src/auth/service.ts';
import { sha256Hex } from '../src/auth/tokens.ts';
import { passwordResetTokens, refreshTokens, users } from '../src/db/schema/index.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import {
  bearer,
  createTestApp,
  createUser,
  expectFailure,
  expectSuccess,
  refreshCookie,
  type TestApp,
} from './helpers.ts';
import { REFRESH_GRACE_MS } from '../src/auth/sessions.ts';

// What the auth service does beyond the HTTP answer: the reset e-mail as the user receives it
// and the 30 minutes its link lives, the security events an operator reads in the server log (a
// replayed refresh token, a lockout; the reset link logged only in outbox mode, never when mail
// goes out by SMTP), and a user deleted while signed in.

interface LogRecord {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const WARN = 40;
const INFO = 30;
const REPLAY_MESSAGE = 'refresh token replayed: session revoked';
const LOCK_MESSAGE = 'sign-in locked after repeated failures (e-mail and address pair)';
const OUTBOX_LINK_MESSAGE = 'password reset link (no SMTP_URL: see data/outbox)';
const MINUTE = 60_000;

let t: TestApp;
const logs: LogRecord[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as LogRecord);
      }
      callback();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'info' }, stream) });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The log records written from now on. */
function logsFrom() {
  const start = logs.length;
  return () => logs.slice(start);
}
const withMessage = (records: LogRecord[], msg: string) => records.filter((r) => r.msg === msg);

/** A mailer that keeps what it is given, in the mode of a server with or without SMTP_URL. */
function recordingMailer(mode: Mailer['mode']): { mailer: Mailer; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: {
      mode,
      enqueue: (message) => void sent.push(message),
      defer: () => {
        throw new Error('not used by the service');
      },
      flush: async () => {},
    },
  };
}

function depsWith(mailer: Mailer): auth.AuthDeps {
  return { db: t.db, config: t.config, mailer, log: t.app.log };
}

/** Asks for a reset through the service and returns the mail and the token of its link. */
async function resetMail(email: string, now: Date, mode: Mailer['mode'] = 'outbox') {
  const { mailer, sent } = recordingMailer(mode);
  await auth.sendResetEmail(depsWith(mailer), email, now);
  expect(sent).toHaveLength(1);
  const message = sent[0]!;
  const link = /^http:\/\/localhost:5173\/reset-password\?\S+$/m.exec(message.text)?.[0];
  expect(link, 'the text part carries the link on a line of its own').toBeDefined();
  return { message, link: link!, token: new URL(link!).searchParams.get('token')! };
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, headers });

const refreshWith = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token',
    cookies: { anaquel_refresh: token },
  });

describe('the reset e-mail', () => {
  it('says the same in its text and HTML parts: greeting, what to do, the link, its limits', async () => {
    const user = await createUser(t.db, t.config, [], { name: 'Ana' });
    const { message, link, token } = await resetMail(user.email.toUpperCase(), new Date());
    expect(message.to).toBe(user.email);
    expect(message.subject).toBe('Restablecer tu contraseña de Anaquel');
    expect(link).toBe(
      `http://localhost:5173/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`,
    );
    expect(message.text.split('\n')).toEqual([
      'Hola, Ana:',
      '',
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Anaquel.',
      'Abre el siguiente enlace para elegir una nueva contraseña. El enlace vence en 30 minutos y solo puede usarse una vez.',
      '',
      link,
      '',
      'Si no solicitaste este cambio, ignora este mensaje: tu contraseña no cambiará.',
    ]);
    expect(message.html.split('\n')).toEqual([
      '<p>Hola, Ana:</p>',
      '<p>Recibimos una solicitud para restablecer la contraseña de tu cuenta de Anaquel.</p>',
      `<p><a href="${link.replace(/&/g, '&amp;')}">Restablecer contraseña</a></p>`,
      '<p>El enlace vence en 30 minutos y solo puede usarse una vez.</p>',
      '<p>Si no solicitaste este cambio, ignora este mensaje: tu contraseña no cambiará.</p>',
    ]);
  });

  it('has a link that works for 30 minutes, whatever the case of the e-mail', async () => {
    const user = await createUser(t.db, t.config, []);
    const asked = new Date();
    const first = await resetMail(user.email, asked);
    const second = await resetMail(user.email, asked);
    // The stored token (its SHA-256 only) expires 30 minutes after the request.
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256Hex(first.token)));
    expect(row!.expiresAt.getTime()).toBe(asked.getTime() + 30 * MINUTE);

    vi.useFakeTimers({ toFake: ['Date'] });
    // One second before the 30 minutes: the link still works.
    vi.setSystemTime(asked.getTime() + 30 * MINUTE - 1000);
    expectSuccess(
      await post('reset-password', {
        token: first.token,
        email: user.email.toUpperCase(),
        newPassword: 'Nueva#2026',
      }),
      'resetPassword',
    );
    // At 30 minutes it no longer does.
    vi.setSystemTime(asked.getTime() + 30 * MINUTE);
    const late = expectFailure(
      await post('reset-password', {
        token: second.token,
        email: user.email,
        newPassword: 'Otra#2026',
      }),
      'resetPassword',
      400,
      'INVALID_RESET_TOKEN',
    );
    expect(late.validationErrors).toEqual([
      {
        field: 'token',
        message: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
      },
    ]);
    vi.useRealTimers();
    expectSuccess(await post('login', { username: user.email, password: 'Nueva#2026' }), 'login');
  });
});

describe('security events in the server log', () => {
  it('warns of a replayed refresh token with its session, and of nothing else', async () => {
    const user = await createUser(t.db, t.config, []);
    const signIn = () => post('login', { username: user.email, password: user.password });
    const read = logsFrom();

    // Unknown, logged-out and expired tokens are refused without a replay warning.
    expectFailure(await refreshWith('x'.repeat(43)), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
    const loggedOut = refreshCookie(await signIn())!.value;
    expectSuccess(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        cookies: { anaquel_refresh: loggedOut },
      }),
      'logout',
    );
    expectFailure(await refreshWith(loggedOut), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
    const expired = refreshCookie(await signIn())!.value;
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256Hex(expired)));
    expectFailure(await refreshWith(expired), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
    expect(withMessage(read(), REPLAY_MESSAGE)).toEqual([]);

    // A rotated token presented again after the grace window is a replay.
    const stolen = refreshCookie(await signIn())!.value;
    expectSuccess(await refreshWith(stolen), 'refreshToken');
    const [family] = await t.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(stolen)));
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256Hex(stolen)));
    expectFailure(await refreshWith(stolen), 'refreshToken', 401, 'REFRESH_TOKEN_ERROR');
    const warnings = withMessage(read(), REPLAY_MESSAGE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: WARN, familyId: family!.familyId });
    // And the whole session is closed.
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, family!.familyId), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
  });

  it('warns when a lockout starts, without the e-mail or the passwords', async () => {
    const user = await createUser(t.db, t.config, []);
    const read = logsFrom();
    for (let attempt = 1; attempt <= 4; attempt++) {
      await post('login', { username: user.email, password: `Incorrecta#${attempt}` });
    }
    expect(withMessage(read(), LOCK_MESSAGE)).toEqual([]);
    expectFailure(
      await post('login', { username: user.email, password: 'Incorrecta#5' }),
      'login',
      401,
      'ACCOUNT_LOCKED',
    );
    const warnings = withMessage(read(), LOCK_MESSAGE);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(WARN);
    const written = JSON.stringify(read());
    expect(written).not.toContain(user.email);
    expect(written).not.toContain('Incorrecta#');
  });

  it('logs the reset link only in outbox mode (no SMTP_URL), never when mail goes by SMTP', async () => {
    const user = await createUser(t.db, t.config, []);
    const readOutbox = logsFrom();
    const outbox = await resetMail(user.email, new Date(), 'outbox');
    const records = withMessage(readOutbox(), OUTBOX_LINK_MESSAGE);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ level: INFO, to: user.email, link: outbox.link });

    const readSmtp = logsFrom();
    const smtp = await resetMail(user.email, new Date(), 'smtp');
    expect(JSON.stringify(readSmtp())).not.toContain(smtp.token);
    expect(withMessage(readSmtp(), OUTBOX_LINK_MESSAGE)).toEqual([]);
  });
});

describe('a user deleted while signed in', () => {
  it('gets 401 UNAUTHORIZED from change-password, not a server error', async () => {
    const user = await createUser(t.db, t.config, [], { password: 'Actual2026' });
    const signedIn = await post('login', { username: user.email, password: 'Actual2026' });
    const { accessToken } = expectSuccess(signedIn, 'login');
    const change = () =>
      post(
        'change-password',
        { currentPassword: 'Actual2026', newPassword: 'Nueva2026' },
        bearer(accessToken),
      );
    // Time stands still: the access token's principal stays cached (PRINCIPAL_CACHE_MS) while the
    // user is deleted directly in the database, as another server process would.
    vi.useFakeTimers({ toFake: ['Date'] });
    expectFailure(
      await post(
        'change-password',
        { currentPassword: 'Actual2026', newPassword: 'corta' },
        bearer(accessToken),
      ),
      'changePassword',
      400,
    );
    await t.db.delete(users).where(eq(users.id, user.id));
    // The session has no user any more: the client refreshes, fails and signs out.
    const gone = expectFailure(await change(), 'changePassword', 401, 'UNAUTHORIZED');
    expect(gone.errorMessage).toBe('No has iniciado sesión o tu sesión expiró.');
    // ...and that refresh answers the session's end (its tokens went with the user).
    const refused = expectFailure(
      await refreshWith(refreshCookie(signedIn)!.value),
      'refreshToken',
      401,
      'REFRESH_TOKEN_ERROR',
    );
    expect(refused.errorMessage).toBe(
      'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
    );
  });
});
