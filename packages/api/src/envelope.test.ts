import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError } from './api-error';
import { resetAccessTokenStore, setAccessToken } from './auth-token';
import { createApiClient } from './client';
import { unwrap, unwrapBlob } from './envelope';
import { TEST_BASE_URL, createMockFetch, failure, jsonResponse, ok } from './test/mock-fetch';
import type { Permission } from './types';

const PERMISSION: Permission = {
  id: 5,
  code: 'VIEW_BRANDS',
  group: 'Productos/Marcas',
  clientPolicy: 'VIEW',
  description: 'Ver marcas',
};

function clientAnswering(answer: () => Response | Promise<Response>) {
  const mock = createMockFetch(answer);
  return { client: createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch }), mock };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => resetAccessTokenStore());
afterEach(() => resetAccessTokenStore());

describe('request conventions (spec 1 §7)', () => {
  it('sends Accept: application/json and cookies, under the versioned base path', async () => {
    const { client, mock } = clientAnswering(() => ok([PERMISSION]));
    await unwrap(client.GET('/permissions'));
    const [call] = mock.calls;
    expect(call?.path).toBe('/permissions');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.credentials).toBe('include');
  });

  it('attaches the bearer token only once one is stored', async () => {
    const { client, mock } = clientAnswering(() => ok([PERMISSION]));
    await unwrap(client.GET('/permissions'));
    setAccessToken('token-1');
    await unwrap(client.GET('/permissions'));
    expect(mock.calls.map((call) => call.authorization)).toEqual([null, 'Bearer token-1']);
  });
});

describe('unwrap', () => {
  it('returns the data of a success envelope, typed from the contract', async () => {
    const { client } = clientAnswering(() => ok([PERMISSION]));
    const permissions = await unwrap(client.GET('/permissions'));
    expectTypeOf(permissions).toEqualTypeOf<Permission[]>();
    expect(permissions).toEqual([PERMISSION]);
  });

  it('keeps an empty list: only missing data is empty', async () => {
    const { client } = clientAnswering(() => ok([]));
    await expect(unwrap(client.GET('/permissions'))).resolves.toEqual([]);
  });

  it.each([
    ['null data', () => jsonResponse(200, { success: true, data: null })],
    ['no data field', () => jsonResponse(200, { success: true })],
    ['an empty body', () => new Response(null, { status: 200 })],
  ])("throws 'Empty response data' for %s", async (_case, answer) => {
    const { client } = clientAnswering(answer);
    const error = await caught(unwrap(client.GET('/permissions')));
    expect(error.message).toBe('Empty response data');
    expect(error.errorMessage).toBe('Empty response data');
    expect(error.errorCode).toBe('EMPTY_RESPONSE');
  });

  it('normalises a failure envelope, grouping validation messages by field', async () => {
    const { client } = clientAnswering(() =>
      failure(400, 'VALIDATION_ERROR', 'La solicitud contiene datos inválidos.', [
        { field: 'newPassword', message: 'Debe tener al menos 8 caracteres.' },
        { field: 'newPassword', message: 'Debe contener al menos un dígito.' },
        { field: 'currentPassword', message: 'La contraseña actual es requerida.' },
      ]),
    );
    const error = await caught(
      unwrap(
        client.POST('/auth/change-password', {
          body: { currentPassword: '', newPassword: 'abc' },
        }),
      ),
    );
    expect(error.statusCode).toBe(400);
    expect(error.errorCode).toBe('VALIDATION_ERROR');
    expect(error.errorMessage).toBe('La solicitud contiene datos inválidos.');
    expect(error.validationErrors).toHaveLength(3);
    expect(error.fieldErrors).toEqual({
      newPassword: ['Debe tener al menos 8 caracteres.', 'Debe contener al menos un dígito.'],
      currentPassword: ['La contraseña actual es requerida.'],
    });
  });

  it('raises success: false even on a 200', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse(200, {
        success: false,
        statusCode: 422,
        errorCode: 'BUSINESS_RULE',
        errorMessage: 'No se puede.',
        validationErrors: [],
      }),
    );
    const error = await caught(unwrap(client.GET('/permissions')));
    expect([error.statusCode, error.errorCode, error.errorMessage]).toEqual([
      422,
      'BUSINESS_RULE',
      'No se puede.',
    ]);
  });

  it('normalises a non-JSON failure body with the HTTP status and the raw text', async () => {
    const { client } = clientAnswering(
      () => new Response('<h1>502 Bad Gateway</h1>', { status: 502 }),
    );
    const error = await caught(unwrap(client.GET('/permissions')));
    expect(error.statusCode).toBe(502);
    expect(error.errorCode).toBe('HTTP_502');
    expect(error.errorMessage).toBe('<h1>502 Bad Gateway</h1>');
    expect(error.fieldErrors).toEqual({});
  });

  it('turns a 2xx answer that is not the envelope into INVALID_RESPONSE', async () => {
    const { client } = clientAnswering(() => jsonResponse(200, [PERMISSION]));
    const error = await caught(unwrap(client.GET('/permissions')));
    expect(error.errorCode).toBe('INVALID_RESPONSE');
    expect(error.errorMessage).toBe('La respuesta del servidor no es válida.');
  });

  it('turns a 2xx HTML page into INVALID_RESPONSE instead of a SyntaxError', async () => {
    const { client } = clientAnswering(
      () =>
        new Response('<!doctype html><title>Anaquel</title>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await caught(unwrap(client.GET('/permissions')));
    expect(error.errorCode).toBe('INVALID_RESPONSE');
  });

  it('turns an unreachable server into statusCode 0 with a Spanish message', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('fetch failed')));
    const error = await caught(unwrap(client.GET('/permissions')));
    expect(error.statusCode).toBe(0);
    expect(error.errorCode).toBe('NETWORK_ERROR');
    expect(error.errorMessage).toBe(
      'No se pudo conectar con el servidor. Verifica tu conexión e intenta nuevamente.',
    );
  });
});

