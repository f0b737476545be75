import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hashPassword, needsRehash, verifyPassword } from '../src/auth/passwords.ts';
import { passwordPolicyIssues } from '../src/auth/password-policy.ts';
import { files } from '../src/db/schema/index.ts';
import { ConfigError, DEFAULT_PASSWORD_HASHING, loadConfig } from '../src/env.ts';
import { AppError } from '../src/http/errors.ts';
import { compileValidator, toValidationIssues } from '../src/http/validation.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  contract,
  listOperations,
  parametersSchema,
  requestBodySchema,
} from '../src/http/contract.ts';
import sharp from 'sharp';
import { deleteFile, detectImageType, saveImage, thumbnailKeyOf } from '../src/files/images.ts';
import { LocalFileStorage } from '../src/files/storage.ts';
import { createTestApp, TEST_PASSWORD_HASHING, type TestApp } from './helpers.ts';
import { GIF_HEADER, JPEG_HEADER, PNG_1X1, WEBP_HEADER } from './fixtures.ts';

describe('configuration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'anaquel-config-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has the documented defaults and keeps a generated JWT secret in the data dir', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      adminEmail: 'admin@anaquel.mx',
      adminPassword: 'Anaquel#2026',
      appUrl: 'http://localhost:3000',
      cookieSecure: false,
      logLevel: 'info',
      passwordHashing: DEFAULT_PASSWORD_HASHING,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('defaults the data dir to <repo>/data', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '..', '..', '..', 'data'));
  });

  it('reports every invalid variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dir,
        PORT: 'ochenta',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'corto',
        LOG_LEVEL: 'verbose',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('makes the cookie Secure behind https', () => {
    const config = loadConfig({ DATA_DIR: dir, APP_URL: 'https://anaquel.example.mx/' });
    expect(config.cookieSecure).toBe(true);
    expect(config.appUrl).toBe('https://anaquel.example.mx');
  });
});

describe('passwords', () => {
  it('are argon2id with the configured cost', async () => {
    const hash = await hashPassword('Anaquel#2026', TEST_PASSWORD_HASHING);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'Anaquel#2026')).toBe(true);
    expect(await verifyPassword(hash, 'anaquel#2026')).toBe(false);
    expect(await verifyPassword('no-es-un-hash', 'x')).toBe(false);
    expect(needsRehash(hash, TEST_PASSWORD_HASHING)).toBe(false);
    expect(needsRehash(hash, DEFAULT_PASSWORD_HASHING)).toBe(true);
  });

  it('production parameters are OWASP argon2id (m=19456, t=2, p=1)', () => {
    expect(DEFAULT_PASSWORD_HASHING).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('policy: spec 1 §5 without, spec 2 §5 with the special character', () => {
    expect(passwordPolicyIssues('Bodega2027', 'p', { requireSpecialCharacter: false })).toEqual([]);
    expect(passwordPolicyIssues('Bodega2027', 'p', { requireSpecialCharacter: true })).toEqual([
      { field: 'p', message: 'Debe contener al menos un carácter especial (@$!%*?&#).' },
    ]);
    expect(passwordPolicyIssues('Ñandú#2027', 'p', { requireSpecialCharacter: true })).toEqual([]);
    expect(passwordPolicyIssues('bodega', 'p', { requireSpecialCharacter: false })).toEqual([
      { field: 'p', message: 'Debe tener al menos 8 caracteres.' },
      { field: 'p', message: 'Debe contener al menos una letra mayúscula.' },
      { field: 'p', message: 'Debe contener al menos un dígito.' },
    ]);
  });
});

describe('request validators', () => {
  it('every component schema of the contract is valid JSON Schema 2020-12', () => {
    const meta = new Ajv2020({ strict: false });
    const schemas = Object.entries(
      (contract.components as { schemas: Record<string, object> }).schemas,
    );
    expect(schemas.length).toBeGreaterThan(50);
    for (const [name, schema] of schemas) {
      expect(meta.validateSchema(schema), `${name}: ${meta.errorsText()}`).toBe(true);
    }
  });

  it('compile for every operation of the contract (they compile lazily, on first use)', () => {
    const operations = listOperations();
    expect(operations.length).toBeGreaterThan(80);
    for (const op of operations) {
      const schemas = [
        ['params', parametersSchema(op, 'path')],
        ['querystring', parametersSchema(op, 'query')],
        ['body', requestBodySchema(op.operationId, 'application/json')],
      ] as const;
      for (const [target, schema] of schemas) {
        if (!schema) continue;
        const validate = compileValidator(target, schema);
        expect(() => validate({}), `${op.operationId} ${target}`).not.toThrow();
      }
    }
  });
});

