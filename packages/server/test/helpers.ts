import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, type Db } from '../src/db/client.ts';
import { permissions, profilePermissions, profiles, users } from '../src/db/schema/index.ts';
import { loadConfig, readTestDatabaseUrl, type Config } from '../src/env.ts';
import { inArray } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords.ts';
import type { PermissionCode } from '../src/auth/permission-catalogue.ts';
import { startSession } from '../src/auth/sessions.ts';
import { signAccessToken } from '../src/auth/tokens.ts';
import { responseSchema, type DataOf, type OperationId } from '../src/http/contract.ts';
import type { ErrorEnvelope } from '../src/http/errors.ts';
import { responseAjv } from '../src/http/validation.ts';
import { seed } from '../src/seed/index.ts';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from '../src/auth/limits.ts';

/** The default limits with a ceiling no suite reaches. */
const UNLIMITED_AUTH_RATE_LIMITS = Object.fromEntries(
  Object.entries(DEFAULT_AUTH_RATE_LIMITS).map(([scope, limits]) => [
    scope,
    Object.fromEntries(
      Object.entries(limits).map(([dimension, limit]) => [
        dimension,
        { ...(limit as object), max: 1_000_000 },
      ]),
    ),
  ]),
) as unknown as AuthRateLimits;

/** Cheap argon2id for tests (production uses the OWASP parameters of env.ts). */
export const TEST_PASSWORD_HASHING = { memoryCost: 256, timeCost: 1, parallelism: 1 };

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * An empty, migrated PGlite cluster as a tarball, made once per test worker: starting PGlite
 * from it takes about a second, while a fresh PGlite (WASM compile + initdb) takes several.
 * (vitest.config.ts runs files without isolation so that workers keep this between files.)
 */
function migratedPgliteTemplate(config: Config): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const template = await createDatabase(config, { inMemory: true });
    await template.migrate();
    const dump = await template.pglite!.dumpDataDir('none');
    await template.close();
    return dump;
  })();
  return pgliteTemplate;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Removes everything the test app created (database, data folder). */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Configuration to change after the test defaults are applied. */
  config?: Partial<Config>;
  logger?: FastifyBaseLogger;
  /** Also run the demo seeders (default false). */
  demo?: boolean;
}

/**
 * A complete app on a FRESH database: in-memory PGlite by default; with TEST_DATABASE_URL a
 * uniquely named database created on that server (and dropped by `close`). Migrated and seeded
 * (platform seed: permissions, profiles, states, admin). Routes may still be added before the
 * first `inject`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'anaquel-test-'));
  const testDatabaseUrl = readTestDatabaseUrl();
  let databaseName: string | undefined;
  let databaseUrl: string | undefined;
  if (testDatabaseUrl) {
    databaseName = `anaquel_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${databaseName}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }

  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:5173',
      APP_DIST_DIR: path.join(dataDir, 'no-app-build'),
    }),
    databaseUrl,
    passwordHashing: TEST_PASSWORD_HASHING,
    // Every inject comes from 127.0.0.1: the suites sign in and reset far more often than a
    // person, so the request rate limits are lifted here; test/rate-limits.test.ts sets the real
    // ones (the lockouts are not rate limits and stay as they are).
    authRateLimits: UNLIMITED_AUTH_RATE_LIMITS,
    demoData: false,
    ...options.config,
  };

  const database = await createDatabase(config, {
    inMemory: true,
    ...(databaseUrl ? {} : { loadDataDir: await migratedPgliteTemplate(config) }),
  });
  await database.migrate();
  await seed(database.db, config, { demo: options.demo ?? false });
  const app = await buildApp({
    config,
    db: database.db,
    ...(options.logger ? { logger: options.logger } : {}),
  });

  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await app.services.mailer.flush();
      await database.close();
      if (testDatabaseUrl && databaseName) {
        const admin = new pg.Client({ connectionString: testDatabaseUrl });
        await admin.connect();
        try {
          await admin.query(`drop database if exists "${databaseName}" with (force)`);
        } finally {
          await admin.end();
        }
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  profileId: number;
}

let userCounter = 0;

/**
 * A user (active, in a profile of its own) holding exactly `codes`.
 * The password is 'Prueba#2026' unless given.
 */