describe('unwrap: odd shapes of a 2xx answer', () => {
  const ok200 = () => new Response(null, { status: 200 });
  it.each([
    ['no data at all', undefined, 'EMPTY_RESPONSE'],
    ['a JSON null', null, 'EMPTY_RESPONSE'],
    ['a list instead of the envelope', [1, 2], 'INVALID_RESPONSE'],
    ['a number', 7, 'INVALID_RESPONSE'],
    ['an envelope without success', { data: 5 }, 'INVALID_RESPONSE'],
    ["success: 'true' as text", { success: 'true', data: 5 }, 'INVALID_RESPONSE'],
    ['success: true without data', { success: true }, 'EMPTY_RESPONSE'],
    ['success: true with data null', { success: true, data: null }, 'EMPTY_RESPONSE'],
  ])('%s is %s', async (_case, data, errorCode) => {
    const error = await caught(unwrap({ data, response: ok200() }));
    expect(error.errorCode).toBe(errorCode);
    expect(error.statusCode).toBe(200);
  });

  it('keeps falsy data that is not missing (0, false, an empty text)', async () => {
    for (const value of [0, false, '']) {
      await expect(
        unwrap({ data: { success: true, data: value }, response: ok200() }),
      ).resolves.toBe(value);
    }
  });
});

describe('unwrapBlob: a 2xx answer without bytes', () => {
  it.each([
    ['no data', undefined],
    ['a text', 'PNG'],
    ['an object', { size: 3 }],
  ])('%s is EMPTY_RESPONSE', async (_case, data) => {
    const error = await caught(unwrapBlob({ data, response: new Response(null, { status: 200 }) }));
    expect(error.errorCode).toBe('EMPTY_RESPONSE');
  });
});

describe('unwrapBlob (binary downloads, spec 1 §8)', () => {
  it('returns the bytes without touching the JSON envelope', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const { client } = clientAnswering(
      () => new Response(bytes, { status: 200, headers: { 'Content-Type': 'image/png' } }),
    );
    const blob = await unwrapBlob(
      client.GET('/files/{fileId}', {
        params: { path: { fileId: '3f0e8c5e-1d2b-4a6f-9c1e-7b2d4f6a8e90' } },
        parseAs: 'blob',
      }),
    );
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    [
      'errorMessage of the envelope',
      () => failure(404, 'NOT_FOUND', 'El archivo no existe.'),
      404,
      'El archivo no existe.',
    ],
    [
      'message of another JSON body',
      () => jsonResponse(500, { message: 'Falló la exportación' }),
      500,
      'Falló la exportación',
    ],
    [
      'the raw text',
      () => new Response('Servicio no disponible', { status: 503 }),
      503,
      'Servicio no disponible',
    ],
  ])('reads a failed download as text and takes the %s', async (_case, answer, status, message) => {
    const { client } = clientAnswering(answer);
    const error = await caught(
      unwrapBlob(
        client.GET('/files/{fileId}', { params: { path: { fileId: 'x' } }, parseAs: 'blob' }),
      ),
    );
    expect(error.statusCode).toBe(status);
    expect(error.errorMessage).toBe(message);
  });
});
