import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../src/auth/service.ts';
import { users } from '../src/db/schema/index.ts';
import { AppError } from '../src/http/errors.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

// Edges of the auth service that the HTTP tests do not reach (issue #8, mutation testing): the
// change-password count forgotten after a right current password, a refused refresh that revokes
// the session for good, the reset e-mail's trimmed name and encoded address, the reset's e-mail
// compared trimmed. The service is called directly, with a fixed clock.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function recordingMailer(): { mailer: Mailer; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: {
      mode: 'smtp',
      enqueue: (message) => void sent.push(message),
      defer: () => {
        throw new Error('not used by the service');
      },
      flush: async () => {},
    },
  };
}

const deps = (mailer: Mailer = recordingMailer().mailer): auth.AuthDeps => ({
  db: t.db,
  config: t.config,
  mailer,
  log: t.app.log,
});

/** The AppError a call fails with, as status, code and message. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, 'the call fails').toBeInstanceOf(AppError);
  const { statusCode, errorCode, message } = error as AppError;
  return { statusCode, errorCode, message };
}

const NOW = new Date('2026-03-02T10:00:00Z');
const WRONG = { statusCode: 400, message: 'La contraseña actual es incorrecta.' };

describe('change-password attempt count', () => {
  it('forgets the wrong current passwords after a right one, also when the new one is refused', async () => {
    const user = await createUser(t.db, t.config, [], { password: 'Actual2026' });
    const principal = { userId: user.id, sessionId: randomUUID() };
    const change = (currentPassword: string, newPassword = 'Nueva2026') =>
      auth.changePassword(deps(), principal, { currentPassword, newPassword }, NOW);

    for (let i = 0; i < 4; i++) {
      expect(await failure(change('Incorrecta1'))).toMatchObject(WRONG);
    }
    // The right current password, but the same as the new one: refused, and the count restarts.
    expect(await failure(change('Actual2026', 'Actual2026'))).toMatchObject({
      statusCode: 400,
      message: 'La nueva contraseña no puede ser igual a la actual.',
    });
    for (let i = 0; i < 4; i++) {
      expect(await failure(change('Incorrecta1'))).toMatchObject(WRONG);
    }
    // The fifth consecutive wrong one closes change-password.
    expect(await failure(change('Incorrecta1'))).toMatchObject({
      statusCode: 429,
      errorCode: 'TOO_MANY_ATTEMPTS',
    });
    expect(await failure(change('Actual2026'))).toMatchObject({ statusCode: 429 });
  });

  it('changes the password without a special character (spec 1 §5), unlike a reset', async () => {
    const user = await createUser(t.db, t.config, [], { password: 'Actual2026' });
    await auth.changePassword(
      deps(),
      { userId: user.id, sessionId: randomUUID() },
      { currentPassword: 'Actual2026', newPassword: 'SinEspecial2026' },
      NOW,
    );
    await auth.login(
      deps(),
      { username: user.email, password: 'SinEspecial2026' },
      { ip: '10.9.0.1' },
      NOW,
    );
  });
});

describe('refresh of a deactivated user', () => {
  it('revokes the session for good: reactivated, the same cookie still fails', async () => {
    const user = await createUser(t.db, t.config, []);
    const session = await auth.login(
      deps(),
      { username: user.email, password: user.password },
      { ip: '10.9.0.2' },
      NOW,
    );
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await failure(auth.refresh(deps(), session.refresh.token, NOW))).toMatchObject({
      statusCode: 401,
      errorCode: 'REFRESH_TOKEN_ERROR',
    });
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    // Within the grace window a rotated token would answer its successor: not once revoked.
    expect(await failure(auth.refresh(deps(), session.refresh.token, NOW))).toMatchObject({
      statusCode: 401,
      errorCode: 'REFRESH_TOKEN_ERROR',
    });
  });

  it('refuses a missing or empty token without touching the database', async () => {
    for (const token of [null, '']) {
      expect(await failure(auth.refresh(deps(), token, NOW))).toMatchObject({
        statusCode: 401,
        errorCode: 'REFRESH_TOKEN_ERROR',
        message: auth.REFRESH_ERROR_MESSAGE,
      });
    }
  });
});

describe('the reset e-mail and the reset', () => {
  it('greets the trimmed name and carries the exact e-mail in its link (a + survives)', async () => {
    const email = `ana+${Date.now().toString(36)}@ejemplo.mx`;
    await createUser(t.db, t.config, [], { name: '  Ana María  ', email });
    const { mailer, sent } = recordingMailer();
    await auth.sendResetEmail(deps(mailer), email, NOW);
    expect(sent).toHaveLength(1);
    const message = sent[0]!;
    expect(message.to).toBe(email);
    expect(message.text.split('\n')[0]).toBe('Hola, Ana María:');
    expect(message.html).toContain('<p>Hola, Ana María:</p>');
    const link = /^http:\/\/localhost:5173\/reset-password\?\S+$/m.exec(message.text)![0];
    expect(new URL(link).searchParams.get('email')).toBe(email);
    expect(link).toContain(`&email=${encodeURIComponent(email)}`);
  });

  it('escapes every occurrence of the HTML specials in the name', async () => {
    const user = await createUser(t.db, t.config, [], { name: '<a>&<b>&"x"' });
    const { mailer, sent } = recordingMailer();
    await auth.sendResetEmail(deps(mailer), user.email, NOW);
    expect(sent[0]!.html).toContain('<p>Hola, &lt;a&gt;&amp;&lt;b&gt;&amp;&quot;x&quot;:</p>');
  });

  it('compares the e-mail of the reset trimmed and in any case', async () => {
    const user = await createUser(t.db, t.config, []);
    const { mailer, sent } = recordingMailer();
    await auth.sendResetEmail(deps(mailer), user.email, NOW);
    const link = /^http:\/\/localhost:5173\/reset-password\?\S+$/m.exec(sent[0]!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    await auth.resetPassword(
      deps(),
      { token, email: `  ${user.email.toUpperCase()}  `, newPassword: 'Nueva#2026' },
      NOW,
    );
    await auth.login(
      deps(),
      { username: user.email, password: 'Nueva#2026' },
      { ip: '10.9.0.3' },
      NOW,
    );
  });

  it('refuses the token of a user deactivated after asking for it', async () => {
    const user = await createUser(t.db, t.config, []);
    const { mailer, sent } = recordingMailer();
    await auth.sendResetEmail(deps(mailer), user.email, NOW);
    const link = /^http:\/\/localhost:5173\/reset-password\?\S+$/m.exec(sent[0]!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(
      await failure(
        auth.resetPassword(deps(), { token, email: user.email, newPassword: 'Nueva#2026' }, NOW),
      ),
    ).toMatchObject({ statusCode: 400, errorCode: 'INVALID_RESET_TOKEN' });
  });
});
