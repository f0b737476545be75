import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SYNC_LIMITS } from '../../src/auth/limits.ts';
import { ALL_PERMISSION_CODES, type PermissionCode } from '../../src/auth/permission-catalogue.ts';
import type { Db } from '../../src/db/client.ts';
import { saveImage } from '../../src/files/images.ts';
import type { ContractOperation } from '../../src/http/contract.ts';
import { PNG_1X1 } from '../fixtures.ts';
import { eq } from 'drizzle-orm';
import { userRegions } from '../../src/db/schema/index.ts';
import { accessTokenFor, createUser } from '../helpers.ts';
import { addValueSurvey, valueVisit, type SyncCheckIn } from '../visits/sync-client.ts';
import { createWorld } from '../visits/world.ts';

/**
 * The fuzzed app's configuration: the promoter's sync rate lifted, so that its requests reach
 * the checks behind the 429 (the limits have their own tests).
 */
export const FUZZ_APP_CONFIG = {
  syncLimits: { ...DEFAULT_SYNC_LIMITS, perPromoter: { max: 1_000_000, windowMs: 60_000 } },
};

/** Who a fuzzed request is sent as. */
export type FuzzRole = 'all permissions' | 'single permission' | 'promoter';

/**
 * The fuzzer's callers, each the role that may call an operation (issue #20): a user holding
 * every permission (not the administrator, whom the fuzzer must not lock out), a user holding
 * only the operation's permission, and a promoter for the sync operations, with a world to sync
 * (a campaign with points of sale in its region, surveys, its own photo and another promoter's).
 * Access tokens are minted again after every `every` requests, since fuzzed requests may sign a
 * caller out (logout, password changes).
 */
export async function fuzzSession(app: FastifyInstance, db: Db, every = 10) {
  const config = app.services.config;
  const all = await createUser(db, config, ALL_PERMISSION_CODES);
  const world = await createWorld(db, config);
  const survey = await addValueSurvey(db, world.campaignId);
  const ownPhoto = await saveImage(db, app.services.storage, PNG_1X1, {
    uploadedBy: world.promoter.id,
  });
  const theirPhoto = await saveImage(db, app.services.storage, PNG_1X1, {
    uploadedBy: world.otherPromoter.id,
  });

  const users = new Map<string, number>([
    ['all permissions', all.id],
    ['promoter', world.promoter.id],
  ]);
  const tokens = new Map<string, string>();
  /** A new user for a role (its earlier one deleted by a fuzzed request, or none yet). */
  const newUser = async (key: string): Promise<number> => {
    if (key === 'all permissions') return (await createUser(db, config, ALL_PERMISSION_CODES)).id;
    if (key !== 'promoter') return (await createUser(db, config, [key as PermissionCode])).id;
    const promoter = await createUser(db, config, [], { profileId: world.promoter.profileId });
    const regionIds = await db
      .select({ regionId: userRegions.regionId })
      .from(userRegions)
      .where(eq(userRegions.userId, world.promoter.id));
    if (regionIds.length > 0) {
      await db.insert(userRegions).values(regionIds.map((r) => ({ ...r, userId: promoter.id })));
    }
    return promoter.id;
  };
  const mint = async (key: string, retry = true): Promise<string> => {
    if (!users.has(key)) users.set(key, await newUser(key));
    try {
      return await accessTokenFor(app, db, users.get(key)!);
    } catch (error) {
      // The user is gone (a fuzzed deleteUser): the role gets a new one.
      if (!retry) throw error;
      users.delete(key);
      return mint(key, false);
    }
  };

  /** The operation's roles: promoter for the sync, both permission holders otherwise. */
  const rolesOf = (op: ContractOperation): FuzzRole[] => {
    if ((op.operation as { tags?: string[] }).tags?.includes('Sync')) return ['promoter'];
    const auth = app.registeredOperations.get(op.operationId)?.auth;
    return auth === 'public' || auth === 'authenticated' || auth === undefined
      ? ['all permissions']
      : ['all permissions', 'single permission'];
  };
  const keyOf = (op: ContractOperation, role: string): string =>
    role === 'single permission'
      ? String(app.registeredOperations.get(op.operationId)!.auth)
      : role;

  /** Valid visits of the promoter for the fuzzer to mutate (a fresh uuid each time). */
  const visit = (overrides: Partial<SyncCheckIn> = {}) => valueVisit(world, survey, overrides);
  const same = visit();
  // A stored visit with a photo, so that the gallery and its ZIP have a photo to answer from
  // the start, whatever the order of the operations.
  const galleryPhoto = await saveImage(db, app.services.storage, PNG_1X1, {
    uploadedBy: world.promoter.id,
  });
  const stored = await app.inject({
    method: 'POST',
    url: '/api/v1/sync/checkins',
    headers: { authorization: `Bearer ${await mint('promoter')}` },
    payload: { checkIns: [visit({ photoIds: [galleryPhoto] })] },
  });
  if (stored.statusCode !== 200) throw new Error(`the gallery's visit: ${stored.body}`);
  const seedBodies: Record<string, unknown[]> = {
    syncCheckIns: [
      { checkIns: [visit()] },
      { checkIns: [visit({ photoIds: [ownPhoto] }), visit({ photoIds: [theirPhoto] })] },
      { checkIns: [visit({ unavailable: true, surveys: [], endDate: null })] },
      {
        checkIns: [visit({ uuid: randomUUID().toUpperCase(), photoIds: [ownPhoto.toUpperCase()] })],
      },
      // The same visit twice, its uuid in either case.
      { checkIns: [same, { ...same, uuid: same.uuid.toUpperCase() }] },
    ],
  };

  return {
    rolesOf,
    seedBodies,
    /** A live access token of the role's user (made on first use, minted again when stale). */
    async token(op: ContractOperation, role: string): Promise<string> {
      const key = keyOf(op, role);
      let token = tokens.get(key);
      if (token === undefined) {
        token = await mint(key);
        tokens.set(key, token);
      }
      return token;
    },
    async afterRequest(count: number) {
      if (count % every === 0) tokens.clear();
    },
  };
}
