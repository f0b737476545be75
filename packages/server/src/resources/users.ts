import type { components } from '@anaquel/api/schema';
import { eq, exists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import { passwordPolicyIssues } from '../auth/password-policy.ts';
import { guardUserChange } from '../auth/privileges.ts';
import type { Db } from '../db/client.ts';
import { fold, qualified as q } from '../db/fold.ts';
import { profiles, regions, userRegions, users } from '../db/schema/index.ts';
import { notFound, unprocessable } from '../http/errors.ts';
import { readMultipartForm, type UploadedFile } from '../http/multipart.ts';
import { isPromoterProfile } from '@anaquel/api/rules';
import { registerResource } from './factory.ts';
import { imageReplacement, removeImage } from './images.ts';
import { throwIfAny } from './named.ts';
import { messages } from './nouns.ts';
import { relatedIdsOf, replaceRelation } from './relations.ts';
import { checkRequired, cleanText, uniqueIds, type Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type UserForm = components['schemas']['UserCreateInput'] & { image?: UploadedFile };

const noun = { singular: 'usuario', feminine: false };
const regionsJoin = {
  table: userRegions,
  ownerId: userRegions.userId,
  relatedId: userRegions.regionId,
};
/** spec 2 §9: minimum user age. */
const MINIMUM_AGE_YEARS = 15;

/** The latest date of birth of someone who is at least `years` old on `today` (YYYY-MM-DD). */
function latestBirthDate(today: Date, years: number): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth();
  // Someone born on February 29 turns a year older on March 1 in common years.
  const day = Math.min(today.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

const completeNameSql = sql<string>`${users.name} || ' ' || ${users.lastName}`;

export function registerUsers(app: FastifyInstance): void {
  registerResource<UserForm>(app, {
    noun,
    permission: 'USERS',
    operations: {
      paged: 'listUsers',
      options: 'listUserOptions',
      get: 'getUser',
      create: 'createUser',
      update: 'updateUser',
      delete: 'deleteUser',
    },
    table: users,
    id: users.id,
    source: (db: Db, fields) =>
      db
        .select(fields)
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.profileId))
        .$dynamic(),
    rowFields: {
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      completeName: completeNameSql,
      email: users.email,
      dateOfBirth: users.dateOfBirth,
      profileId: users.profileId,
      profileName: profiles.name,
      regionIds: relatedIdsOf(regionsJoin, users.id),
      regionNames: sql<
        string[]
      >`array(select ${q(regions.name)} from ${userRegions} inner join ${regions} on ${q(regions.id)} = ${q(userRegions.regionId)} where ${q(userRegions.userId)} = ${q(users.id)} order by ${q(regions.nameKey)})`,
      profileImageUrl: users.profileImageFileId,
      isActive: users.isActive,
    },
    search: [fold(users.name), fold(users.lastName), fold(users.email), profiles.nameKey],
    sort: {
      id: users.id,
      completeName: fold(completeNameSql),
      name: fold(users.name),
      lastName: fold(users.lastName),
      email: sql`lower(${users.email})`,
      dateOfBirth: users.dateOfBirth,
      profileName: profiles.nameKey,
      isActive: users.isActive,
    } satisfies SortMap<'/users/paged'>,
    defaultSort: ['completeName'],
    filters: {
      profileId: (value) => eq(users.profileId, value),
      regionId: (value) =>
        exists(
          sql`(select 1 from ${userRegions} where ${q(userRegions.userId)} = ${q(users.id)} and ${q(userRegions.regionId)} = ${value})`,
        ),
    },
    options: {
      label: completeNameSql,
      active: users.isActive,
      search: [fold(completeNameSql)],
      sortName: fold(completeNameSql),
      auth: 'VIEW_USERS',
    },
    uniques: { users_email_lower_key: { field: 'email', label: 'correo' } },
    references: {
      profile_id: { field: 'profileId', message: 'El perfil seleccionado no existe.' },
    },
    readInput: async (request, kind) => {
      const form = await readMultipartForm(
        request,
        kind === 'create' ? 'createUser' : 'updateUser',
      );
      return { ...(form.fields as UserForm), image: form.files.profileImage };
    },
    prepare: async (input, { db, request, principal, id }) => {
      const { config } = request.server.services;
      const issues: Issues = [];
      const name = cleanText(input.name);
      const lastName = cleanText(input.lastName);
      const email = cleanText(input.email);
      checkRequired(issues, name, 'name', 'El nombre es obligatorio');
      checkRequired(issues, lastName, 'lastName', 'El apellido es obligatorio');
      checkRequired(issues, email, 'email', 'El correo es obligatorio');
      if (input.dateOfBirth > latestBirthDate(new Date(), MINIMUM_AGE_YEARS)) {
        issues.push({ field: 'dateOfBirth', message: 'El usuario debe tener al menos 15 años' });
      } else if (input.dateOfBirth < '1900-01-01') {
        issues.push({ field: 'dateOfBirth', message: 'La fecha de nacimiento no es válida.' });
      }
      if (id === undefined) {
        issues.push(
          ...passwordPolicyIssues(input.password ?? '', 'password', {
            requireSpecialCharacter: true,
          }),
        );
      }
      if (id !== undefined && id === principal.userId && !input.isActive) {
        issues.push({ field: 'isActive', message: 'No puedes desactivar tu propio usuario.' });
      }

      const [profile] = await db
        .select({ name: profiles.name })
        .from(profiles)
        .where(eq(profiles.id, input.profileId));
      if (!profile) {
        issues.push({ field: 'profileId', message: 'El perfil seleccionado no existe.' });
      }
      // spec 2 §4-§5: promoters need regions; any other profile keeps none.
      const isPromoter = isPromoterProfile(profile?.name);
      const regionIds = isPromoter ? uniqueIds(input.regionIds) : [];
      if (isPromoter && regionIds.length === 0) {
        issues.push({
          field: 'regionIds',
          message: 'Debe seleccionar al menos una región para el perfil Promotor.',
        });
      }
      throwIfAny(issues);

      let currentImage: string | null = null;
      if (id !== undefined) {
        const [current] = await db
          .select({ fileId: users.profileImageFileId })
          .from(users)
          .where(eq(users.id, id));
        if (!current) throw notFound(messages.notFound(noun));
        currentImage = current.fileId;
      }
      const passwordHash =
        id === undefined ? await hashPassword(input.password, config.passwordHashing) : undefined;
      const image = await imageReplacement(request, db, input.image, 'profileImage', currentImage);
      return {
        values: {
          name,
          lastName,
          email,
          dateOfBirth: input.dateOfBirth,
          profileId: input.profileId,
          isActive: input.isActive,
          ...(passwordHash !== undefined && { passwordHash }),
          ...(image.fileId !== undefined && { profileImageFileId: image.fileId }),
        },
        afterWrite: async (tx, userId) => {
          await replaceRelation(
            tx,
            { related: { table: regions, id: regions.id }, join: regionsJoin },
            userId,
            regionIds,
            'regionIds',
          );
        },
        guard: (tx) =>
          guardUserChange(
            tx,
            principal,
            id === undefined
              ? { kind: 'create', profileId: input.profileId }
              : { kind: 'update', userId: id, profileId: input.profileId },
          ),
        afterCommit: image.afterCommit,
        onFailure: image.onFailure,
      };
    },
    beforeDelete: async ({ principal, id }) => {
      if (id === principal.userId) throw unprocessable('No puedes eliminar tu propio usuario.');
    },
    guardDelete: (tx, { principal, id }) =>
      guardUserChange(tx, principal, { kind: 'delete', userId: id }),
    afterDelete: (deleted, { db, request }) => removeImage(request, db, deleted.profileImageFileId),
  });
}
