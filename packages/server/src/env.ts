import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_AUTH_RATE_LIMITS,
  DEFAULT_SYNC_LIMITS,
  type AuthRateLimits,
  type SyncLimits,
} from './auth/limits.ts';

/** Argon2id cost parameters (see docs in README: OWASP's minimum for argon2id). */
export interface PasswordHashingConfig {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over the memory. */
  timeCost: number;
  parallelism: number;
}

export interface Config {
  port: number;
  host: string;
  /** Root of everything the server writes: `db/` (PGlite), `files/`, `outbox/`, `jwt-secret`. */
  dataDir: string;
  /** When set, a real PostgreSQL server is used instead of the embedded PGlite. */
  databaseUrl?: string;
  /** When set, mail goes through this SMTP server; otherwise it is written to `dataDir/outbox`. */
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret: string;
  /** Public origin of the back-office, used in e-mailed links. */
  appUrl: string;
  adminEmail: string;
  adminPassword: string;
  logLevel: LogLevel;
  /** Adds `Secure` to the refresh cookie (default: when APP_URL is https). */
  cookieSecure: boolean;
  /**
   * Which proxies to believe about the client (X-Forwarded-For/-Proto/-Host): false (default,
   * none), true (any), a hop count, or addresses/CIDRs. Fastify's `trustProxy`. Decides
   * `request.ip` (rate limits) and `request.protocol` (HSTS, `Secure` cookies).
   */
  trustProxy: boolean | number | string[];
  /** Maximum JSON body size in bytes. */
  bodyLimit: number;
  /** Maximum size of one uploaded file in bytes. */
  uploadLimit: number;
  /** Maximum size of one bulk-import file in bytes (docs/import.md). */
  importLimit: number;
  passwordHashing: PasswordHashingConfig;
  /** Rate limits of sign-in, reset and change password (auth/limits.ts; not read from the environment). */
  authRateLimits: AuthRateLimits;
  /** Fairness limits of the promoters' sync (auth/limits.ts; not read from the environment). */
  syncLimits: SyncLimits;
  /** Folder of the built app (`packages/app/dist`), served with an index.html fallback. */
  appDistDir: string;
  /** Run the demo-data seeders at start (DEMO_DATA, default true). */
  demoData: boolean;
  /**
   * GEOFENCE_METERS (default 200): a visit farther than this from its point of sale, at check-in
   * or check-out, is 'Fuera de rango' (docs/geo.md).
   */
  geofenceMeters: number;
  /**
   * MAP_STYLE_URL: the visits map's base style (any MapLibre style, http or https); unset, the map
   * draws its built-in base and no request leaves the machine (docs/geo.md, "Map").
   */
  mapStyleUrl?: string;
  /**
   * Beyond this many visits in the visible box the map gets grid clusters instead of visits
   * (DEFAULT_MAP_VISITS_LIMIT; not read from the environment: the journeys lower it).
   */
  mapVisitsLimit: number;
  /** Where uploaded files live: the folder `dataDir/files` (default) or an S3-compatible bucket. */
  fileStorage: FileStorageConfig;
}

/** An S3-compatible bucket (files/s3-storage.ts); see the README's configuration table. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Another service than AWS S3 (MinIO, R2, Spaces...); unset: AWS's own endpoint. */
  endpoint?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
  /** Prepended to every key: '' or a folder ending in '/'. */
  prefix: string;
  /** Unset: the AWS SDK's own chain (profile, web identity, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export type FileStorageConfig =
  { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageConfig);

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** A city block or two: GPS error in a built-up street plus a large store's car park. */
export const DEFAULT_GEOFENCE_METERS = 200;

/** Visits the map draws one by one; beyond, the server clusters them (docs/geo.md, "Map"). */
export const DEFAULT_MAP_VISITS_LIMIT = 2000;

/** OWASP Password Storage Cheat Sheet, argon2id: m=19 MiB, t=2, p=1. */
export const DEFAULT_PASSWORD_HASHING: PasswordHashingConfig = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * packages/server: this file lives in src/, and the start-up bundle (scripts/start.mjs) in dist/,
 * both one level below it, so every path of the server is resolved from here.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The monorepo root (this file lives in packages/server/src). */
export const repoRoot = path.resolve(serverRoot, '..', '..');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Typed readers of environment variables. Each reader returns the fallback when a value is
 * missing or wrong and adds a problem for a wrong one, so every problem is reported at once.
 */
function envReader(env: Env) {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const flag = (raw: string): boolean | undefined => {
    const lower = raw.toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
    if (['0', 'false', 'no', 'off'].includes(lower)) return false;
    return undefined;
  };
  return {
    problems,
    read,
    integer(name: string, fallback: number, min: number, max: number): number {
      const raw = read(name);
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max) {
        problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
        return fallback;
      }
      return value;
    },
    boolean(name: string, fallback: boolean): boolean {
      const raw = read(name);
      if (raw === undefined) return fallback;
      const value = flag(raw);
      if (value === undefined)
        problems.push(`${name} must be true or false (got "${raw.toLowerCase()}")`);
      return value ?? fallback;
    },
    url(name: string, protocols: string[]): string | undefined {
      const raw = read(name);
      if (raw === undefined) return undefined;
      try {
        const parsed = new URL(raw);
        if (!protocols.includes(parsed.protocol)) {
          problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
        }
      } catch {
        problems.push(`${name} is not a valid URL`);
      }
      return raw;
    },
    trustProxy(): Config['trustProxy'] {
      const raw = read('TRUST_PROXY');
      if (raw === undefined) return false;
      const value = flag(raw);
      if (value !== undefined) return value;
      if (/^hops:\d+$/i.test(raw)) return Number(raw.slice(5));
      const entries = raw.split(',').map((entry) => entry.trim());
      const address = /^(?:[0-9.]+|[0-9a-f:]+|loopback|linklocal|uniquelocal)(?:\/\d{1,3})?$/i;
      if (entries.every((entry) => address.test(entry))) return entries;
      problems.push(
        `TRUST_PROXY must be true, false, hops:<n> or a comma-separated list of addresses/CIDRs (got "${raw}")`,
      );
      return false;
    },
  };
}

