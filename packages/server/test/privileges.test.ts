import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, type PermissionCode } from '../src/auth/permission-catalogue.ts';
import { PRIVILEGE_MESSAGES } from '../src/auth/privileges.ts';
import {
  permissions,
  profilePermissions,
  profiles,
  refreshTokens,
  users,
} from '../src/db/schema/index.ts';
import { listOperations, type OperationId } from '../src/http/contract.ts';
import { ADMIN_PROFILE_NAME } from '../src/seed/platform.ts';
import {
  accessTokenFor,
  bearer,
  createTestApp,
  createUser,
  expectContract,
  expectFailure,
  expectSuccess,
  type TestApp,
  type TestUser,
} from './helpers.ts';
import { multipart } from './master/fixtures.ts';

// No privilege escalation (docs/decisions.md, "Privileges"; src/auth/privileges.ts).
//
// The walk: every operation of the contract that changes a user or a profile (every non-GET
// operation tagged Users or Profiles, and every signed-in password operation) is tried with each
// single permission of the catalogue on top of the operation's own, through the escalation
// attempts of the issue (own profileId to the administrators' profile, the administrator's
// e-mail or password, every permission on one's own profile...). After every attempt the
// database must show that nobody gained a permission the caller did not hold, that nothing
// holding more than the caller changed, and that an administrator remains. A new operation
// joins the walk by its tag or path, and fails the test until it has attempts below.

const WALK_TAGS = new Set(['Users', 'Profiles']);
const walked = listOperations()
  .filter((op) => {
    const tags = (op.operation as { tags?: string[] }).tags ?? [];
    const changes = op.method !== 'GET';
    return (
      changes &&
      (tags.some((tag) => WALK_TAGS.has(tag)) || (/password/i.test(op.path) && !op.isPublic))
    );
  })
  .map((op) => op.operationId)
  .sort();

let t: TestApp;
let adminId: number;
let adminProfileId: number;
let spareFullProfileId: number;
let allPermissionIds: number[];

interface Actor extends TestUser {
  codes: ReadonlySet<PermissionCode>;
  headers: { authorization: string };
}

interface Targets {
  /** An active user in a profile of their own without any permission. */
  victim: TestUser;
}

interface Attempt {
  name: string;
  run(actor: Actor, targets: Targets): Promise<LightMyRequestResponse>;
  /** Status when the caller holds the operation's permission (default 403 by the rules). */
  refusedWith?: number;
}

const inject = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload && { payload }) });

async function userForm(userId: number, changes: Record<string, unknown>) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  const form = multipart({
    name: row!.name,
    lastName: row!.lastName,
    email: row!.email,
    dateOfBirth: row!.dateOfBirth,
    profileId: row!.profileId,
    isActive: row!.isActive,
    ...(changes as Record<string, string | number | boolean>),
  });
  return form;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

