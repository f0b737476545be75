import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { BoundedCache } from '../lib/bounded-cache.ts';

// Access tokens: HS256 JWT, 15 minutes, claims `sub` (user id) and `sid` (the refresh-token
// family = the sign-in session). Permissions are NOT in the token: the guard reads them from the
// database on every request, so a revoked permission or a closed session applies at once.

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'anaquel';
const AUDIENCE = 'anaquel-api';

export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(
  claims: AccessTokenClaims,
  secret: string,
  now: Date = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyFor(secret));
}

// A verified token keeps its claims until it expires: the signature of the same string cannot
// change, so a token seen before skips the HMAC and claim checks (what is revocable, the session
// and the permissions, is checked by the guard on every request).
type Verified = BoundedCache<string, { claims: AccessTokenClaims; expiresAt: number }>;
const verifiedBySecret = new Map<string, Verified>();

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(
  token: string,
  secret: string,
): Promise<AccessTokenClaims | null> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new BoundedCache({ maxEntries: 10_000 });
    verifiedBySecret.set(secret, verified);
  }
  const hit = verified.get(token);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isInteger(userId) || userId <= 0 || typeof sessionId !== 'string') return null;
    const claims = { userId, sessionId };
    if (typeof payload.exp === 'number') {
      verified.set(token, { claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex digest: how refresh and reset tokens are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
