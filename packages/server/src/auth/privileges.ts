import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { permissions, profilePermissions, profiles, users } from '../db/schema/index.ts';
import { forbidden, unprocessable } from '../http/errors.ts';

// No privilege escalation (docs/decisions.md, "Privileges"): the ONE place that decides whether a
// signed-in user may create, change or delete a user or a profile, or set a user's password.
// Every such operation calls `guardUserChange` or `guardProfileChange` first inside its write
// transaction and runs the returned check after its write, before the commit:
//
// - nobody grants, through a profile or a user, a permission they do not hold themselves;
// - nobody changes their own profile (their profileId) or their own profile's permissions;
// - acting on a user (edit, e-mail, password, delete) needs every permission that user holds,
//   and acting on a profile needs every permission that profile holds;
// - the last active administrator (an active user whose active profile holds every permission)
//   cannot be removed, deactivated or demoted.
//
// The operations take one transaction-scoped advisory lock, so two of them never interleave: the
// second one reads what the first one committed (two administrators deleting each other at once
// cannot both succeed). The caller's permissions are read again under that lock.

const PRIVILEGE_LOCK_KEY = 4_242_018;

export const PRIVILEGE_MESSAGES = {
  grant: 'No puedes otorgar permisos que tú no tienes.',
  actOnUser: 'No puedes modificar a un usuario que tiene permisos que tú no tienes.',
  ownProfileId: 'No puedes cambiar tu propio perfil.',
  ownProfile: 'No puedes modificar ni eliminar el perfil que tienes asignado.',
  actOnProfile: 'No puedes modificar ni eliminar un perfil que tiene permisos que tú no tienes.',
  ownPasswordByAdmin:
    'Para cambiar tu propia contraseña usa "Cambiar contraseña" del menú de usuario; se pide la contraseña actual.',
  lastAdministrator: 'No se puede quitar, desactivar ni degradar al último administrador activo.',
} as const;

export type UserChange =
  | { kind: 'create'; profileId: number }
  | { kind: 'update'; userId: number; profileId: number }
  | { kind: 'delete'; userId: number }
  | { kind: 'password'; userId: number };

export type ProfileChange =
  | { kind: 'create'; permissionIds: readonly number[] }
  | { kind: 'update'; profileId: number; permissionIds: readonly number[] }
  | { kind: 'delete'; profileId: number };

/** Runs after the write, inside the same transaction: refuses (422) losing the last admin. */
export type AfterWriteCheck = () => Promise<void>;

interface Actor {
  userId: number;
}

