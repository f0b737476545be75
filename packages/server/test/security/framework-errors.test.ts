import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { listOperations } from '../../src/http/contract.ts';
import { toErrorEnvelope } from '../../src/http/error-handler.ts';
import { responseAjv } from '../../src/http/validation.ts';
import { createTestApp, expectErrorEnvelope, expectFailure, type TestApp } from '../helpers.ts';
import { apiAs, type Api } from '../master/fixtures.ts';

// Router and HTTP-parser failures answer the same envelope as everything else, with a status
// the contract declares and Spanish messages, and never echo the request (issue 8).

let t: TestApp;
let api: Api;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  api = await apiAs(t.app, t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

const responseAjvEnvelope = (body: unknown) =>
  responseAjv.getSchema('https://anaquel.mx/contract/schemas/ErrorEnvelope')!(body);

/** Sends raw bytes and returns everything the server wrote before closing (or a pause). */
function rawHttp(request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => resolve(Buffer.concat(chunks).toString('utf8'));
    socket.setTimeout(3000, () => {
      socket.destroy();
      finish();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', reject);
    socket.write(request);
  });
}

/** The status lines and JSON bodies of the HTTP answers in a raw stream. */
function answersOf(raw: string): { status: number; body: unknown }[] {
  const answers: { status: number; body: unknown }[] = [];
  const pattern = /HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(raw))) {
    const length = Number(/content-length: (\d+)/i.exec(match[2]!)?.[1] ?? 0);
    const start = pattern.lastIndex;
    const body = raw.slice(start, start + length);
    pattern.lastIndex = start + length;
    answers.push({ status: Number(match[1]), body: JSON.parse(body) as unknown });
  }
  return answers;
}

describe('router errors', () => {
  it('a `%` in the path answers the 400 envelope without echoing the path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/brands/%zz-secreto' });
    const body = expectErrorEnvelope(response, 400);
    expect(body.errorCode).toBe('BAD_URL');
    expect(body.errorMessage).toBe('La dirección de la solicitud no es válida.');
    expect(response.body).not.toContain('secreto');
  });

  it('a path parameter over 100 characters is validated by its operation (Spanish 400)', async () => {
    const body = expectFailure(await api.get(`brands/${'9'.repeat(150)}`), 'getBrand', 400);
    expect(body.validationErrors).toEqual([
      { field: 'id', message: 'Debe ser menor o igual a 2147483647.' },
    ]);
    const file = expectFailure(
      await t.app.inject({ method: 'GET', url: `/api/v1/files/${'a'.repeat(200)}` }),
      'getFile',
      400,
    );
    expect(file.validationErrors).toEqual([
      { field: 'fileId', message: 'Debe ser un identificador (UUID) válido.' },
    ]);
  });

  it('a path parameter over the router limit answers the 400 envelope, not 414', async () => {
    const response = await api.get(`brands/${'1'.repeat(600)}`);
    const body = expectErrorEnvelope(response, 400);
    expect(body.errorCode).toBe('PARAM_TOO_LONG');
    expect(body.errorMessage).toBe(
      'Un parámetro de la dirección excede la longitud máxima permitida (500 caracteres).',
    );
  });

  it('an unsupported media type answers the 400 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'text/xml' },
      payload: '<brand/>',
    });
    expect(expectFailure(response, 'createBrand', 400).errorMessage).toMatch(
      /^El tipo de contenido no es compatible/,
    );
  });
});

describe('HTTP parser errors (real sockets)', () => {
  it('an oversized cookie answers the 400 envelope (not a bare 431)', async () => {
    const raw = await rawHttp(
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nCookie: a=${'x'.repeat(40_000)}\r\n\r\n`,
    );
    const answers = answersOf(raw);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(400);
    expect(responseAjvEnvelope(answers[0]!.body)).toBe(true);
    expect(answers[0]!.body).toMatchObject({
      success: false,
      statusCode: 400,
      errorCode: 'HEADERS_TOO_LARGE',
      errorMessage:
        'Los encabezados de la solicitud son demasiado grandes (por ejemplo, demasiadas cookies).',
    });
  });

  it('a Content-Length shorter than the body: every answer is the envelope', async () => {
    const json = JSON.stringify({ username: 'admin@anaquel.mx', password: 'x' });
    const raw = await rawHttp(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n${json}`,
    );
    const answers = answersOf(raw);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(responseAjvEnvelope(answer.body), JSON.stringify(answer.body)).toBe(true);
    }
  });

  it('garbage instead of HTTP answers the 400 envelope', async () => {
    const answers = answersOf(await rawHttp('NOT HTTP AT ALL\r\n\r\n'));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.body).toMatchObject({ statusCode: 400, errorCode: 'MALFORMED_REQUEST' });
  });

  it('the server still answers afterwards', async () => {
    const answers = answersOf(
      await rawHttp('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(answers[0]!.status).toBe(200);
  });
});

describe('the contract', () => {
  it('every operation declares 400 and 500, the statuses of framework-level failures', () => {
    const missing = listOperations()
      .filter((op) => !op.operation.responses['400'] || !op.operation.responses['500'])
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
  });
});

describe('other plugins', () => {
  it('a body over the limit answers 400 (Fastify says 413, the contract says 400)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
      payload: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(expectFailure(response, 'createBrand', 400).errorMessage).toMatch(
      /^El cuerpo de la solicitud excede el tamaño máximo permitido/,
    );
  });

  it('a 4xx status no operation declares becomes 400 with its code; declared ones stay', () => {
    const request = { log: t.app.log } as unknown as FastifyRequest;
    const limits = { bodyLimit: 1024, uploadLimit: 1024 };
    const as = (statusCode: number) =>
      toErrorEnvelope(
        Object.assign(new Error('x'), { statusCode, code: 'FST_SOMETHING' }),
        request,
        limits,
      );
    expect(as(415)).toMatchObject({ statusCode: 400, errorCode: 'FST_SOMETHING' });
    expect(as(406)).toMatchObject({ statusCode: 400 });
    expect(as(429)).toMatchObject({ statusCode: 429 });
    expect(as(404)).toMatchObject({ statusCode: 404 });
  });
});