describe('validation messages', () => {
  const issuesFor = (schema: object, data: unknown, target: 'body' | 'querystring' = 'body') => {
    const validate = compileValidator(target, schema);
    expect(validate(data)).toBe(false);
    return toValidationIssues(validate.errors ?? [], target);
  };

  it('speak Spanish and name nested fields', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['qty'],
            properties: { qty: { type: 'integer', minimum: 1 } },
          },
        },
        kind: { enum: ['A', 'B'] },
        date: { type: 'string', format: 'date' },
      },
    };
    expect(issuesFor(schema, { items: [{ qty: 0 }, {}], kind: 'C', date: '2026-13-45' })).toEqual([
      { field: 'items[0].qty', message: 'Debe ser mayor o igual a 1.' },
      { field: 'items[1].qty', message: 'El campo es obligatorio.' },
      { field: 'kind', message: 'Debe ser uno de los valores permitidos: A, B.' },
      { field: 'date', message: 'Debe ser una fecha válida con el formato AAAA-MM-DD.' },
    ]);
    expect(issuesFor(schema, { items: [] })).toEqual([
      { field: 'items', message: 'Debe tener al menos 1 elemento.' },
    ]);
  });

  it('coerce query strings but not bodies', () => {
    const schema = {
      type: 'object',
      properties: { Page: { type: 'integer' }, Sort: { type: 'array', items: { type: 'string' } } },
    };
    const query: Record<string, unknown> = { Page: '2', Sort: '-name' };
    expect(compileValidator('querystring', schema)(query)).toBe(true);
    expect(query).toEqual({ Page: 2, Sort: ['-name'] });
    expect(issuesFor(schema, { Page: '2' })).toEqual([
      { field: 'Page', message: 'Debe ser de tipo número entero.' },
    ]);
    expect(issuesFor(schema, { Page: 'dos' }, 'querystring')).toEqual([
      { field: 'Page', message: 'Debe ser de tipo número entero.' },
    ]);
  });
});

describe('images and storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('detects the type by magic bytes', () => {
    expect(detectImageType(PNG_1X1)?.mime).toBe('image/png');
    expect(detectImageType(JPEG_HEADER)?.mime).toBe('image/jpeg');
    expect(detectImageType(GIF_HEADER)?.mime).toBe('image/gif');
    expect(detectImageType(WEBP_HEADER)?.mime).toBe('image/webp');
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('saves an image (decoded and re-encoded), records it, and deletes it with its thumbnail', async () => {
    const { storage } = t.app.services;
    const id = await saveImage(t.db, storage, PNG_1X1);
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(row).toMatchObject({ mime: 'image/png' });
    expect(row!.storageKey).toBe(`${id.slice(0, 2)}/${id}.png`);
    const stream = await storage.get(row!.storageKey);
    expect(stream).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    const stored = Buffer.concat(chunks);
    expect(row!.size).toBe(stored.length);
    // The same pixel, not necessarily the same bytes.
    const [a, b] = await Promise.all([stored, PNG_1X1].map((x) => sharp(x).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(true);
    expect(await storage.get(thumbnailKeyOf(row!.storageKey))).not.toBeNull();

    await deleteFile(t.db, storage, id);
    expect(await t.db.select().from(files).where(eq(files.id, id))).toEqual([]);
    expect(await storage.get(row!.storageKey)).toBeNull();
    expect(await storage.get(thumbnailKeyOf(row!.storageKey))).toBeNull();
  });

  it('refuses bytes that only start like an image (a JPEG header and filler)', async () => {
    await expect(saveImage(t.db, t.app.services.storage, JPEG_HEADER)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('refuses what is not an image, or too large, with a Spanish 400', async () => {
    const { storage } = t.app.services;
    const notImage = saveImage(t.db, storage, Buffer.from('MZ\x90\x00 ejecutable'), {
      field: 'profileImage',
    });
    await expect(notImage).rejects.toBeInstanceOf(AppError);
    await expect(notImage).rejects.toMatchObject({
      statusCode: 400,
      validationErrors: [
        { field: 'profileImage', message: 'El archivo debe ser una imagen JPEG, PNG, WebP o GIF.' },
      ],
    });
    await expect(saveImage(t.db, storage, PNG_1X1, { maxBytes: 10 })).rejects.toMatchObject({
      statusCode: 400,
      message: 'La imagen excede el tamaño máximo permitido (0.0 MB).',
    });
    expect(await t.db.select().from(files)).toEqual([]);
  });

  it('local storage refuses keys that escape its folder', async () => {
    const storage = new LocalFileStorage(path.join(t.config.dataDir, 'files'));
    await expect(storage.put('../fuera.txt', Buffer.from('x'))).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Invalid storage key/);
    await storage.delete('ab/no-existe.png');
  });
});