const ATTEMPTS: Record<string, Attempt[]> = {
  createUser: [
    {
      name: "a user in the administrators' profile",
      run: (actor) => {
        const form = multipart({
          name: 'Intruso',
          lastName: 'Nuevo',
          email: `intruso.${unique()}@prueba.mx`,
          dateOfBirth: '1990-01-01',
          password: 'Intruso#2026',
          profileId: adminProfileId,
          isActive: true,
        });
        return inject('POST', 'users', { ...actor.headers, ...form.headers }, form.payload);
      },
    },
  ],
  updateUser: [
    {
      name: "own profileId to the administrators' profile",
      run: async (actor) => {
        const form = await userForm(actor.id, { profileId: adminProfileId });
        return inject(
          'PUT',
          `users/${actor.id}`,
          { ...actor.headers, ...form.headers },
          form.payload,
        );
      },
    },
    {
      name: "the administrator's e-mail to the caller's mailbox",
      run: async (actor) => {
        const form = await userForm(adminId, { email: `buzon.${unique()}@prueba.mx` });
        return inject(
          'PUT',
          `users/${adminId}`,
          { ...actor.headers, ...form.headers },
          form.payload,
        );
      },
    },
    {
      name: "another user into the administrators' profile",
      run: async (actor, { victim }) => {
        const form = await userForm(victim.id, { profileId: adminProfileId });
        return inject(
          'PUT',
          `users/${victim.id}`,
          { ...actor.headers, ...form.headers },
          form.payload,
        );
      },
    },
  ],
  deleteUser: [
    {
      name: 'the administrator',
      run: (actor) => inject('DELETE', `users/${adminId}`, actor.headers),
    },
  ],
  createProfile: [
    {
      name: 'a profile with every permission',
      run: (actor) =>
        inject('POST', 'profiles', actor.headers, {
          name: `Todo ${unique()}`,
          description: null,
          isActive: true,
          permissionIds: allPermissionIds,
        }),
    },
  ],
  updateProfile: [
    {
      name: 'every permission on its own profile',
      run: (actor) =>
        inject('PUT', `profiles/${actor.profileId}`, actor.headers, {
          name: `Propio ${unique()}`,
          description: null,
          isActive: true,
          permissionIds: allPermissionIds,
        }),
    },
    {
      name: "the administrators' profile emptied and deactivated",
      run: (actor) =>
        inject('PUT', `profiles/${adminProfileId}`, actor.headers, {
          name: ADMIN_PROFILE_NAME,
          description: null,
          isActive: false,
          permissionIds: allPermissionIds.slice(0, 1),
        }),
    },
    {
      name: "every permission on another user's profile",
      run: (actor, { victim }) =>
        inject('PUT', `profiles/${victim.profileId}`, actor.headers, {
          name: `Ajeno ${unique()}`,
          description: null,
          isActive: true,
          permissionIds: allPermissionIds,
        }),
    },
  ],
  deleteProfile: [
    {
      name: "the administrators' profile",
      run: (actor) => inject('DELETE', `profiles/${adminProfileId}`, actor.headers),
    },
    {
      name: 'an unused profile holding every permission',
      run: (actor) => inject('DELETE', `profiles/${spareFullProfileId}`, actor.headers),
    },
  ],
  adminChangePassword: [
    {
      name: "the administrator's password",
      run: (actor) =>
        inject('POST', 'auth/admin-change-password', actor.headers, {
          userId: adminId,
          newPassword: 'Tomado#2026',
        }),
    },
    {
      name: 'its own password without the current one',
      run: (actor) =>
        inject('POST', 'auth/admin-change-password', actor.headers, {
          userId: actor.id,
          newPassword: 'Propia#2026',
        }),
    },
  ],
  changePassword: [
    {
      name: 'its own password with a wrong current password',
      refusedWith: 400,
      run: (actor) =>
        inject('POST', 'auth/change-password', actor.headers, {
          currentPassword: 'NoEsLaActual#1',
          newPassword: 'Propia#2026',
        }),
    },
  ],
};

/* ---------- what the database says ---------- */

interface Snapshot {
  users: Map<
    number,
    { email: string; hash: string; isActive: boolean; profileId: number; effective: Set<string> }
  >;
  profiles: Map<number, { isActive: boolean; codes: Set<string> }>;
}

async function snapshot(): Promise<Snapshot> {
  const profileRows = await t.db
    .select({ id: profiles.id, isActive: profiles.isActive })
    .from(profiles);
  const grants = await t.db
    .select({ profileId: profilePermissions.profileId, code: permissions.code })
    .from(profilePermissions)
    .innerJoin(permissions, eq(permissions.id, profilePermissions.permissionId));
  const byProfile = new Map(
    profileRows.map((row) => [row.id, { isActive: row.isActive, codes: new Set<string>() }]),
  );
  for (const grant of grants) byProfile.get(grant.profileId)!.codes.add(grant.code);
  const userRows = await t.db
    .select({
      id: users.id,
      email: users.email,
      hash: users.passwordHash,
      isActive: users.isActive,
      profileId: users.profileId,
    })
    .from(users);
  return {
    profiles: byProfile,
    users: new Map(
      userRows.map((row) => {
        const profile = byProfile.get(row.profileId)!;
        const effective =
          row.isActive && profile.isActive ? new Set(profile.codes) : new Set<string>();
        return [row.id, { ...row, effective }];
      }),
    ),
  };
}

const within = (codes: ReadonlySet<string>, held: ReadonlySet<string>) =>
  [...codes].every((code) => held.has(code));
const minus = (a: ReadonlySet<string>, b: ReadonlySet<string> | undefined) =>
  [...a].filter((code) => !b?.has(code));

