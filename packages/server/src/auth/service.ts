import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Config } from '../env.ts';
import { passwordResetTokens, users } from '../db/schema/index.ts';
import { AppError, badRequest, fieldError, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordPolicyIssues, type PasswordPolicy } from './password-policy.ts';
import { burnVerificationTime, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { loadSessionUser, type SessionUser } from './principal.ts';
import {
  revokeFamily,
  revokeUserSessions,
  rotateRefreshToken,
  startSession,
  type IssuedRefreshToken,
} from './sessions.ts';
import { randomToken, sha256Hex, signAccessToken } from './tokens.ts';

// Auth rules (ARCHITECTURE §5): argon2id passwords, lockout after 5 consecutive failures for 15
// minutes, refresh-token rotation with replay detection, single-use 30-minute reset tokens.

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const INVALID_CREDENTIALS_MESSAGE = 'Credenciales inválidas.';
export const REFRESH_ERROR_MESSAGE = 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.';
export const RESET_EMAIL_MESSAGE =
  'Si el correo está registrado, recibirás un enlace de restablecimiento.';
export const INVALID_RESET_TOKEN_MESSAGE =
  'El enlace para restablecer la contraseña no es válido o ya expiró.';

/** spec 1 §8: the client parses N from this exact text. */
export function lockedMessage(minutes: number): string {
  return `La cuenta está bloqueada. Intenta de nuevo en ${minutes} minuto(s).`;
}

function minutesLeft(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface SessionResult {
  accessToken: string;
  user: SessionUser;
  refresh: IssuedRefreshToken;
}

const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
const refreshError = () => new AppError(401, 'REFRESH_TOKEN_ERROR', REFRESH_ERROR_MESSAGE);

function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1)
    .then((rows) => rows[0]);
}

async function sessionFor(
  deps: AuthDeps,
  userId: number,
  refresh: IssuedRefreshToken,
): Promise<SessionResult> {
  const user = await loadSessionUser(deps.db, userId);
  if (!user) throw refreshError();
  const accessToken = await signAccessToken(
    { userId, sessionId: refresh.familyId },
    deps.config.jwtSecret,
  );
  return { accessToken, user, refresh };
}

export async function login(
  deps: AuthDeps,
  input: { username: string; password: string; rememberMe?: boolean },
  now: Date = new Date(),
): Promise<SessionResult> {
  const { db, config } = deps;
  const user = await findUserByEmail(db, input.username);
  if (!user) {
    await burnVerificationTime(input.password, config.passwordHashing);
    throw invalidCredentials();
  }
  // A locked account stays locked even with the right password.
  if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
    throw new AppError(401, 'ACCOUNT_LOCKED', lockedMessage(minutesLeft(user.lockedUntil, now)));
  }

  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  if (!passwordOk) {
    const [updated] = await db
      .update(users)
      .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedLoginCount: users.failedLoginCount });
    if (updated && updated.failedLoginCount >= MAX_FAILED_LOGINS) {
      const lockedUntil = new Date(now.getTime() + LOCKOUT_MS);
      await db.update(users).set({ lockedUntil, failedLoginCount: 0 }).where(eq(users.id, user.id));
      deps.log.warn({ userId: user.id }, 'account locked after repeated failed logins');
      throw new AppError(401, 'ACCOUNT_LOCKED', lockedMessage(minutesLeft(lockedUntil, now)));
    }
    throw invalidCredentials();
  }
  // Same answer as a wrong password: do not reveal that the account exists but is disabled.
  if (!user.isActive) throw invalidCredentials();

  const changes: Partial<typeof users.$inferInsert> = {};
  if (user.failedLoginCount !== 0 || user.lockedUntil !== null) {
    changes.failedLoginCount = 0;
    changes.lockedUntil = null;
  }
  if (needsRehash(user.passwordHash, config.passwordHashing)) {
    changes.passwordHash = await hashPassword(input.password, config.passwordHashing);
  }
  if (Object.keys(changes).length > 0) {
    await db.update(users).set(changes).where(eq(users.id, user.id));
  }

  const refresh = await startSession(db, user.id, input.rememberMe === true, now);
  return sessionFor(deps, user.id, refresh);
}

