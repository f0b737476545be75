import type { components } from '@anaquel/api/schema';
import type { FastifyInstance } from 'fastify';
import { guardProfileChange } from '../auth/privileges.ts';
import { permissions, profilePermissions, profiles } from '../db/schema/index.ts';
import { registerResource } from './factory.ts';
import { namedListing, namedValues, throwIfAny } from './named.ts';
import { relatedIdsOf, replaceRelation } from './relations.ts';
import { uniqueIds, type Issues } from './rules.ts';

type ProfileInput = components['schemas']['ProfileInput'];

const permissionsJoin = {
  table: profilePermissions,
  ownerId: profilePermissions.profileId,
  relatedId: profilePermissions.permissionId,
};

export function registerProfiles(app: FastifyInstance): void {
  registerResource<ProfileInput>(app, {
    noun: { singular: 'perfil', feminine: false },
    permission: 'PROFILES',
    operations: {
      paged: 'listProfiles',
      options: 'listProfileOptions',
      get: 'getProfile',
      create: 'createProfile',
      update: 'updateProfile',
      delete: 'deleteProfile',
    },
    ...namedListing(profiles, profiles),
    detailFields: { permissionIds: relatedIdsOf(permissionsJoin, profiles.id) },
    // The platform stores a missing description as ''.
    toRow: (row) => ({ ...row, description: row.description === '' ? null : row.description }),
    uniques: { profiles_name_lower_key: { field: 'name', label: 'nombre' } },
    prepare: async (input, { db, principal, id }) => {
      const issues: Issues = [];
      const values = namedValues(input, issues);
      const requested = uniqueIds(input.permissionIds);
      if (requested.length === 0) {
        issues.push({ field: 'permissionIds', message: 'Debe seleccionar al menos un permiso' });
      }
      throwIfAny(issues);

      const catalogue = await db
        .select({
          id: permissions.id,
          group: permissions.group,
          clientPolicy: permissions.clientPolicy,
        })
        .from(permissions);
      const byId = new Map(catalogue.map((permission) => [permission.id, permission]));
      const unknown = requested.filter((id) => !byId.has(id));
      if (unknown.length > 0) {
        const message =
          unknown.length === 1
            ? `El permiso ${unknown[0]} no existe.`
            : `Los permisos ${unknown.join(', ')} no existen.`;
        throwIfAny([{ field: 'permissionIds', message }]);
      }
      // spec 2 §5: a non-VIEW permission also selects the VIEW permission of its group; the
      // server completes the set so that no profile can create what it cannot see.
      const viewOfGroup = new Map(
        catalogue
          .filter((permission) => permission.clientPolicy === 'VIEW')
          .map((permission) => [permission.group, permission.id]),
      );
      const granted = new Set(requested);
      for (const id of requested) {
        const permission = byId.get(id)!;
        const view = viewOfGroup.get(permission.group);
        if (permission.clientPolicy !== 'VIEW' && view !== undefined) granted.add(view);
      }
      return {
        values: { ...values, description: values.description ?? '' },
        guard: (tx) =>
          guardProfileChange(
            tx,
            principal,
            id === undefined
              ? { kind: 'create', permissionIds: [...granted] }
              : { kind: 'update', profileId: id, permissionIds: [...granted] },
          ),
        afterWrite: async (tx, profileId) => {
          await replaceRelation(
            tx,
            { related: { table: permissions, id: permissions.id }, join: permissionsJoin },
            profileId,
            [...granted],
            'permissionIds',
          );
        },
      };
    },
    guardDelete: (tx, { principal, id }) =>
      guardProfileChange(tx, principal, { kind: 'delete', profileId: id }),
  });
}