/** The invariants every attempt must leave true. */
function expectNoEscalation(before: Snapshot, after: Snapshot, actor: Actor, label: string) {
  const held = before.users.get(actor.id)!.effective;
  for (const [id, user] of after.users) {
    const gained = minus(user.effective, before.users.get(id)?.effective);
    expect(
      gained.filter((code) => !held.has(code)),
      `${label}: user ${id} gained permissions the caller does not hold`,
    ).toEqual([]);
  }
  for (const [id, profile] of after.profiles) {
    const gained = minus(profile.codes, before.profiles.get(id)?.codes);
    expect(
      gained.filter((code) => !held.has(code)),
      `${label}: profile ${id} gained permissions the caller does not hold`,
    ).toEqual([]);
  }
  for (const [id, user] of before.users) {
    const profileCodes = before.profiles.get(user.profileId)!.codes;
    if (within(profileCodes, held)) continue;
    const now = after.users.get(id);
    expect(now, `${label}: user ${id}, above the caller, still exists`).toBeDefined();
    expect(
      { email: now!.email, hash: now!.hash, isActive: now!.isActive, profileId: now!.profileId },
      `${label}: user ${id}, above the caller, is unchanged`,
    ).toEqual({
      email: user.email,
      hash: user.hash,
      isActive: user.isActive,
      profileId: user.profileId,
    });
  }
  for (const [id, profile] of before.profiles) {
    if (within(profile.codes, held)) continue;
    expect(after.profiles.get(id), `${label}: profile ${id}, above the caller, unchanged`).toEqual(
      profile,
    );
  }
  // Nobody changes their own profile or its permissions.
  const own = before.users.get(actor.id)!;
  expect(after.users.get(actor.id)?.profileId, `${label}: own profileId`).toBe(own.profileId);
  expect(after.profiles.get(own.profileId), `${label}: own profile`).toEqual(
    before.profiles.get(own.profileId),
  );
  const admins = [...after.users.values()].filter(
    (user) => user.effective.size === allPermissionIds.length,
  );
  expect(admins.length, `${label}: an administrator remains`).toBeGreaterThan(0);
}

async function newActor(codes: readonly PermissionCode[]): Promise<Actor> {
  const user = await createUser(t.db, t.config, codes);
  const token = await accessTokenFor(t.app, t.db, user.id);
  return { ...user, codes: new Set(codes), headers: bearer(token) };
}

/** Removes the users (and their own profiles) a group created, so snapshots stay small. */
async function removeUsers(created: TestUser[]) {
  const ids = created.map((user) => user.id);
  await t.db.delete(refreshTokens).where(inArray(refreshTokens.userId, ids));
  await t.db.delete(users).where(inArray(users.id, ids));
  await t.db
    .delete(profiles)
    .where(
      inArray(
        profiles.id,
        created.map((user) => user.profileId),
      ),
    )
    .catch(() => {});
}

beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db
    .select({ id: users.id, profileId: users.profileId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, t.config.adminEmail.toLowerCase()));
  adminId = admin!.id;
  adminProfileId = admin!.profileId;
  allPermissionIds = (await t.db.select({ id: permissions.id }).from(permissions)).map(
    (row) => row.id,
  );
  const [spare] = await t.db
    .insert(profiles)
    .values({ name: 'Repuesto completo' })
    .returning({ id: profiles.id });
  spareFullProfileId = spare!.id;
  await t.db
    .insert(profilePermissions)
    .values(allPermissionIds.map((permissionId) => ({ profileId: spare!.id, permissionId })));
});

afterAll(async () => {
  await t?.close();
});

it('walks every user- and profile-changing operation of the contract', () => {
  expect(walked).toEqual(Object.keys(ATTEMPTS).sort());
  expect(walked).toEqual(
    expect.arrayContaining([
      'adminChangePassword',
      'changePassword',
      'createProfile',
      'createUser',
      'deleteProfile',
      'deleteUser',
      'updateProfile',
      'updateUser',
    ]),
  );
});

describe.each(walked.map((operationId) => ({ operationId })))('$operationId', ({ operationId }) => {
  it('never lets a single permission escalate', async () => {
    const required = t.app.registeredOperations.get(operationId)?.auth;
    expect(required, `${operationId} is registered`).toBeDefined();
    const own = required === 'authenticated' || required === 'public' ? [] : [required!];
    let refusedByRules = 0;
    for (const single of ALL_PERMISSION_CODES) {
      const codes = [...new Set<PermissionCode>([single, ...(own as PermissionCode[])])];
      // One caller and one other user per permission; every attempt is refused, so the state
      // they start from is the same for each (and any change shows against it).
      const actor = await newActor(codes);
      const victim = await createUser(t.db, t.config, []);
      try {
        const before = await snapshot();
        for (const attempt of ATTEMPTS[operationId] ?? []) {
          const label = `${operationId} "${attempt.name}" with ${codes.join('+')}`;
          const response = await attempt.run(actor, { victim });
          const after = await snapshot();
          expectContract(response, operationId as OperationId);
          expect(
            response.statusCode,
            `${label}: ${response.body.slice(0, 300)}`,
          ).toBeGreaterThanOrEqual(400);
          const body = response.json() as { errorMessage: string };
          if (own.length === 0 || codes.includes(own[0] as PermissionCode)) {
            if (attempt.refusedWith === undefined) {
              expect(response.statusCode, label).toBe(403);
              expect(Object.values(PRIVILEGE_MESSAGES), label).toContain(body.errorMessage);
              refusedByRules += 1;
            } else {
              expect(response.statusCode, label).toBe(attempt.refusedWith);
            }
          }
          expectNoEscalation(before, after, actor, label);
        }
      } finally {
        await removeUsers([actor, victim]);
      }
    }
    if ((ATTEMPTS[operationId] ?? []).some((attempt) => attempt.refusedWith === undefined)) {
      expect(refusedByRules).toBeGreaterThan(0);
    }
  }, 180_000);
});

