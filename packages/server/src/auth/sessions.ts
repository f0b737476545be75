import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema/index.ts';
import { invalidatePrincipals } from './principal.ts';
import { randomToken, sha256Hex } from './tokens.ts';

// Refresh tokens: random, stored as SHA-256, rotated at every use. All the tokens of one sign-in
// share a family id; presenting a token that was already rotated (a replay: stolen, or raced)
// revokes the whole family. Expiry slides with each rotation: 30 days with rememberMe
// (persistent cookie), 12 hours otherwise (browser-session cookie).
//
// Several tabs (docs/decisions.md, "Refresh grace window"): tabs share the cookie, so when the
// access token expires they all present the same refresh token at once. The token that replaces
// a presented one is DERIVED from it (HMAC with the server secret), so a token presented again
// within REFRESH_GRACE_MS of its rotation answers the same successor (walking the chain to the
// live token) instead of counting as a replay; after the window, presenting it revokes the
// family as before. A concurrent rotation that loses the race takes the same path.

/** How long a rotated refresh token may still be presented and answer its successor. */
export const REFRESH_GRACE_MS = 30_000;
/** Successors followed at most by one presentation within the grace window. */
const MAX_GRACE_STEPS = 20;

export const PERSISTENT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  /** The token for the cookie; only its hash is stored. */
  token: string;
  familyId: string;
  persistent: boolean;
  expiresAt: Date;
}

export type RotationResult =
  | { ok: true; userId: number; issued: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'replayed'; familyId?: string };

function expiryFor(persistent: boolean, now: Date): Date {
  return new Date(
    now.getTime() + (persistent ? PERSISTENT_SESSION_TTL_MS : BROWSER_SESSION_TTL_MS),
  );
}

/** Starts a sign-in session (a new family) for the user. */
export async function startSession(
  db: Db,
  userId: number,
  persistent: boolean,
  now: Date = new Date(),
): Promise<IssuedRefreshToken> {
  const token = randomToken();
  const familyId = randomUUID();
  const expiresAt = expiryFor(persistent, now);
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256Hex(token),
    expiresAt,
    persistent,
  });
  return { token, familyId, persistent, expiresAt };
}

class ConcurrentRotation extends Error {}

/** The token that replaces `token` at its rotation (deterministic, unguessable without both). */
function successorToken(token: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`anaquel-refresh-successor:${token}`)
    .digest('base64url');
}

type TokenRow = typeof refreshTokens.$inferSelect;

function findToken(db: Db, token: string): Promise<TokenRow | undefined> {
  return db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * A rotated token presented again within the grace window: its live successor (following the
 * chain while each step was rotated within the window), or null.
 */
async function liveSuccessor(
  db: Db,
  row: TokenRow,
  token: string,
  secret: string,
  now: Date,
): Promise<RotationResult | null> {
  let current = row;
  let presented = token;
  for (let step = 0; step < MAX_GRACE_STEPS; step++) {
    if (current.replacedBy === null || current.revokedAt === null) return null;
    if (now.getTime() - current.revokedAt.getTime() > REFRESH_GRACE_MS) return null;
    const next = successorToken(presented, secret);
    const successor = await findToken(db, next);
    if (!successor || successor.id !== current.replacedBy) return null;
    if (successor.revokedAt === null) {
      if (successor.expiresAt.getTime() <= now.getTime()) return null;
      return {
        ok: true,
        userId: successor.userId,
        issued: {
          token: next,
          familyId: successor.familyId,
          persistent: successor.persistent,
          expiresAt: successor.expiresAt,
        },
      };
    }
    current = successor;
    presented = next;
  }
  return null;
}

/** Exchanges a refresh token for a new one of the same family. */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  secret: string,
  now: Date = new Date(),
  retried = false,
): Promise<RotationResult> {
  const current = await findToken(db, token);
  if (!current) return { ok: false, reason: 'unknown' };

  if (current.revokedAt) {
    if (current.replacedBy !== null) {
      // Another tab (or a lost answer) within the grace window: the same successor.
      const successor = await liveSuccessor(db, current, token, secret, now);
      if (successor) return successor;
      await revokeFamily(db, current.familyId, now);
      return { ok: false, reason: 'replayed', familyId: current.familyId };
    }
    return { ok: false, reason: 'revoked', familyId: current.familyId };
  }
  if (current.expiresAt.getTime() <= now.getTime()) {
    await revokeFamily(db, current.familyId, now);
    return { ok: false, reason: 'expired', familyId: current.familyId };
  }

  const next: IssuedRefreshToken = {
    token: successorToken(token, secret),
    familyId: current.familyId,
    persistent: current.persistent,
    expiresAt: expiryFor(current.persistent, now),
  };
  try {
    await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(refreshTokens)
        .values({
          userId: current.userId,
          familyId: current.familyId,
          tokenHash: sha256Hex(next.token),
          expiresAt: next.expiresAt,
          persistent: current.persistent,
        })
        .returning({ id: refreshTokens.id });
      const rotated = await tx
        .update(refreshTokens)
        .set({ revokedAt: now, replacedBy: inserted!.id })
        .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      // Another request rotated the same token between our read and this update.
      if (rotated.length === 0) throw new ConcurrentRotation();
    });
  } catch (error) {
    // Another request rotated the same token first (our update found it rotated, or our insert
    // met its successor's hash): read it again, which takes the grace path.
    if (!(error instanceof ConcurrentRotation) && !isUniqueViolation(error)) throw error;
    if (!retried) return rotateRefreshToken(db, token, secret, now, true);
    await revokeFamily(db, current.familyId, now);
    return { ok: false, reason: 'replayed', familyId: current.familyId };
  }
  return { ok: true, userId: current.userId, issued: next };
}

export async function revokeFamily(
  db: Db,
  familyId: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await invalidatePrincipals(db);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The family of a presented refresh token, if the token is known. */
export async function familyOfToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  return row?.familyId ?? null;
}

/** Signs the user out everywhere (optionally keeping one session). */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  options: { exceptFamilyId?: string } = {},
  now: Date = new Date(),
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (options.exceptFamilyId) conditions.push(ne(refreshTokens.familyId, options.exceptFamilyId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(...conditions));
  await invalidatePrincipals(db);
}