async function lock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PRIVILEGE_LOCK_KEY})`);
}

/** The caller as stored now: their profile and the permission ids they effectively hold. */
async function loadActor(tx: Tx, actor: Actor): Promise<{ profileId: number; held: Set<number> }> {
  const rows = await tx
    .select({
      profileId: users.profileId,
      profileActive: profiles.isActive,
      permissionId: profilePermissions.permissionId,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(profilePermissions, eq(profilePermissions.profileId, profiles.id))
    .where(and(eq(users.id, actor.userId), eq(users.isActive, true)));
  // Deactivated or deleted meanwhile (e.g. by another administrator): holds nothing.
  if (rows.length === 0) throw forbidden();
  const held = new Set<number>();
  for (const row of rows) {
    if (row.profileActive && row.permissionId !== null) held.add(row.permissionId);
  }
  return { profileId: rows[0]!.profileId, held };
}

/** Every permission a profile grants (whether or not it is active: what it would grant). */
async function permissionsOfProfile(tx: Tx, profileId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: profilePermissions.permissionId })
    .from(profilePermissions)
    .where(eq(profilePermissions.profileId, profileId));
  return rows.map((row) => row.id);
}

/** The profile of a user and what it grants; null when the user does not exist. */
async function targetUser(
  tx: Tx,
  userId: number,
): Promise<{ profileId: number; permissionIds: number[] } | null> {
  const [user] = await tx
    .select({ profileId: users.profileId })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  return {
    profileId: user.profileId,
    permissionIds: await permissionsOfProfile(tx, user.profileId),
  };
}

async function profileExists(tx: Tx, profileId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row !== undefined;
}

function holdsAll(held: ReadonlySet<number>, wanted: readonly number[]): boolean {
  return wanted.every((id) => held.has(id));
}

/**
 * Active users whose profile is active and grants every permission of the catalogue. Counted
 * under the lock before and after a write; a write that takes the count from one or more to zero
 * is refused.
 */
async function countAdministrators(tx: Tx): Promise<number> {
  const [catalogue] = await tx.select({ n: count() }).from(permissions);
  const total = catalogue?.n ?? 0;
  if (total === 0) return 0;
  const full = tx
    .select({ profileId: profilePermissions.profileId })
    .from(profilePermissions)
    .innerJoin(profiles, eq(profiles.id, profilePermissions.profileId))
    .where(eq(profiles.isActive, true))
    .groupBy(profilePermissions.profileId)
    .having(sql`count(*) = ${total}`);
  const [admins] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(users.profileId, full)));
  return admins?.n ?? 0;
}

async function keepAnAdministrator(tx: Tx): Promise<AfterWriteCheck> {
  const before = await countAdministrators(tx);
  return async () => {
    if (before > 0 && (await countAdministrators(tx)) === 0) {
      throw unprocessable(PRIVILEGE_MESSAGES.lastAdministrator);
    }
  };
}

/**
 * Checks a change of a user (create, update, delete, password) by `actor`, inside the write's
 * transaction and before the write. Throws 403 with the reason; returns the after-write check.
 */
export async function guardUserChange(
  tx: Tx,
  actor: Actor,
  change: UserChange,
): Promise<AfterWriteCheck> {
  await lock(tx);
  const me = await loadActor(tx, actor);

  if (change.kind === 'create') {
    if (!holdsAll(me.held, await permissionsOfProfile(tx, change.profileId))) {
      throw forbidden(PRIVILEGE_MESSAGES.grant);
    }
    return async () => {};
  }

  const self = change.userId === actor.userId;
  if (change.kind === 'password' && self) throw forbidden(PRIVILEGE_MESSAGES.ownPasswordByAdmin);
  const target = await targetUser(tx, change.userId);
  // An unknown user: the operation answers its own 404.
  if (!target) return async () => {};
  if (!holdsAll(me.held, target.permissionIds)) throw forbidden(PRIVILEGE_MESSAGES.actOnUser);

  if (change.kind === 'update' && change.profileId !== target.profileId) {
    if (self) throw forbidden(PRIVILEGE_MESSAGES.ownProfileId);
    if (!holdsAll(me.held, await permissionsOfProfile(tx, change.profileId))) {
      throw forbidden(PRIVILEGE_MESSAGES.grant);
    }
  }
  if (change.kind === 'password') return async () => {};
  return keepAnAdministrator(tx);
}

/**
 * Checks a change of a profile (create, update, delete) by `actor`, inside the write's
 * transaction and before the write. `permissionIds` is the complete set the profile will grant.
 */
export async function guardProfileChange(
  tx: Tx,
  actor: Actor,
  change: ProfileChange,
): Promise<AfterWriteCheck> {
  await lock(tx);
  const me = await loadActor(tx, actor);

  if (change.kind !== 'create') {
    if (!(await profileExists(tx, change.profileId))) return async () => {};
    if (change.profileId === me.profileId) throw forbidden(PRIVILEGE_MESSAGES.ownProfile);
    if (!holdsAll(me.held, await permissionsOfProfile(tx, change.profileId))) {
      throw forbidden(PRIVILEGE_MESSAGES.actOnProfile);
    }
  }
  if (change.kind !== 'delete' && !holdsAll(me.held, change.permissionIds)) {
    throw forbidden(PRIVILEGE_MESSAGES.grant);
  }
  if (change.kind === 'create') return async () => {};
  return keepAnAdministrator(tx);
}