/* ---------- the rules one by one ---------- */

describe('the rules', () => {
  it('lets a user manager create, edit and delete users whose permissions they hold', async () => {
    const manager = await newActor(['VIEW_USERS', 'CREATE_USERS', 'UPDATE_USERS', 'DELETE_USERS']);
    const form = multipart({
      name: 'Par',
      lastName: 'Igual',
      email: `par.${unique()}@prueba.mx`,
      dateOfBirth: '1990-01-01',
      password: 'Par#20260',
      profileId: manager.profileId,
      isActive: true,
    });
    const created = expectSuccess(
      await inject('POST', 'users', { ...manager.headers, ...form.headers }, form.payload),
      'createUser',
      201,
    );
    const edit = await userForm(created.id, { name: 'Par editado', isActive: false });
    expect(
      expectSuccess(
        await inject(
          'PUT',
          `users/${created.id}`,
          { ...manager.headers, ...edit.headers },
          edit.payload,
        ),
        'updateUser',
      ).name,
    ).toBe('Par editado');
    // Editing oneself (name) is allowed; one's own profileId stays.
    const self = await userForm(manager.id, { name: 'Gerente' });
    expectSuccess(
      await inject(
        'PUT',
        `users/${manager.id}`,
        { ...manager.headers, ...self.headers },
        self.payload,
      ),
      'updateUser',
    );
    expectSuccess(await inject('DELETE', `users/${created.id}`, manager.headers), 'deleteUser');
  });

  it('refuses each escalation with its own Spanish message', async () => {
    const manager = await newActor(['VIEW_USERS', 'UPDATE_USERS', 'CHANGE_PASSWORD_USERS']);
    const ownProfile = await userForm(manager.id, { profileId: adminProfileId });
    expect(
      expectFailure(
        await inject(
          'PUT',
          `users/${manager.id}`,
          { ...manager.headers, ...ownProfile.headers },
          ownProfile.payload,
        ),
        'updateUser',
        403,
        'FORBIDDEN',
      ).errorMessage,
    ).toBe('No puedes cambiar tu propio perfil.');
    const admin = await userForm(adminId, { name: 'Otro' });
    expect(
      expectFailure(
        await inject(
          'PUT',
          `users/${adminId}`,
          { ...manager.headers, ...admin.headers },
          admin.payload,
        ),
        'updateUser',
        403,
      ).errorMessage,
    ).toBe('No puedes modificar a un usuario que tiene permisos que tú no tienes.');
    const victim = await createUser(t.db, t.config, []);
    const promote = await userForm(victim.id, { profileId: adminProfileId });
    expect(
      expectFailure(
        await inject(
          'PUT',
          `users/${victim.id}`,
          { ...manager.headers, ...promote.headers },
          promote.payload,
        ),
        'updateUser',
        403,
      ).errorMessage,
    ).toBe('No puedes otorgar permisos que tú no tienes.');
    expect(
      expectFailure(
        await inject('POST', 'auth/admin-change-password', manager.headers, {
          userId: manager.id,
          newPassword: 'Propia#2026',
        }),
        'adminChangePassword',
        403,
      ).errorMessage,
    ).toBe(PRIVILEGE_MESSAGES.ownPasswordByAdmin);
    // A user whose permissions the caller holds: the password is set.
    expectSuccess(
      await inject('POST', 'auth/admin-change-password', manager.headers, {
        userId: victim.id,
        newPassword: 'Nueva#2026',
      }),
      'adminChangePassword',
    );
  });

  it('keeps profile managers off their own profile and off profiles above them', async () => {
    const manager = await newActor(['VIEW_PROFILES', 'CREATE_PROFILES', 'UPDATE_PROFILES']);
    const [viewProfiles] = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.code, 'VIEW_PROFILES'));
    const body = (name: string, permissionIds: number[]) => ({
      name,
      description: null,
      isActive: true,
      permissionIds,
    });
    expect(
      expectFailure(
        await inject(
          'PUT',
          `profiles/${manager.profileId}`,
          manager.headers,
          body('Mío', [viewProfiles!.id]),
        ),
        'updateProfile',
        403,
      ).errorMessage,
    ).toBe('No puedes modificar ni eliminar el perfil que tienes asignado.');
    expect(
      expectFailure(
        await inject(
          'PUT',
          `profiles/${adminProfileId}`,
          manager.headers,
          body('Admin', [viewProfiles!.id]),
        ),
        'updateProfile',
        403,
      ).errorMessage,
    ).toBe('No puedes modificar ni eliminar un perfil que tiene permisos que tú no tienes.');
    // Within what it holds, a profile manager works normally.
    const created = expectSuccess(
      await inject(
        'POST',
        'profiles',
        manager.headers,
        body(`Lector ${unique()}`, [viewProfiles!.id]),
      ),
      'createProfile',
      201,
    );
    expectSuccess(
      await inject(
        'PUT',
        `profiles/${created.id}`,
        manager.headers,
        body(`Lector ${unique()}`, [viewProfiles!.id]),
      ),
      'updateProfile',
    );
  });

  it('never removes, deactivates or demotes the last active administrator', async () => {
    // A second full profile with a second administrator, who demotes the seeded one: allowed
    // while one administrator remains...
    const second = await createUser(t.db, t.config, [], { profileId: spareFullProfileId });
    const headers = bearer(await accessTokenFor(t.app, t.db, second.id));
    const third = await createUser(t.db, t.config, [], { profileId: spareFullProfileId });
    const deactivate = await userForm(third.id, { isActive: false });
    expectSuccess(
      await inject(
        'PUT',
        `users/${third.id}`,
        { ...headers, ...deactivate.headers },
        deactivate.payload,
      ),
      'updateUser',
    );
    // ...the administrators' profile deactivated, the seeded administrator is no longer one...
    const [adminProfile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, adminProfileId));
    expectSuccess(
      await inject('PUT', `profiles/${adminProfileId}`, headers, {
        name: adminProfile!.name,
        description: null,
        isActive: false,
        permissionIds: allPermissionIds,
      }),
      'updateProfile',
    );
    // ...and now the caller is the last one: its own profile and itself are out of reach, and
    // a direct change that would leave no administrator is a 422.
    const { guardUserChange } = await import('../src/auth/privileges.ts');
    await expect(
      t.db.transaction(async (tx) => {
        const check = await guardUserChange(
          tx,
          { userId: second.id },
          {
            kind: 'delete',
            userId: second.id,
          },
        );
        await tx.update(users).set({ isActive: false }).where(eq(users.id, second.id));
        await check();
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: PRIVILEGE_MESSAGES.lastAdministrator });
    const [stillActive] = await t.db.select().from(users).where(eq(users.id, second.id));
    expect(stillActive!.isActive).toBe(true);
    // Restore the administrators' profile for the other tests.
    await t.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, adminProfileId));
    await t.db.delete(refreshTokens).where(inArray(refreshTokens.userId, [second.id, third.id]));
    await t.db.delete(users).where(inArray(users.id, [second.id, third.id]));
  });

  it('lets only one of two administrators deleting each other at once succeed', async () => {
    const a = await createUser(t.db, t.config, [], { profileId: spareFullProfileId });
    const b = await createUser(t.db, t.config, [], { profileId: spareFullProfileId });
    // The seeded administrator is put aside so that a and b are the only two.
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, adminId));
    try {
      const [ha, hb] = [
        bearer(await accessTokenFor(t.app, t.db, a.id)),
        bearer(await accessTokenFor(t.app, t.db, b.id)),
      ];
      const answers = await Promise.all([
        inject('DELETE', `users/${b.id}`, ha),
        inject('DELETE', `users/${a.id}`, hb),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBeGreaterThanOrEqual(400);
      for (const answer of answers) expectContract(answer, 'deleteUser');
      const left = await t.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [a.id, b.id]));
      expect(left).toHaveLength(1);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.id, adminId));
      await t.db.delete(refreshTokens).where(inArray(refreshTokens.userId, [a.id, b.id]));
      await t.db.delete(users).where(inArray(users.id, [a.id, b.id]));
    }
  });
});