type EnvReader = ReturnType<typeof envReader>;

/**
 * FILE_STORAGE (`local` or `s3`; default `s3` when S3_BUCKET is set) and the bucket's settings,
 * named as the AWS SDK names them (AWS_REGION, AWS_ENDPOINT_URL_S3, AWS_ACCESS_KEY_ID...).
 */
function readFileStorage(reader: EnvReader, dataDir: string): FileStorageConfig {
  const { read, problems, boolean, url } = reader;
  const bucket = read('S3_BUCKET');
  const kind = read('FILE_STORAGE')?.toLowerCase() ?? (bucket ? 's3' : 'local');
  if (kind !== 'local' && kind !== 's3') {
    problems.push(`FILE_STORAGE must be local or s3 (got "${kind}")`);
  }
  if (kind !== 's3') return { kind: 'local', root: path.join(dataDir, 'files') };
  if (!bucket) problems.push('S3_BUCKET is required when FILE_STORAGE is s3');
  const endpoint = read('AWS_ENDPOINT_URL_S3')
    ? url('AWS_ENDPOINT_URL_S3', ['http:', 'https:'])
    : url('S3_ENDPOINT', ['http:', 'https:']);
  const prefix = (read('S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '' && !/^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/.test(prefix)) {
    problems.push('S3_PREFIX may only have letters, digits, "-", "_" and "/"');
  }
  const accessKeyId = read('AWS_ACCESS_KEY_ID');
  const secretAccessKey = read('AWS_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  }
  const sessionToken = read('AWS_SESSION_TOKEN');
  return {
    kind: 's3',
    bucket: bucket ?? '',
    region: read('AWS_REGION') ?? read('AWS_DEFAULT_REGION') ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: boolean('S3_FORCE_PATH_STYLE', endpoint !== undefined),
    prefix: prefix === '' ? '' : `${prefix}/`,
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
  };
}

/** The first administrator, the log level and a JWT secret given by the environment. */
function readIdentity({ read, problems }: EnvReader) {
  const adminEmail = (read('ADMIN_EMAIL') ?? 'admin@anaquel.mx').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    problems.push('ADMIN_EMAIL must be an e-mail address');
  }
  const adminPassword = read('ADMIN_PASSWORD') ?? 'Anaquel#2026';
  if (adminPassword.length < 8) problems.push('ADMIN_PASSWORD must have at least 8 characters');

  const logLevel = (read('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

  const jwtSecret = read('JWT_SECRET') ?? '';
  if (jwtSecret !== '' && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must have at least 32 characters');
  }
  return { adminEmail, adminPassword, logLevel, jwtSecret };
}

/**
 * Reads and validates the configuration. This module is the only reader of `process.env`;
 * pass another object to build a configuration without touching the environment (tests).
 */
export function loadConfig(env: Env = process.env): Config {
  const reader = envReader(env);
  const { read, integer, boolean, url, problems } = reader;
  const port = integer('PORT', 3000, 1, 65535);
  const dataDir = path.resolve(read('DATA_DIR') ?? path.join(repoRoot, 'data'));
  const appUrl = (url('APP_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );

  const config: Config = {
    port,
    host: read('HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read('MAIL_FROM') ?? 'Anaquel <no-reply@anaquel.mx>',
    appUrl,
    ...readIdentity(reader),
    cookieSecure: boolean('COOKIE_SECURE', appUrl.startsWith('https:')),
    trustProxy: reader.trustProxy(),
    bodyLimit: integer('BODY_LIMIT', 1024 * 1024, 1024, 100 * 1024 * 1024),
    uploadLimit: integer('UPLOAD_LIMIT', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    importLimit: integer('IMPORT_LIMIT', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    passwordHashing: DEFAULT_PASSWORD_HASHING,
    authRateLimits: DEFAULT_AUTH_RATE_LIMITS,
    syncLimits: DEFAULT_SYNC_LIMITS,
    appDistDir: path.resolve(
      read('APP_DIST_DIR') ?? path.join(repoRoot, 'packages', 'app', 'dist'),
    ),
    demoData: boolean('DEMO_DATA', true),
    geofenceMeters: integer('GEOFENCE_METERS', DEFAULT_GEOFENCE_METERS, 1, 1_000_000),
    mapStyleUrl: url('MAP_STYLE_URL', ['http:', 'https:']),
    mapVisitsLimit: DEFAULT_MAP_VISITS_LIMIT,
    fileStorage: readFileStorage(reader, dataDir),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  if (config.jwtSecret === '') config.jwtSecret = persistentJwtSecret(dataDir);
  return config;
}

/** A JWT secret generated on first start and kept in `dataDir/jwt-secret`, so restarts keep sessions. */
function persistentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** TEST_DATABASE_URL: when set, the test suite runs on that PostgreSQL server (one database per file). */
export function readTestDatabaseUrl(env: Env = process.env): string | undefined {
  const value = env.TEST_DATABASE_URL?.trim();
  return value ? value : undefined;
}
