import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { fold } from '../fold.ts';

// Platform tables: security (permissions, profiles, users, sessions), files and states.
// Master-data tables live in ./master.ts.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  /** 'Area/Subgroup', e.g. 'Productos/Marcas'. */
  group: varchar('group', { length: 100 }).notNull(),
  /** VIEW, CREATE, UPDATE, DELETE or CHANGE_PASSWORD. */
  clientPolicy: varchar('client_policy', { length: 32 }).notNull(),
  description: varchar('description', { length: 200 }).notNull(),
});

export const profiles = pgTable(
  'profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** fold(name), stored: the sort key (see points_of_sale.name_key). */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${profiles.name}`)),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('profiles_name_lower_key').on(sql`lower(${t.name})`),
    index('profiles_name_key_id_idx').on(t.nameKey, t.id),
  ],
);

export const profilePermissions = pgTable(
  'profile_permissions',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.permissionId] }),
    index('profile_permissions_permission_id_idx').on(t.permissionId),
  ],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    /** Key of the bytes in the FileStorage. */
    storageKey: varchar('storage_key', { length: 200 }).notNull().unique(),
    /**
     * Who uploaded it, for the files a visit refers to: a promoter's photo is its own, no other
     * promoter may attach it (docs/sync.md). Null for images uploaded elsewhere.
     */
    uploadedBy: integer('uploaded_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** Stored as entered; unique case-insensitively and looked up by lower(email). */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    profileImageFileId: uuid('profile_image_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_profile_id_idx').on(t.profileId),
    index('users_profile_image_file_id_idx').on(t.profileImageFileId),
  ],
);

/** Mexican states; `id` is the INEGI number (1..32) so that references stay stable. */
export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  inegiKey: char('inegi_key', { length: 2 }).notNull().unique(),
  abbreviation: varchar('abbreviation', { length: 10 }).notNull(),
  /**
   * fold(name), stored: the points of sale sorted by state read it instead of computing
   * translate() for every listed row.
   */
  nameKey: text('name_key')
    .notNull()
    .generatedAlwaysAs((): ReturnType<typeof fold> => fold(sql`${states.name}`)),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One sign-in; every rotation stays in the family, a replay revokes all of it. */
    familyId: uuid('family_id').notNull(),
    /** SHA-256 (hex) of the token; the token itself is never stored. */
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Started with rememberMe: the cookie has a Max-Age. */
    persistent: boolean('persistent').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Id of the token that replaced this one at rotation. */
    replacedBy: integer('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token. */
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);
