import type { components } from '@anaquel/api/schema';
import { and, asc, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { changed, PRINCIPALS, versionOf } from '../db/versions.ts';
import { cachePerOwner } from '../lib/bounded-cache.ts';
import {
  permissions,
  profilePermissions,
  profiles,
  refreshTokens,
  users,
} from '../db/schema/index.ts';
import type { PermissionCode } from './permission-catalogue.ts';

export type SessionUser = components['schemas']['SessionUser'];

/** Who is calling: set on the request by the guard for every non-public operation. */
export interface Principal {
  userId: number;
  /** The sign-in session (refresh-token family) the access token belongs to. */
  sessionId: string;
  permissions: ReadonlySet<PermissionCode>;
}

/**
 * The codes granted by the user's profile (none while the profile is inactive), in catalogue
 * order.
 */
async function loadPermissionCodes(db: Db, userId: number): Promise<PermissionCode[]> {
  const rows = await db
    .select({ code: permissions.code })
    .from(users)
    .innerJoin(profiles, and(eq(profiles.id, users.profileId), eq(profiles.isActive, true)))
    .innerJoin(profilePermissions, eq(profilePermissions.profileId, profiles.id))
    .innerJoin(permissions, eq(permissions.id, profilePermissions.permissionId))
    .where(eq(users.id, userId))
    .orderBy(asc(permissions.id));
  return rows.map((r) => r.code as PermissionCode);
}

/**
 * The principal of an access token, read fresh from the database: null when the user is gone
 * or inactive, or when the session was closed (logout, password change, replay).
 */
async function loadPrincipal(
  db: Db,
  userId: number,
  sessionId: string,
  now: Date = new Date(),
): Promise<Principal | null> {
  const rows = await db
    .select({ code: permissions.code })
    .from(users)
    .leftJoin(profiles, and(eq(profiles.id, users.profileId), eq(profiles.isActive, true)))
    .leftJoin(profilePermissions, eq(profilePermissions.profileId, profiles.id))
    .leftJoin(permissions, eq(permissions.id, profilePermissions.permissionId))
    .where(
      and(
        eq(users.id, userId),
        eq(users.isActive, true),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, sessionId),
                eq(refreshTokens.userId, userId),
                isNull(refreshTokens.revokedAt),
                gt(refreshTokens.expiresAt, now),
              ),
            ),
        ),
      ),
    );
  if (rows.length === 0) return null;
  const codes = new Set<PermissionCode>();
  for (const row of rows) if (row.code) codes.add(row.code as PermissionCode);
  return { userId, sessionId, permissions: codes };
}

/* ---------- the principal cache ---------- */

/**
 * How long a loaded principal is reused (docs/decisions.md "Cost of a signed-in request"): a
 * closed session, a deactivated user or a removed permission takes effect at once in this
 * process and, through PostgreSQL's notice, in every other within milliseconds (at most
 * UNLISTENED_TRUST_MS while a process cannot listen; db/versions.ts). This bound is left for a
 * change made directly in the database.
 */
export const PRINCIPAL_CACHE_MS = 5_000;

interface CachedPrincipal {
  principal: Principal;
  /** The version of PRINCIPALS it was read at. */
  version: number;
}

/** By database (one per process, or per app in a test), then `userId:sessionId`. */
const principalCacheOf = cachePerOwner<Db, string, CachedPrincipal>({
  maxEntries: 10_000,
  ttlMs: PRINCIPAL_CACHE_MS,
});

/**
 * After a committed change of sessions, users or permissions: every process reads principals
 * afresh (resolves once the other processes were told).
 */
export function invalidatePrincipals(db: Db): Promise<void> {
  return changed(db, [PRINCIPALS]);
}

/** After a committed write to `table`: when principals are read from it (users, profiles). */
export async function invalidatePrincipalsAfterWriteTo(db: Db, table: PgTable): Promise<void> {
  if (table === users || table === profiles) await invalidatePrincipals(db);
}

/** loadPrincipal, reused for PRINCIPAL_CACHE_MS while unchanged; only live principals are kept. */
export async function cachedPrincipal(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<Principal | null> {
  const key = `${userId}:${sessionId}`;
  const now = Date.now();
  const cache = principalCacheOf(db);
  // Read before the load: a change noticed while it runs leaves the entry already outdated.
  const version = versionOf(db, PRINCIPALS, now);
  const cached = cache.get(key, now);
  if (cached?.version === version) return cached.principal;
  const principal = await loadPrincipal(db, userId, sessionId);
  if (!principal) {
    cache.delete(key);
    return null;
  }
  cache.set(key, { principal, version }, now);
  return principal;
}

export function completeName(user: { name: string; lastName: string }): string {
  return `${user.name} ${user.lastName}`.trim();
}

/** The user as login and refresh answer it. */
export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      profileImageFileId: users.profileImageFileId,
      profileName: profiles.name,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  return {
    id: user.id,
    completeName: completeName(user),
    email: user.email,
    profileImageUrl: user.profileImageFileId,
    permissions: await loadPermissionCodes(db, userId),
    profileName: user.profileName ?? '',
  };
}