export async function refresh(
  deps: AuthDeps,
  token: string | null,
  now: Date = new Date(),
): Promise<SessionResult> {
  if (!token) throw refreshError();
  const result = await rotateRefreshToken(deps.db, token, now);
  if (!result.ok) {
    if (result.reason === 'replayed') {
      deps.log.warn({ familyId: result.familyId }, 'refresh token replayed: session revoked');
    }
    throw refreshError();
  }
  const [user] = await deps.db
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, result.userId));
  if (!user?.isActive) {
    await revokeFamily(deps.db, result.issued.familyId, now);
    throw refreshError();
  }
  return sessionFor(deps, result.userId, result.issued);
}

export async function sendResetEmail(
  deps: AuthDeps,
  email: string,
  now: Date = new Date(),
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.isActive) return;

  const token = randomToken();
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  const name = `${user.name}`.trim();
  deps.mailer.enqueue({
    to: user.email,
    subject: 'Restablecer tu contraseña de Anaquel',
    text: [
      `Hola, ${name}:`,
      '',
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Anaquel.',
      'Abre el siguiente enlace para elegir una nueva contraseña. El enlace vence en 30 minutos y solo puede usarse una vez.',
      '',
      link,
      '',
      'Si no solicitaste este cambio, ignora este mensaje: tu contraseña no cambiará.',
    ].join('\n'),
    html: [
      `<p>Hola, ${escapeHtml(name)}:</p>`,
      '<p>Recibimos una solicitud para restablecer la contraseña de tu cuenta de Anaquel.</p>',
      `<p><a href="${escapeHtml(link)}">Restablecer contraseña</a></p>`,
      '<p>El enlace vence en 30 minutos y solo puede usarse una vez.</p>',
      '<p>Si no solicitaste este cambio, ignora este mensaje: tu contraseña no cambiará.</p>',
    ].join('\n'),
  });
  if (deps.mailer.mode === 'outbox') {
    deps.log.info({ to: user.email, link }, 'password reset link (no SMTP_URL: see data/outbox)');
  }
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function assertPolicy(password: string, field: string, policy: PasswordPolicy): void {
  const issues = passwordPolicyIssues(password, field, policy);
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
}

export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; email: string; newPassword: string },
  now: Date = new Date(),
): Promise<void> {
  assertPolicy(input.newPassword, 'newPassword', { requireSpecialCharacter: true });
  const invalidToken = () =>
    fieldError('token', INVALID_RESET_TOKEN_MESSAGE, 'INVALID_RESET_TOKEN');

  const [row] = await deps.db
    .select({ id: passwordResetTokens.id, userId: users.id })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256Hex(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) throw invalidToken();

  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashing);
  await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) throw invalidToken();
    // A successful reset also lifts a lockout.
    await tx
      .update(users)
      .set({ passwordHash, failedLoginCount: 0, lockedUntil: null })
      .where(eq(users.id, row.userId));
  });
  await revokeUserSessions(deps.db, row.userId, {}, now);
}

export async function changePassword(
  deps: AuthDeps,
  principal: { userId: number; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  assertPolicy(input.newPassword, 'newPassword', { requireSpecialCharacter: false });
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, principal.userId));
  if (!user) throw notFound('El usuario no existe.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError('currentPassword', 'La contraseña actual es incorrecta.');
  }
  if (input.newPassword === input.currentPassword) {
    throw fieldError('newPassword', 'La nueva contraseña no puede ser igual a la actual.');
  }
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashing);
  await deps.db.update(users).set({ passwordHash }).where(eq(users.id, principal.userId));
  // Other devices are signed out; this session stays.
  await revokeUserSessions(deps.db, principal.userId, { exceptFamilyId: principal.sessionId });
}

export async function adminChangePassword(
  deps: AuthDeps,
  principal: { userId: number; sessionId: string },
  input: { userId: number; newPassword: string },
): Promise<void> {
  assertPolicy(input.newPassword, 'newPassword', { requireSpecialCharacter: true });
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw notFound('El usuario no existe.');
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashing);
  await deps.db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, lockedUntil: null })
    .where(eq(users.id, input.userId));
  await revokeUserSessions(
    deps.db,
    input.userId,
    input.userId === principal.userId ? { exceptFamilyId: principal.sessionId } : {},
  );
}
