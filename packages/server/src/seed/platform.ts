import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Config } from '../env.ts';
import { permissions, profilePermissions, profiles, states, users } from '../db/schema/index.ts';
import { PERMISSION_CATALOGUE } from '../auth/permission-catalogue.ts';
import { hashPassword } from '../auth/passwords.ts';
import { MEXICAN_STATES } from './states.ts';
import { PROMOTER_PROFILE_NAME } from '@anaquel/api/rules';

export const ADMIN_PROFILE_NAME = 'Administrador';

/** Creates the profile if no profile has that name (case-insensitively); returns its id. */
async function ensureProfile(db: Db, name: string, description: string): Promise<number> {
  const [existing] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.name})`, name.toLowerCase()));
  if (existing) return existing.id;
  const [created] = await db
    .insert(profiles)
    .values({ name, description })
    .onConflictDoNothing()
    .returning({ id: profiles.id });
  if (created) return created.id;
  // Created concurrently by another process.
  return ensureProfile(db, name, description);
}

/**
 * What every installation needs, idempotent (runs at every start): the permission catalogue
 * (descriptions kept current), the 'Administrador' profile holding every permission, the
 * 'promotor' profile, the 32 states and the admin user (created once; its password is never
 * reset by a restart).
 */
export async function seedPlatform(db: Db, config: Config): Promise<void> {
  for (const permission of PERMISSION_CATALOGUE) {
    await db
      .insert(permissions)
      .values(permission)
      .onConflictDoUpdate({
        target: permissions.code,
        set: {
          group: permission.group,
          clientPolicy: permission.clientPolicy,
          description: permission.description,
        },
      });
  }

  const adminProfileId = await ensureProfile(
    db,
    ADMIN_PROFILE_NAME,
    'Acceso completo a todas las funciones.',
  );
  await ensureProfile(db, PROMOTER_PROFILE_NAME, 'Promotores que realizan visitas en campo.');

  const allPermissions = await db.select({ id: permissions.id }).from(permissions);
  await db
    .insert(profilePermissions)
    .values(allPermissions.map((p) => ({ profileId: adminProfileId, permissionId: p.id })))
    .onConflictDoNothing();

  await db
    .insert(states)
    .values(MEXICAN_STATES.map((s) => ({ id: Number(s.inegiKey), ...s })))
    .onConflictDoUpdate({
      target: states.id,
      set: { name: sql`excluded.name`, abbreviation: sql`excluded.abbreviation` },
    });

  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, config.adminEmail.toLowerCase()));
  if (!admin) {
    await db
      .insert(users)
      .values({
        name: 'Administrador',
        lastName: 'General',
        dateOfBirth: '1990-01-01',
        email: config.adminEmail,
        passwordHash: await hashPassword(config.adminPassword, config.passwordHashing),
        profileId: adminProfileId,
      })
      .onConflictDoNothing();
  }
}