export async function createUser(
  db: Db,
  config: Pick<Config, 'passwordHashing'>,
  codes: readonly PermissionCode[],
  overrides: Partial<{
    name: string;
    lastName: string;
    email: string;
    password: string;
    isActive: boolean;
    profileId: number;
  }> = {},
): Promise<TestUser> {
  userCounter += 1;
  const unique = `${Date.now().toString(36)}${userCounter}${randomBytes(2).toString('hex')}`;
  let profileId = overrides.profileId;
  if (profileId === undefined) {
    const [profile] = await db
      .insert(profiles)
      .values({ name: `Perfil de prueba ${unique}` })
      .returning({ id: profiles.id });
    profileId = profile!.id;
    if (codes.length > 0) {
      const rows = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.code, [...codes]));
      expect(rows, 'every permission code exists in the catalogue').toHaveLength(codes.length);
      await db
        .insert(profilePermissions)
        .values(rows.map((r) => ({ profileId: profileId!, permissionId: r.id })));
    }
  }
  const password = overrides.password ?? 'Prueba#2026';
  const email = overrides.email ?? `usuario.${unique}@prueba.mx`;
  const [user] = await db
    .insert(users)
    .values({
      name: overrides.name ?? 'Usuario',
      lastName: overrides.lastName ?? `Prueba ${unique}`,
      dateOfBirth: '1995-05-15',
      email,
      passwordHash: await hashPassword(password, config.passwordHashing),
      profileId,
      isActive: overrides.isActive ?? true,
    })
    .returning({ id: users.id });
  return { id: user!.id, email, password, profileId };
}

/** An access token for a live session of `userId`. */
export async function accessTokenFor(
  app: FastifyInstance,
  db: Db,
  userId: number,
): Promise<string> {
  const session = await startSession(db, userId, false);
  return signAccessToken({ userId, sessionId: session.familyId }, app.services.config.jwtSecret);
}

/** Creates a profile and user with exactly these permission codes; returns an access token. */
export async function tokenFor(
  app: FastifyInstance,
  db: Db,
  codes: readonly PermissionCode[],
): Promise<string> {
  const user = await createUser(db, app.services.config, codes);
  return accessTokenFor(app, db, user.id);
}

/** `{ authorization: 'Bearer …' }` for inject. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Fails the test unless the response's status is declared by the operation in the contract and
 * its body (JSON) or media type (files) matches what the contract says for that status.
 * Returns the parsed JSON body (undefined for non-JSON answers).
 */
export function expectContract(
  response: LightMyRequestResponse,
  operationId: OperationId,
): unknown {
  const contentType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const { declared, schema } = responseSchema(operationId, response.statusCode, contentType);
  expect(
    declared,
    `${operationId} answered ${response.statusCode}, a status its contract does not declare (body: ${response.body.slice(0, 300)})`,
  ).toBe(true);
  if (contentType !== 'application/json') {
    expect(
      schema,
      `${operationId} ${response.statusCode} answered ${contentType}, not in the contract`,
    ).not.toBeNull();
    return undefined;
  }
  expect(
    schema,
    `${operationId} ${response.statusCode} has no JSON schema in the contract`,
  ).not.toBeNull();
  const body: unknown = response.json();
  const validate = responseAjv.compile(schema!);
  const valid = validate(body);
  expect(
    valid,
    `${operationId} ${response.statusCode} body does not match the contract: ${JSON.stringify(validate.errors)}\n${response.body.slice(0, 500)}`,
  ).toBe(true);
  if (response.statusCode >= 400) {
    expect((body as ErrorEnvelope).statusCode).toBe(response.statusCode);
  }
  return body;
}

/** Checks the contract and a success status; returns the envelope's `data`, typed. */
export function expectSuccess<K extends OperationId>(
  response: LightMyRequestResponse,
  operationId: K,
  status: 200 | 201 = 200,
): DataOf<K> {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(status);
  const body = expectContract(response, operationId) as { success: boolean; data: DataOf<K> };
  expect(body.success).toBe(true);
  return body.data;
}

/** Checks the contract and a failure status (and code); returns the error envelope. */
export function expectFailure(
  response: LightMyRequestResponse,
  operationId: OperationId,
  status: number,
  errorCode?: string,
): ErrorEnvelope {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(status);
  const body = expectContract(response, operationId) as ErrorEnvelope;
  expect(body.success).toBe(false);
  if (errorCode) expect(body.errorCode).toBe(errorCode);
  return body;
}

/** For answers outside any operation (unknown routes, injected failing routes). */
export function expectErrorEnvelope(
  response: LightMyRequestResponse,
  status: number,
): ErrorEnvelope {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const validate = responseAjv.getSchema('https://anaquel.mx/contract/schemas/ErrorEnvelope');
  const body: unknown = response.json();
  expect(validate, 'ErrorEnvelope schema is loaded').toBeDefined();
  expect(validate!(body), JSON.stringify(validate!.errors)).toBe(true);
  expect((body as ErrorEnvelope).statusCode).toBe(status);
  return body as ErrorEnvelope;
}

/** The Set-Cookie of the refresh token in a response, parsed. */
export function refreshCookie(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === 'anaquel_refresh');
}

/** A random UUID (ids of files that do not exist). */
export const someUuid = (): string => randomUUID();
