import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { profiles, users } from '../db/schema/index.ts';
import { registerOperation } from '../http/contract.ts';
import { completeName } from '../auth/principal.ts';
import { PROMOTER_PROFILE_NAME } from '@anaquel/api/rules';

export default function userRoutes(app: FastifyInstance): void {
  // spec 1 §1: promoters are the users whose profile is named 'promotor'.
  registerOperation(app, 'listPromoters', { auth: 'VIEW_USERS' }, async () => {
    const rows = await app.services.db
      .select({ id: users.id, name: users.name, lastName: users.lastName })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .where(and(eq(users.isActive, true), eq(sql`lower(${profiles.name})`, PROMOTER_PROFILE_NAME)))
      .orderBy(asc(users.name), asc(users.lastName), asc(users.id));
    return rows.map((row) => ({ id: row.id, name: completeName(row) }));
  });
}
