import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fold } from '../db/fold.ts';
import { states, zipCodes } from '../db/schema/index.ts';
import { registerOperation } from '../http/contract.ts';
import { searchOf } from './factory.ts';

// Reference look-ups of the forms: the states dropdown and the zip-code auto-fill (spec 2 §5).

export function registerLookups(app: FastifyInstance): void {
  registerOperation(app, 'listStateOptions', { auth: 'authenticated' }, async (request) => {
    return app.services.db
      .select({ id: states.id, name: states.name })
      .from(states)
      .where(searchOf(request.query.Filter, [fold(states.name)]))
      .orderBy(asc(fold(states.name)), asc(states.id));
  });

  registerOperation(app, 'listZipCodes', { auth: 'authenticated' }, async (request) => {
    const rows = await app.services.db
      .select({
        zipCode: zipCodes.zipCode,
        stateId: zipCodes.stateId,
        stateName: states.name,
        municipality: zipCodes.municipality,
        settlement: zipCodes.settlement,
        settlementType: zipCodes.settlementType,
        city: zipCodes.city,
      })
      .from(zipCodes)
      .innerJoin(states, eq(states.id, zipCodes.stateId))
      .where(eq(zipCodes.zipCode, request.query.Filter))
      .orderBy(asc(fold(zipCodes.settlement)), asc(zipCodes.id))
      .limit(request.query.Take ?? 100);
    return rows;
  });
}
