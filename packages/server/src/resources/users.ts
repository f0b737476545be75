import type { components } from '@anaquel/api/schema';
import { eq, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import { passwordPolicyIssues } from '../auth/password-policy.ts';
import type { Principal } from '../auth/principal.ts';
import { guardUserChange } from '../auth/privileges.ts';
import type { Db } from '../db/client.ts';
import { fold, qualified as q } from '../db/fold.ts';
import { profiles, regions, userRegions, users } from '../db/schema/index.ts';
import { unprocessable } from '../http/errors.ts';
import type { UploadedFile } from '../http/multipart.ts';
import { isPromoterProfile } from '@anaquel/api/rules';
import {
  registerResource,
  type PreparedWrite,
  type ResourceConfig,
  type WriteContext,
} from './factory.ts';
import { currentImageOf, imageFormReader, imageReplacement, removeImage } from './images.ts';
import { throwIfAny } from './named.ts';
import { joinOf, linkedTo, relatedIdsOf, relatedNamesOf, replaceRelation } from './relations.ts';
import { checkRequired, cleanText, uniqueIds, type Issues } from './rules.ts';
import type { SortMap } from './contract-types.ts';

type UserInput = components['schemas']['UserCreateInput'];
export type UserForm = UserInput & { image?: UploadedFile };

const noun = { singular: 'usuario', feminine: false };
const operations = {
  paged: 'listUsers',
  options: 'listUserOptions',
  get: 'getUser',
  create: 'createUser',
  update: 'updateUser',
  delete: 'deleteUser',
} as const;
export const regionsRelation = {
  related: { table: regions, id: regions.id },
  join: joinOf(userRegions.userId, userRegions.regionId),
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

/** The paged list, the record and the options of the users. */
const userListing = {
  table: users,
  id: users.id,
  source: (db: Db, fields: SelectedFields) =>
    db.select(fields).from(users).innerJoin(profiles, eq(profiles.id, users.profileId)).$dynamic(),
  rowFields: {
    id: users.id,
    name: users.name,
    lastName: users.lastName,
    completeName: completeNameSql,
    email: users.email,
    dateOfBirth: users.dateOfBirth,
    profileId: users.profileId,
    profileName: profiles.name,
    regionIds: relatedIdsOf(regionsRelation.join, users.id),
    regionNames: relatedNamesOf(regionsRelation, users.id, regions.name, q(regions.nameKey)),
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
    profileId: (value: number) => eq(users.profileId, value),
    regionId: linkedTo(regionsRelation.join, users.id),
  },
  options: {
    label: completeNameSql,
    active: users.isActive,
    search: [fold(completeNameSql)],
    sortName: fold(completeNameSql),
    auth: 'VIEW_USERS',
  },
} satisfies Partial<ResourceConfig<UserForm>>;

/** spec 2 §5 and §9: the field rules of a user; pushes its issues, returns the cleaned names. */
export function checkUserFields(
  input: UserForm,
  issues: Issues,
  principal: Principal,
  id?: number,
) {
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
  return { name, lastName, email };
}

/** spec 2 §4-§5: promoters need regions; any other profile keeps none. */
export async function checkProfileRegions(
  db: Db,
  input: UserForm,
  issues: Issues,
): Promise<number[]> {
  const [profile] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, input.profileId));
  if (!profile) {
    issues.push({ field: 'profileId', message: 'El perfil seleccionado no existe.' });
  }
  const isPromoter = isPromoterProfile(profile?.name);
  const regionIds = isPromoter ? uniqueIds(input.regionIds) : [];
  if (isPromoter && regionIds.length === 0) {
    issues.push({
      field: 'regionIds',
      message: 'Debe seleccionar al menos una región para el perfil Promotor.',
    });
  }
  return regionIds;
}

async function prepareUser(
  input: UserForm,
  { db, request, principal, id }: WriteContext,
): Promise<PreparedWrite> {
  const issues: Issues = [];
  const names = checkUserFields(input, issues, principal, id);
  const regionIds = await checkProfileRegions(db, input, issues);
  throwIfAny(issues);

  const record = { id: users.id, image: users.profileImageFileId, noun };
  const currentImage = await currentImageOf(db, record, id);
  const { passwordHashing } = request.server.services.config;
  const passwordHash =
    id === undefined ? await hashPassword(input.password, passwordHashing) : undefined;
  const { fileId, ...imageHooks } = await imageReplacement(
    request,
    db,
    input.image,
    'profileImage',
    currentImage,
  );
  return {
    values: {
      ...names,
      dateOfBirth: input.dateOfBirth,
      profileId: input.profileId,
      isActive: input.isActive,
      ...(passwordHash !== undefined && { passwordHash }),
      ...(fileId !== undefined && { profileImageFileId: fileId }),
    },
    afterWrite: (tx, userId) =>
      replaceRelation(tx, regionsRelation, userId, regionIds, 'regionIds'),
    guard: (tx) =>
      guardUserChange(
        tx,
        principal,
        id === undefined
          ? { kind: 'create', profileId: input.profileId }
          : { kind: 'update', userId: id, profileId: input.profileId },
      ),
    ...imageHooks,
  };
}

export function registerUsers(app: FastifyInstance): void {
  registerResource<UserForm>(app, {
    noun,
    permission: 'USERS',
    operations,
    ...userListing,
    uniques: { users_email_lower_key: { field: 'email', label: 'correo' } },
    references: {
      profile_id: { field: 'profileId', message: 'El perfil seleccionado no existe.' },
    },
    readInput: imageFormReader<UserInput>(operations, 'profileImage'),
    prepare: prepareUser,
    beforeDelete: async ({ principal, id }) => {
      if (id === principal.userId) throw unprocessable('No puedes eliminar tu propio usuario.');
    },
    guardDelete: (tx, { principal, id }) =>
      guardUserChange(tx, principal, { kind: 'delete', userId: id }),
    afterDelete: (deleted, { db, request }) => removeImage(request, db, deleted.profileImageFileId),
  });
}
