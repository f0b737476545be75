import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ALL_PERMISSION_CODES, type PermissionCode } from '../../src/auth/permission-catalogue.ts';
import type { Db } from '../../src/db/client.ts';
import type { OperationId } from '../../src/http/contract.ts';
import { bearer, expectSuccess, tokenFor } from '../helpers.ts';

// Shared helpers of the master-data tests: a signed-in administrator and request shortcuts.

export interface Api {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  token: string;
}

/**
 * Requests under /api/v1 with the bearer token of a user holding `codes`; by default every
 * permission, as an administrator (nobody grants what they do not hold: docs/decisions.md).
 */
export async function apiAs(
  app: FastifyInstance,
  db: Db,
  codes: readonly PermissionCode[] = ALL_PERMISSION_CODES,
): Promise<Api> {
  const token = await tokenFor(app, db, codes);
  const headers = bearer(token);
  return {
    token,
    get: (url) => app.inject({ method: 'GET', url: `/api/v1/${url}`, headers }),
    post: (url, payload) =>
      app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload: payload as object }),
    put: (url, payload) =>
      app.inject({ method: 'PUT', url: `/api/v1/${url}`, headers, payload: payload as object }),
    delete: (url) => app.inject({ method: 'DELETE', url: `/api/v1/${url}`, headers }),
  };
}

/** Creates a record through the API and returns its id (the answer is checked against the contract). */
export async function create(
  api: Api,
  url: string,
  operationId: OperationId,
  payload: unknown,
): Promise<number> {
  const response = await api.post(url, payload);
  const data = expectSuccess(response, operationId, 201) as { id: number };
  expect(data.id).toBeGreaterThan(0);
  return data.id;
}

/** A minimal valid PNG (1x1, RGBA), built byte by byte with correct CRCs. */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buffer: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of buffer) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  // zlib stream of one scanline: filter byte 0 + 4 bytes of pixel (stored block).
  const raw = Buffer.from([0, 0x2e, 0x7d, 0x32, 0xff]);
  const adler = (() => {
    let a = 1;
    let b = 0;
    for (const byte of raw) {
      a = (a + byte) % 65521;
      b = (b + a) % 65521;
    }
    const out = Buffer.alloc(4);
    out.writeUInt32BE(((b << 16) | a) >>> 0);
    return out;
  })();
  const stored = Buffer.concat([
    Buffer.from([0x78, 0x01, 0x01, raw.length, 0x00, ~raw.length & 0xff, 0xff]),
    raw,
    adler,
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', stored),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body; arrays are written as `name[index]` parts (spec 1 §7). */
export function multipart(
  fields: Record<string, string | number | boolean | null | undefined | (string | number)[]>,
  files: FormPart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----anaquel${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  const add = (name: string, value: string | Buffer, filename?: string, contentType?: string) => {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
    if (filename !== undefined) head += `; filename="${filename}"`;
    head += '\r\n';
    if (contentType) head += `Content-Type: ${contentType}\r\n`;
    parts.push(Buffer.from(`${head}\r\n`), Buffer.from(value), Buffer.from('\r\n'));
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      value.forEach((item, index) => add(`${name}[${index}]`, String(item)));
    else add(name, value === null ? '' : String(value));
  }
  for (const file of files)
    add(file.name, file.value, file.filename ?? 'archivo', file.contentType);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
