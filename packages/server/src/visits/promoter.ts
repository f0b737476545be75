import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { profiles, regionStates, regions, userRegions, users } from '../db/schema/index.ts';
import { forbidden } from '../http/errors.ts';
import { completeName } from '../auth/principal.ts';
import { PROMOTER_PROFILE_NAME } from '@anaquel/api/rules';

/** The signed-in promoter as the sync needs it. */
export interface Promoter {
  userId: number;
  name: string;
  /** States of the promoter's active regions: where its points of sale may be. */
  stateIds: ReadonlySet<number>;
}

const NOT_A_PROMOTER_MESSAGE = 'Solo los promotores pueden sincronizar visitas.';

/**
 * The promoter behind a sync call: a user whose profile is 'promotor' (spec 2 §1). Anyone else
 * is refused with 403, since only promoters make visits.
 */
export async function requirePromoter(db: Db, userId: number): Promise<Promoter> {
  const rows = await db
    .select({
      name: users.name,
      lastName: users.lastName,
      stateId: regionStates.stateId,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(userRegions, eq(userRegions.userId, users.id))
    .leftJoin(regions, and(eq(regions.id, userRegions.regionId), eq(regions.isActive, true)))
    .leftJoin(regionStates, eq(regionStates.regionId, regions.id))
    .where(and(eq(users.id, userId), eq(sql`lower(${profiles.name})`, PROMOTER_PROFILE_NAME)));
  const first = rows[0];
  if (!first) throw forbidden(NOT_A_PROMOTER_MESSAGE);
  const stateIds = new Set<number>();
  for (const row of rows) if (row.stateId !== null) stateIds.add(row.stateId);
  return { userId, name: completeName(first), stateIds };
}
