import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Config } from '../env.ts';
import { authThrottles, passwordResetTokens, users } from '../db/schema/index.ts';
import { AppError, badRequest, fieldError, notFound, unauthorized } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordPolicyIssues, type PasswordPolicy } from './password-policy.ts';
import { guardUserChange } from './privileges.ts';
import { tooManyAttempts } from './rate-limit.ts';
import {
  clearThrottles,
  failedAttempt,
  minutesLeft,
  normaliseEmail,
  reserveAttempt,
  succeededAttempt,
  throttleKey,
  type ThrottleRule,
} from './throttle.ts';
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
// Sign-in limits (docs/decisions.md): the lockout counts per e-mail and address pair, in the
// database (auth/throttle.ts), for registered and unknown e-mails alike; an account-wide ceiling
// counts the checked failures from every address.

const MAX_FAILED_LOGINS = 5;
const LOCKOUT_MS = 15 * 60 * 1000;

/** 5 consecutive wrong passwords for one e-mail from one address lock that pair 15 minutes. */
const LOGIN_PAIR_RULE: ThrottleRule = { maxFailures: MAX_FAILED_LOGINS, lockMs: LOCKOUT_MS };
/**
 * 50 checked failures for one e-mail in 15 minutes, from all addresses together, close its
 * sign-in (429) for 15 minutes: a distributed guesser gets at most 50 guesses per quarter hour,
 * and one address alone can never reach it (its pair locks at 5), so locking the administrator
 * out takes at least 10 addresses.
 */
const LOGIN_ACCOUNT_RULE: ThrottleRule = {
  maxFailures: 50,
  lockMs: LOCKOUT_MS,
  windowMs: LOCKOUT_MS,
};
/** 5 consecutive wrong current passwords at change-password: 429 for 15 minutes. */
const CHANGE_PASSWORD_RULE: ThrottleRule = {
  maxFailures: MAX_FAILED_LOGINS,
  lockMs: LOCKOUT_MS,
};
const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

const INVALID_CREDENTIALS_MESSAGE = 'Credenciales inválidas.';
export const REFRESH_ERROR_MESSAGE = 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.';
export const RESET_EMAIL_MESSAGE =
  'Si el correo está registrado, recibirás un enlace de restablecimiento.';
const INVALID_RESET_TOKEN_MESSAGE =
  'El enlace para restablecer la contraseña no es válido o ya expiró.';

/** spec 1 §8: the client parses N from this exact text. */
function lockedMessage(minutes: number): string {
  return `La cuenta está bloqueada. Intenta de nuevo en ${minutes} minuto(s).`;
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
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
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

/** The subject of every sign-in count about an e-mail (lifted together at a reset). */
export function accountSubject(email: string): string {
  return throttleKey('account', normaliseEmail(email));
}

const accountLocked = (until: Date, now: Date) =>
  new AppError(401, 'ACCOUNT_LOCKED', lockedMessage(minutesLeft(until, now)));

async function lockedUntilOf(db: Db, key: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: authThrottles.lockedUntil })
    .from(authThrottles)
    .where(and(eq(authThrottles.key, key), gt(authThrottles.lockedUntil, now)));
  return row?.lockedUntil ?? null;
}

/**
 * Sign-in. Every e-mail, registered or not, goes through the same steps (one count reserved for
 * the e-mail and address, one argon2 verification, real or against a dummy hash), so neither the
 * answer nor its time tells which accounts exist or which are locked.
 */
export async function login(
  deps: AuthDeps,
  input: { username: string; password: string; rememberMe?: boolean },
  client: { ip: string },
  now: Date = new Date(),
): Promise<SessionResult> {
  const { db, config } = deps;
  const email = normaliseEmail(input.username);
  const subject = accountSubject(email);
  const pairKey = throttleKey('login', email, client.ip);
  const accountKey = throttleKey('login-account', email);

  const user = await findUserByEmail(db, email);
  const pair = await reserveAttempt(db, { key: pairKey, subject }, LOGIN_PAIR_RULE, now);
  const accountLock = await lockedUntilOf(db, accountKey, now);
  // A locked pair or account stays locked even with the right password: nothing is checked.
  if (!pair.allowed || accountLock) {
    await burnVerificationTime(input.password, config.passwordHashing);
    if (!pair.allowed) throw accountLocked(pair.lockedUntil, now);
    throw tooManyAttempts(accountLock!, now);
  }

  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnVerificationTime(input.password, config.passwordHashing), false);
  // An inactive user with the right password is refused like a wrong password (and counted).
  if (!user || !passwordOk || !user.isActive) {
    const lockedUntil = await failedAttempt(db, pair, LOGIN_PAIR_RULE, now);
    await reserveAttempt(db, { key: accountKey, subject }, LOGIN_ACCOUNT_RULE, now);
    if (lockedUntil) {
      deps.log.warn('sign-in locked after repeated failures (e-mail and address pair)');
      throw accountLocked(lockedUntil, now);
    }
    throw invalidCredentials();
  }

  await succeededAttempt(db, pairKey);
  if (needsRehash(user.passwordHash, config.passwordHashing)) {
    const passwordHash = await hashPassword(input.password, config.passwordHashing);
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
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
  const result = await rotateRefreshToken(deps.db, token, deps.config.jwtSecret, now);
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
    .select({ id: passwordResetTokens.id, userId: users.id, email: users.email })
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
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
  });
  // A successful reset also lifts the sign-in lockouts of the e-mail (every address).
  await clearThrottles(deps.db, accountSubject(row.email));
  await revokeUserSessions(deps.db, row.userId, {}, now);
}

export async function changePassword(
  deps: AuthDeps,
  principal: { userId: number; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  now: Date = new Date(),
): Promise<void> {
  assertPolicy(input.newPassword, 'newPassword', { requireSpecialCharacter: false });
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, principal.userId));
  // Deleted while the access token's principal was still cached (PRINCIPAL_CACHE_MS): the
  // session has no user any more, so 401 like the guard (the contract declares no 404 here).
  if (!user) throw unauthorized();
  // Attempt limit: 5 consecutive wrong current passwords close change-password 15 minutes.
  const attempt = await reserveAttempt(
    deps.db,
    { key: throttleKey('change-password', principal.userId) },
    CHANGE_PASSWORD_RULE,
    now,
  );
  if (!attempt.allowed) throw tooManyAttempts(attempt.lockedUntil, now);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const lockedUntil = await failedAttempt(deps.db, attempt, CHANGE_PASSWORD_RULE, now);
    if (lockedUntil) throw tooManyAttempts(lockedUntil, now);
    throw fieldError('currentPassword', 'La contraseña actual es incorrecta.');
  }
  await succeededAttempt(deps.db, attempt.key);
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
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashing);
  const email = await deps.db.transaction(async (tx) => {
    // 403 for one's own password (change-password asks for the current one) and for a user
    // holding a permission the caller does not hold (auth/privileges.ts).
    await guardUserChange(tx, principal, { kind: 'password', userId: input.userId });
    const updated = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, input.userId))
      .returning({ email: users.email });
    if (updated.length === 0) throw notFound('El usuario no existe.');
    return updated[0]!.email;
  });
  // Like a reset, a new password set by an administrator lifts the sign-in lockouts.
  await clearThrottles(deps.db, accountSubject(email));
  await revokeUserSessions(deps.db, input.userId);
}
