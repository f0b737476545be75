import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema/index.ts';
import { randomToken, sha256Hex } from './tokens.ts';

// Refresh tokens: random, stored as SHA-256, rotated at every use. All the tokens of one sign-in
// share a family id; presenting a token that was already rotated (a replay: stolen, or raced)
// revokes the whole family. Expiry slides with each rotation: 30 days with rememberMe
// (persistent cookie), 12 hours otherwise (browser-session cookie).

export const PERSISTENT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

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

/** Exchanges a refresh token for a new one of the same family. */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<RotationResult> {
  const [current] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!current) return { ok: false, reason: 'unknown' };

  if (current.revokedAt) {
    if (current.replacedBy !== null) {
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
    token: randomToken(),
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
    if (!(error instanceof ConcurrentRotation)) throw error;
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
}
