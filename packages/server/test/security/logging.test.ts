import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { loggerOptions, redactUrl, serializeError } from '../../src/http/logging.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { createTestApp, TEST_PASSWORD_HASHING, type TestApp } from '../helpers.ts';

// No secret reaches the log: query values, credentials, tokens, cookies, password hashes and
// database parameters are redacted (issue 8).

let t: TestApp;
const logLines: string[] = [];
const logged = () => logLines.join('\n');

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await createTestApp({ logger: pino(loggerOptions('info'), stream) });
  // A route whose database write fails in an unexpected way (not a mapped 409): the insert
  // of a user whose name is too long for its column.
  t.app.post('/api/v1/test-failing-insert', async () => {
    await t.db.insert(users).values({
      name: 'N'.repeat(300),
      lastName: 'Apellido',
      dateOfBirth: '1990-01-01',
      email: 'filtrado@secreto.mx',
      passwordHash: await hashPassword('Secreta#2026', TEST_PASSWORD_HASHING),
      profileId: 1,
      isActive: true,
    });
    return { ok: true };
  });
});

afterAll(async () => {
  await t?.close();
});

describe('the server log', () => {
  it('a failed user insert logs neither the argon2 hash nor the e-mail', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/test-failing-insert' });
    expect(response.statusCode).toBe(500);
    const text = logged();
    expect(text).toContain('unhandled error');
    expect(text).toContain('22001'); // the PostgreSQL code stays, to diagnose
    expect(text).not.toContain('$argon2id$');
    expect(text).not.toContain('filtrado@secreto.mx');
    expect(response.body).not.toContain('filtrado');
  });

  it('query values, bearer tokens and cookies are not logged', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/brands/paged?Filter=correo.privado@x.mx&token=abc.def.ghi',
      headers: {
        authorization: 'Bearer eyJ.secreto.token',
        cookie: 'anaquel_refresh=refresco-secreto',
      },
    });
    const text = logged();
    expect(text).toContain('/api/v1/brands/paged?Filter=[redacted]&token=[redacted]');
    for (const secret of [
      'correo.privado',
      'abc.def.ghi',
      'eyJ.secreto.token',
      'refresco-secreto',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('sign-in passwords are not logged, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logger = pino(loggerOptions('trace'), stream);
    logger.info({ body: { username: 'a@b.mx', password: 'Clave#Secreta1' } }, 'x');
    logger.info(
      { user: { passwordHash: '$argon2id$v=19$m=1' }, session: { refreshToken: 'rt-1' } },
      'y',
    );
    const text = lines.join('\n');
    expect(text).not.toContain('Clave#Secreta1');
    expect(text).not.toContain('$argon2id$');
    expect(text).not.toContain('rt-1');
  });
});

describe('helpers', () => {
  it('redactUrl keeps the names of the query parameters only', () => {
    expect(redactUrl('/api/v1/x')).toBe('/api/v1/x');
    expect(redactUrl('/a?b=1&c&d=%00')).toBe('/a?b=[redacted]&c=[redacted]&d=[redacted]');
  });

  it('serializeError drops drizzle params and the values of PostgreSQL details', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        constraint: 'users_email_key',
        detail: 'Key (lower(email))=(ana@x.mx) already exists.',
      },
    );
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" values ($1, $2)\nparams: ana@x.mx,$argon2id$v=19$abc',
      ),
      {
        query: 'insert into "users" values ($1, $2)',
        params: ['ana@x.mx', '$argon2id$v=19$abc'],
        cause,
      },
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('ana@x.mx');
    expect(text).not.toContain('argon2id');
    expect(text).toContain('users_email_key');
    expect(text).toContain('23505');
  });
});
