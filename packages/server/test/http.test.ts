import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveImage } from '../src/files/images.ts';
import sharp from 'sharp';
import { PNG_1X1 } from './fixtures.ts';
import {
  createTestApp,
  expectErrorEnvelope,
  expectFailure,
  expectSuccess,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'error' }, stream) });
  // A route that fails unexpectedly, to see what a 500 looks like.
  t.app.get('/api/v1/test-failure', async () => {
    throw new Error('connection to 10.0.0.7:5432 refused; password=secreto');
  });
});
afterAll(async () => {
  await t?.close();
});

const login = (payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('request validation (400 with Spanish validationErrors)', () => {
  it('refuses malformed JSON', async () => {
    const error = expectFailure(await login('{"username": "admin@anaquel.mx",'), 'login', 400);
    expect(error.errorCode).toBe('VALIDATION_ERROR');
    expect(error.errorMessage).toBe('El cuerpo de la solicitud no es un JSON válido.');
    expect(error.validationErrors).toEqual([
      { field: '', message: 'El cuerpo de la solicitud no es un JSON válido.' },
    ]);
  });

  it('names every wrong, missing and unknown field', async () => {
    const error = expectFailure(
      await login({ username: 'no-es-correo', rememberMe: 'si', role: 'admin' }),
      'login',
      400,
      'VALIDATION_ERROR',
    );
    expect(error.errorMessage).toBe('La solicitud contiene datos inválidos.');
    expect(error.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'password', message: 'El campo es obligatorio.' },
        { field: 'role', message: 'No se permite el campo "role".' },
        { field: 'username', message: 'Debe ser un correo electrónico válido.' },
        { field: 'rememberMe', message: 'Debe ser de tipo booleano.' },
      ]),
    );
    expect(error.validationErrors).toHaveLength(4);
  });

  it('does not coerce JSON types', async () => {
    const error = expectFailure(
      await login({ username: 'admin@anaquel.mx', password: 12345678 }),
      'login',
      400,
    );
    expect(error.validationErrors).toEqual([
      { field: 'password', message: 'Debe ser de tipo texto.' },
    ]);
  });

  it('reports lengths', async () => {
    const error = expectFailure(
      await login({ username: 'admin@anaquel.mx', password: '' }),
      'login',
      400,
    );
    expect(error.validationErrors).toEqual([
      { field: 'password', message: 'No puede estar vacío.' },
    ]);
    const long = expectFailure(
      await login({ username: 'admin@anaquel.mx', password: 'x'.repeat(129) }),
      'login',
      400,
    );
    expect(long.validationErrors).toEqual([
      { field: 'password', message: 'Debe tener como máximo 128 caracteres.' },
    ]);
  });

  it('requires the body and refuses a body that is not an object', async () => {
    const missing = expectFailure(
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login' }),
      'login',
      400,
    );
    expect(missing.validationErrors).toEqual([
      { field: '', message: 'El cuerpo de la solicitud es obligatorio.' },
    ]);
    const array = expectFailure(await login('[1, 2]'), 'login', 400);
    expect(array.validationErrors).toEqual([
      { field: '', message: 'El cuerpo de la solicitud debe ser un objeto JSON.' },
    ]);
  });

  it('refuses other content types', async () => {
    const error = expectFailure(
      await login('username=admin@anaquel.mx&password=x', { 'content-type': 'text/plain' }),
      'login',
      400,
    );
    expect(error.errorMessage).toMatch(/^El tipo de contenido no es compatible/);
  });

  it('refuses a body over the limit', async () => {
    const huge = JSON.stringify({
      username: 'admin@anaquel.mx',
      password: 'x'.repeat(t.config.bodyLimit + 10),
    });
    const error = expectFailure(await login(huge), 'login', 400);
    expect(error.errorMessage).toBe(
      'El cuerpo de la solicitud excede el tamaño máximo permitido (1 MB).',
    );
  });

  it('refuses prototype pollution', async () => {
    const error = expectFailure(
      await login('{"username":"a@b.mx","password":"x","__proto__":{"admin":true}}'),
      'login',
      400,
    );
    expect(error.validationErrors.length).toBeGreaterThan(0);
  });

  it('validates path parameters', async () => {
    const error = expectFailure(
      await t.app.inject({ method: 'GET', url: '/api/v1/files/no-es-uuid' }),
      'getFile',
      400,
      'VALIDATION_ERROR',
    );
    expect(error.validationErrors).toEqual([
      { field: 'fileId', message: 'Debe ser un identificador (UUID) válido.' },
    ]);
  });
});

