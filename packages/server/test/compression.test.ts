// Compression (issue 14): the built app's files are sent as compressed once at build time
// (`.br`/`.gz` beside each file, @fastify/static `preCompressed`), JSON answers of 1 KB or more
// are compressed per request (@fastify/compress), and a streamed download is never compressed
// nor buffered.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from './helpers.ts';

const INDEX_HTML = `<!doctype html><html lang="es"><head><title>Anaquel</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>`;
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Texto número ${i}`))};\n`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let dist: string;
let exportStream: PassThrough | undefined;

beforeAll(async () => {
  // A build as packages/app/build/precompress.ts leaves it: identity file, .br and .gz beside.
  dist = await mkdtemp(path.join(tmpdir(), 'anaquel-dist-'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  for (const [name, body] of [
    ['index.html', INDEX_HTML],
    ['assets/index-abc123.js', SCRIPT],
  ] as const) {
    const file = path.join(dist, name);
    await writeFile(file, body);
    await writeFile(`${file}.br`, brotliCompressSync(body));
    await writeFile(`${file}.gz`, gzipSync(body));
  }
  // No compressed copies: sent as it is, whatever the client accepts.
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  t = await createTestApp({ config: { appDistDir: dist } });
  // A streamed download like the Excel export: the test controls when it ends.
  t.app.get('/api/v1/test-stream', (_request, reply) => {
    exportStream = new PassThrough();
    exportStream.write('PK-first-part-');
    return reply.type(XLSX).send(exportStream);
  });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built app', () => {
  it('sends the brotli copy to a client that accepts br, with Vary and immutable caching', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client without brotli', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the identity bytes without Accept-Encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('never lets index.html or a client route be cached stale, compressed or not', async () => {
    for (const url of ['/', '/login', '/users/7', '/index.html']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX_HTML);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<svg');
  });
});

describe('JSON answers', () => {
  it('compresses a JSON answer above 1 KB for the encoding the client accepts', async () => {
    const token = await tokenFor(t.app, t.db, []);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/permissions',
      headers: bearer(token),
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/v1/permissions',
      headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/v1/permissions',
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small JSON answer alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('a streamed download', () => {
  it('is neither compressed nor buffered: its first bytes arrive before it ends', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const received = await new Promise<{ headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/v1/test-stream',
            headers: { 'accept-encoding': 'br, gzip' },
          },
          (response) => {
            let body = '';
            response.setEncoding('latin1');
            response.on('data', (chunk: string) => {
              // The stream is still open: this chunk was sent as soon as it was written.
              if (body === '') exportStream!.end('last-part');
              body += chunk;
            });
            response.on('end', () => resolve({ headers: response.headers, body }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.setTimeout(10_000, () => request.destroy(new Error('the stream was buffered')));
      },
    );
    expect(received.headers['content-type']).toBe(XLSX);
    expect(received.headers['content-encoding']).toBeUndefined();
    expect(received.body).toBe('PK-first-part-last-part');
  });
});
