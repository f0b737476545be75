import type { components } from '@anaquel/api/schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fold, qualified as q } from '../db/fold.ts';
import { regionStates, regions, states } from '../db/schema/index.ts';
import { registerResource, type PreparedWrite } from './factory.ts';
import { namedListing, namedValues, throwIfAny } from './named.ts';
import { relatedIdsOf, replaceRelation } from './relations.ts';
import { uniqueIds, type Issues } from './rules.ts';

type RegionInput = components['schemas']['RegionInput'];

export const statesJoin = {
  table: regionStates,
  ownerId: regionStates.regionId,
  relatedId: regionStates.stateId,
};

/** The rules of a region (the form's, the import's); the values, or the 400 envelope. */
export async function prepareRegion(input: RegionInput): Promise<PreparedWrite> {
  const issues: Issues = [];
  const values = namedValues(input, issues);
  const stateIds = uniqueIds(input.stateIds);
  if (stateIds.length === 0) {
    issues.push({ field: 'stateIds', message: 'Debe seleccionar al menos un estado' });
  }
  throwIfAny(issues);
  return {
    values,
    afterWrite: async (tx, regionId) => {
      await replaceRelation(
        tx,
        { related: { table: states, id: states.id }, join: statesJoin },
        regionId,
        stateIds,
        'stateIds',
      );
    },
  };
}

export function registerRegions(app: FastifyInstance): void {
  const listing = namedListing(regions, regions);
  registerResource<RegionInput>(app, {
    noun: { singular: 'región', feminine: true },
    permission: 'REGIONS',
    operations: {
      paged: 'listRegions',
      options: 'listRegionOptions',
      get: 'getRegion',
      create: 'createRegion',
      update: 'updateRegion',
      delete: 'deleteRegion',
    },
    ...listing,
    rowFields: {
      ...listing.rowFields,
      stateIds: relatedIdsOf(statesJoin, regions.id),
      stateNames: sql<
        string[]
      >`array(select ${q(states.name)} from ${regionStates} inner join ${states} on ${q(states.id)} = ${q(regionStates.stateId)} where ${q(regionStates.regionId)} = ${q(regions.id)} order by ${fold(q(states.name))})`,
    },
    uniques: { regions_name_lower_key: { field: 'name', label: 'nombre' } },
    prepare: prepareRegion,
  });
}