describe('routing', () => {
  it('matches paths case-insensitively', async () => {
    expectSuccess(await t.app.inject({ method: 'GET', url: '/API/V1/HEALTH' }), 'getHealth');
    expectSuccess(
      await t.app.inject({
        method: 'POST',
        url: '/Api/V1/Auth/Send-Reset-Email',
        payload: { email: 'alguien@anaquel.mx' },
      }),
      'sendResetEmail',
    );
  });

  it('answers unknown /api routes with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/no-existe'],
      ['POST', '/api/v1/auth/no-existe'],
      ['DELETE', '/api/v1/health'],
      ['GET', '/api'],
    ] as const) {
      const error = expectErrorEnvelope(await t.app.inject({ method, url }), 404);
      expect(error.errorCode).toBe('NOT_FOUND');
      expect(error.errorMessage).toBe('La ruta solicitada no existe.');
    }
  });

  it('answers 500 without internals and logs the error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test-failure' });
    const error = expectErrorEnvelope(response, 500);
    expect(error).toEqual({
      success: false,
      statusCode: 500,
      errorCode: 'INTERNAL_ERROR',
      errorMessage: 'Error interno del servidor.',
      validationErrors: [],
    });
    expect(response.body).not.toContain('secreto');
    expect(response.body).not.toContain('10.0.0.7');
    const logged = logLines.map(
      (l) => JSON.parse(l) as { level: number; err?: { message: string } },
    );
    expect(logged.some((l) => l.level === 50 && l.err?.message.includes('10.0.0.7'))).toBe(true);
  });

  it('streams a file without logging any error', async () => {
    const before = logLines.length;
    const id = await saveImage(t.db, t.app.services.storage, PNG_1X1);
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/files/${id}` });
    expect(response.statusCode).toBe(200);
    // Re-encoded at upload: the same single pixel, not necessarily the same bytes.
    const [sent, stored] = await Promise.all(
      [PNG_1X1, response.rawPayload].map((b) => sharp(b).raw().toBuffer()),
    );
    expect(stored!.equals(sent!)).toBe(true);
    // The handler's promise settles after the last byte is sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logLines.slice(before)).toEqual([]);
  });

  it('does not log credentials', async () => {
    await login(
      { username: 'admin@anaquel.mx', password: 'Anaquel#2026' },
      { authorization: 'Bearer abc' },
    );
    expect(logLines.join('\n')).not.toContain('Anaquel#2026');
  });

  it('serves the API reference at /api/docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toMatchObject({ info: { title: 'Anaquel API' } });
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the built app', () => {
  let withApp: TestApp;
  beforeAll(async () => {
    const dist = path.join(t.config.dataDir, 'fake-dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Anaquel</title>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    withApp = await createTestApp({ config: { appDistDir: dist } });
  });
  afterAll(async () => {
    await withApp?.close();
  });

  it('serves index.html for client routes and assets with long caching', async () => {
    for (const url of [
      '/',
      '/login',
      '/users',
      '/checkins/12/surveys',
      '/reset-password?token=x',
    ]) {
      const response = await withApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Anaquel</title>');
    }
    const asset = await withApp.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not answer index.html for /api routes or missing files', async () => {
    expectErrorEnvelope(await withApp.app.inject({ method: 'GET', url: '/api/v1/nada' }), 404);
    expectErrorEnvelope(
      await withApp.app.inject({ method: 'GET', url: '/assets/missing.js' }),
      404,
    );
    expectErrorEnvelope(await withApp.app.inject({ method: 'POST', url: '/login' }), 404);
  });
});
